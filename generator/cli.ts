/**
 * `rightkit-bindgen` command line: argv → one frozen options object → a command.
 * Exit codes: 0 ok, 1 check found drift (or diff found a breaking change), 2 bad input, 3 bug.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BindgenError, isBindgenError } from "./errors.js";
import { runDiff } from "./evolution/diff-command.js";
import { runUpdate } from "./evolution/update-command.js";
import type { ContractSource } from "./load/contract.js";
import { discoverContracts } from "./load/discover.js";
import { compareGeneration, writeGeneration } from "./output/files.js";
import { generateFiles } from "./pipeline.js";
import { GENERATOR_NAME, GENERATOR_VERSION } from "./version.js";

export const EXIT = Object.freeze({ ok: 0, drift: 1, badInput: 2, bug: 3 });

const USAGE = `Usage: ${GENERATOR_NAME} <command> [options]

Commands:
  generate   write the bindings (default: every contract in ./contract → ./generated)
  check      exit 1 with a unified diff when a committed binding differs from what generate makes
  diff       OLD NEW [--format text|markdown|json]: classify the changes between two contract schemas;
             exit 1 when any is breaking
  update     --from FILE [--body FILE] [--allow-major]: take a new upstream schema, regenerate, write a PR body
  host       run the conformance host: the demo service, or agentcli's test server (host --help for its options)
  introspect --stdio "<command>" [--contract FILE|ID] [--binding FILE] [--format text|json] [--timeout MS]
             [--ready-timeout MS]: start a JSON-RPC stdio server, wait for its ready notification, call the
             binding's introspection method and list the methods and notifications only one side has; exit 1
             on drift. --stdio takes words or a JSON array ["cmd","arg",...] (no shell); --timeout bounds the
             call (default 10000), --ready-timeout the ready wait (default: the binding's, else 10000)

Options (generate, check, update):
  --contract FILE   one contract: a schema .json, a contract document .md (its fenced JSON), or the
                    $id of a contract in ./contract (update needs it when there are several)
  --binding FILE    the binding file (tool names, timeouts, CLI rules, error codes); optional
  --out DIR         the output directory (default: generated)

Global:
  --verbose         print stack traces and every diagnostic
  --help, -h        this text
  --version, -v     the generator's version

Exit codes: 0 ok, 1 check found drift, diff found a breaking change, update refused a major version, or
introspect found drift; 2 bad input (for introspect also a server that does not start, exits, is not ready
in time or answers malformed), 3 internal error.`;

export interface Io {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const STD_IO: Io = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

interface GenerateOptions {
  readonly contracts: readonly ContractSource[];
  readonly out: string;
}

function generateOptions(args: readonly string[]): GenerateOptions {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { contract: { type: "string" }, binding: { type: "string" }, out: { type: "string" }, verbose: { type: "boolean" } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  return Object.freeze({ contracts: discoverContracts(values), out: values.out ?? "generated" });
}

/**
 * Every contract's files in one generation, so a write or a compare sees them all at once. The
 * runtime is the same bytes for every contract; it is kept once.
 */
async function generateAll(options: GenerateOptions, typeCheck: "when-changed" | "never", io: Io): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const source of options.contracts) {
    const { files, model } = await generateFiles(source, { typeCheck, outDir: options.out });
    // One line each, on stderr, located like an error; they never change the exit code.
    for (const warning of model.warnings) {
      const where = [warning.file, warning.pointer].filter((part) => part !== undefined).join(":");
      io.err(`${GENERATOR_NAME}: warning: ${where}: ${warning.message}`.replace(/[\r\n\u2028\u2029]+/g, " "));
    }
    for (const [path, text] of files) {
      const seen = all.get(path);
      if (seen !== undefined && seen !== text) {
        throw new BindgenError("bad_contract", `two contracts generate ${path} differently (their output folders collide)`, {
          file: source.contract,
        });
      }
      all.set(path, text);
    }
  }
  return all;
}

async function runGenerate(args: readonly string[], io: Io): Promise<number> {
  const options = generateOptions(args);
  // The type check guards writes: it runs exactly when something on disk is about to change.
  const files = await generateAll(options, "when-changed", io);
  const report = writeGeneration(options.out, files);
  for (const path of report.written) io.out(`wrote ${join(options.out, path)}`);
  for (const path of report.unchanged) io.out(`unchanged ${join(options.out, path)}`);
  for (const path of report.removed) io.out(`removed ${join(options.out, path)}`);
  return EXIT.ok;
}

async function runCheck(args: readonly string[], io: Io): Promise<number> {
  const options = generateOptions(args);
  // check writes nothing, so it skips the type check: drift is reported either way.
  const files = await generateAll(options, "never", io);
  const drift = compareGeneration(options.out, files);
  if (drift.length === 0) {
    io.out(`${options.out} is up to date (${files.size} files)`);
    return EXIT.ok;
  }
  for (const { patch } of drift) io.out(patch);
  io.err(
    `${options.out} is stale or hand-edited: ${drift.length} file(s) differ (${drift.map((d) => d.path).join(", ")}). Run \`${GENERATOR_NAME} generate\` and commit the result.`,
  );
  return EXIT.drift;
}

type Command = (args: readonly string[], io: Io) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = Object.freeze({
  generate: runGenerate,
  check: runCheck,
  diff: runDiff,
  update: runUpdate,
  // Loaded only when asked for: generate and check never load the conformance host.
  host: async (args, io) => (await import("./host/command.js")).runHostCommand([...args], io),
  introspect: async (args, io) => (await import("./introspect/command.js")).runIntrospect(args, io),
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
    if (isBindgenError(error)) {
      io.err(`${GENERATOR_NAME}: ${error.oneLine()}`);
      // Output that does not compile is the generator's fault, not the input's: exit 3, with the
      // compiler's diagnostics; other details wait for --verbose.
      if ((verbose || error.code === "type_check") && error.details !== undefined) io.err(error.details);
      return error.code === "type_check" ? EXIT.bug : EXIT.badInput;
    }
    if (isArgumentError(error)) {
      io.err(`${GENERATOR_NAME}: ${(error as Error).message}`);
      return EXIT.badInput;
    }
    io.err(`${GENERATOR_NAME}: internal error: ${(error as Error).message ?? String(error)}`);
    if (verbose) io.err((error as Error).stack ?? "");
    return EXIT.bug;
  }
}

/** node:util parseArgs reports bad options with these codes. */
function isArgumentError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
}
