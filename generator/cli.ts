/**
 * `rightkit-bindgen` command line: argv → the one command it names, loaded when asked for.
 * Each command parses its own options (its table in commands/options.ts) and owns its output
 * (generator/commands/); this only dispatches, answers --help and --version from the tables, and
 * turns a thrown error into its exit code.
 */
import { EXIT, exitForError, STD_IO, type Io } from "./commands/exit.js";
import { commandHelp, topLevelHelp, type CommandName } from "./commands/options.js";
import { GENERATOR_NAME, GENERATOR_VERSION } from "./version.js";

type Command = (args: readonly string[], io: Io) => Promise<number>;

// Each command's code is loaded when it is asked for: --version and --help load none of it, and
// generate and check never load the conformance host.
const COMMANDS: Readonly<Record<CommandName, Command>> = Object.freeze({
  generate: async (args, io) => (await import("./commands/generate.js")).runGenerate(args, io),
  check: async (args, io) => (await import("./commands/check.js")).runCheck(args, io),
  diff: async (args, io) => (await import("./commands/diff.js")).runDiff(args, io),
  update: async (args, io) => (await import("./commands/update.js")).runUpdate(args, io),
  host: async (args, io) => (await import("./commands/host.js")).runHostCommand([...args], io),
  introspect: async (args, io) => (await import("./commands/introspect.js")).runIntrospect(args, io),
  conform: async (args, io) => (await import("./commands/conform.js")).runConform(args, io),
  mcp: async (args, io) => (await import("./commands/mcp.js")).runMcp(args, io),
  openrpc: async (args, io) => (await import("./commands/openrpc.js")).runOpenRpc(args, io),
  mock: async (args, io) => (await import("./commands/mock.js")).runMock(args, io),
  proxy: async (args, io) => (await import("./commands/proxy.js")).runProxy(args, io),
});

/** The host answers its own --help: its table's page, then the scenarios it can play. */
const OWN_HELP: ReadonlySet<string> = new Set(["host"]);

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

export async function main(argv: readonly string[], io: Io = STD_IO): Promise<number> {
  const verbose = argv.includes("--verbose");
  const args = argv.filter((arg) => arg !== "--verbose");
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    io.out(topLevelHelp().join("\n"));
    return command === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (command === "--version" || command === "-v") {
    io.out(GENERATOR_VERSION);
    return EXIT.ok;
  }
  if (!isCommand(command)) {
    io.err(`${GENERATOR_NAME}: unknown command ${JSON.stringify(command)} (try --help)`);
    return EXIT.badInput;
  }
  if (!OWN_HELP.has(command) && (rest.includes("--help") || rest.includes("-h"))) {
    io.out(commandHelp(command).join("\n"));
    return EXIT.ok;
  }
  try {
    return await COMMANDS[command](rest, io);
  } catch (error) {
    return exitForError(error, io, verbose);
  }
}
