/**
 * `rightkit-bindgen` command line: argv → the one command it names, loaded when asked for.
 * Each command parses its own options and owns its output (generator/commands/); this only
 * dispatches, answers --help and --version, and turns a thrown error into its exit code.
 */
import { EXIT, exitForError, STD_IO, type Io } from "./commands/exit.js";
import { GENERATOR_NAME, GENERATOR_VERSION } from "./version.js";

const USAGE = `Usage: ${GENERATOR_NAME} <command> [options]

Commands:
  generate   write the bindings (default: every contract in ./contract → ./generated)
  check      exit 1 with a unified diff when a committed binding differs from what generate makes
  diff       OLD NEW [--format text|markdown|json]: classify the changes between two contract
             schemas; exit 1 when any is breaking
  update     --from FILE [--body FILE] [--allow-major]: take a new upstream schema, regenerate,
             write a PR body
  host       run the conformance host: the demo service, or agentcli's test server (host --help for
             its options)
  introspect --stdio "<command>" [--contract FILE|ID] [--binding FILE] [--format text|json]
             [--timeout MS] [--ready-timeout MS]: start a JSON-RPC stdio server, wait for its ready
             notification, call the binding's introspection method and list the methods and
             notifications only one side has; exit 1 on drift. --stdio takes words or a JSON array
             ["cmd","arg",...] (no shell); --timeout bounds the call (default 10000),
             --ready-timeout the ready wait (default: the binding's, else 10000)
  conform    [--contract FILE|ID] (--suite-root DIR | --server CMD) [--include-side-effects]
             [--include-waiting] [--seed N] [--max-examples K] [--methods LIST] [--checks LIST]
             [--strict] [--format text|json] [--junit FILE] [--baseline FILE [--update-baseline]]
             [--time-budget S] [--value NAME=VALUE]... [--deadline-scale F] [--replay FILE]:
             property-based testing of a live host against the contract: generated positive,
             negative and lifecycle cases, each answer judged, failures shrunk to a reproducer; exit
             1 on a failing finding or a stale baseline entry (docs/conform.md)
  mcp        [--contract FILE|ID] [--suite-root DIR | --server CMD] [--heartbeat MS]: serve the
             contract's methods as MCP tools over stdio, each call made through its generated client
             (docs/mcp.md)
  openrpc    [--contract FILE|ID] [--out FILE]: write the contract as an OpenRPC 1.3 document
             (docs/openrpc.md)

Options (generate, check, update, openrpc):
  --contract FILE   one contract: a schema .json, a contract document .md (its fenced JSON), or
                    the $id of a contract in ./contract (update needs it when there are several)
  --binding FILE    the binding file (tool names, timeouts, CLI rules, error codes); optional
  --out DIR         the output directory (default: generated)

Global:
  --verbose         print stack traces and every diagnostic
  --help, -h        this text
  --version, -v     the generator's version

Exit codes: 0 ok, 1 check found drift, diff found a breaking change, update refused a major version,
introspect found drift, or conform found a violation; 2 bad input (for introspect also a server that
does not start, exits, is not ready in time or answers malformed; for conform a host it cannot
reach), 3 internal error.`;

type Command = (args: readonly string[], io: Io) => Promise<number>;

// Each command's code is loaded when it is asked for: --version and --help load none of it, and
// generate and check never load the conformance host.
const COMMANDS: Readonly<Record<string, Command>> = Object.freeze({
  generate: async (args, io) => (await import("./commands/generate.js")).runGenerate(args, io),
  check: async (args, io) => (await import("./commands/check.js")).runCheck(args, io),
  diff: async (args, io) => (await import("./commands/diff.js")).runDiff(args, io),
  update: async (args, io) => (await import("./commands/update.js")).runUpdate(args, io),
  host: async (args, io) => (await import("./commands/host.js")).runHostCommand([...args], io),
  introspect: async (args, io) => (await import("./commands/introspect.js")).runIntrospect(args, io),
  conform: async (args, io) => (await import("./commands/conform.js")).runConform(args, io),
  mcp: async (args, io) => (await import("./commands/mcp.js")).runMcp(args, io),
  openrpc: async (args, io) => (await import("./commands/openrpc.js")).runOpenRpc(args, io),
});

/** The host has options of its own and answers its own --help; the rest are described in USAGE. */
const OWN_HELP: ReadonlySet<string> = new Set(["host"]);

export async function main(argv: readonly string[], io: Io = STD_IO): Promise<number> {
  const verbose = argv.includes("--verbose");
  const args = argv.filter((arg) => arg !== "--verbose");
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    io.out(USAGE);
    return command === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (command === "--version" || command === "-v") {
    io.out(GENERATOR_VERSION);
    return EXIT.ok;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    io.err(`${GENERATOR_NAME}: unknown command ${JSON.stringify(command)} (try --help)`);
    return EXIT.badInput;
  }
  if (!OWN_HELP.has(command) && (rest.includes("--help") || rest.includes("-h"))) {
    io.out(USAGE);
    return EXIT.ok;
  }
  try {
    return await run(rest, io);
  } catch (error) {
    return exitForError(error, io, verbose);
  }
}
