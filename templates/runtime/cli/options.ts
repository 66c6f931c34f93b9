/// <reference types="node" />
import { isAbsolute } from "node:path";
import { commandWords } from "./command-line.js";
import { invalid, type CliConnection, type CliTable } from "./table.js";

/**
 * The options of a generated command line (`--suite-root`, `--server`, `--timeout`, `--help`,
 * `--dry-run`, `--tools`), split from the tool's arguments wherever they stand.
 */

/** Options may stand anywhere among the arguments; they are never key=value pairs. */
export type CliOptions = {
  /** The suite root as given, always absolute; the daemon transport finds the host's record under it. */
  suiteRoot?: string;
  /** The server command and its arguments, for a `server` connection. */
  server?: readonly string[];
  timeoutMs?: number;
  help: boolean;
  dryRun: boolean;
  tools: boolean;
};

const VALUED_OPTIONS = ["--suite-root", "--server", "--timeout"] as const;

/** The connection option each connection takes; the other is refused, not ignored. */
const CONNECTION_OPTION: Readonly<Record<CliConnection, string | undefined>> = {
  suite: "--suite-root",
  server: "--server",
  none: undefined,
};
const FLAG_OPTIONS = ["--help", "-h", "--dry-run", "--tools"] as const;
type ValuedOption = (typeof VALUED_OPTIONS)[number];
type FlagOption = (typeof FLAG_OPTIONS)[number];

const isValued = (name: string): name is ValuedOption => (VALUED_OPTIONS as readonly string[]).includes(name);
const isFlag = (name: string): name is FlagOption => (FLAG_OPTIONS as readonly string[]).includes(name);

/** setTimeout cannot wait longer; a larger value would silently fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Splits options from the rest. `--name value` and `--name=value` both work; `--` ends the
 * options, so everything after it is an argument even if it starts with `--`. An option
 * given twice is refused rather than letting one silently win.
 */
export function splitCliOptions(
  table: CliTable,
  argv: readonly string[],
): { options: CliOptions; args: string[] } {
  const options: CliOptions = { help: false, dryRun: false, tools: false };
  const seen = new Set<string>();
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--") && arg !== "-h") {
      args.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (seen.has(name === "-h" ? "--help" : name))
      throw invalid(table, undefined, `option ${name} is given twice`, { argument: name });
    seen.add(name === "-h" ? "--help" : name);
    if (isFlag(name)) {
      if (eq !== -1) throw invalid(table, undefined, `option ${name} takes no value`, { argument: name });
      setFlag(options, name);
      continue;
    }
    if (!isValued(name)) throw invalid(table, undefined, `unknown option ${name}`, { argument: name });
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined)
        throw invalid(table, undefined, `option ${name} needs a value`, { argument: name });
      value = next;
      i++;
    }
    setValued(table, options, name, value);
  }
  return { options, args };
}

function setFlag(options: CliOptions, name: FlagOption): void {
  switch (name) {
    case "--help":
    case "-h":
      options.help = true;
      return;
    case "--dry-run":
      options.dryRun = true;
      return;
    case "--tools":
      options.tools = true;
      return;
    default:
      unreachable(name);
  }
}

function setValued(table: CliTable, options: CliOptions, name: ValuedOption, value: string): void {
  if ((name === "--suite-root" || name === "--server") && CONNECTION_OPTION[table.connection] !== name)
    throw invalid(table, undefined, `option ${name} does not apply to ${table.command}`, { argument: name });
  switch (name) {
    case "--server":
      options.server = serverCommand(table, value);
      return;
    case "--suite-root":
      // Relative to what? The caller's working directory is a guess; right-ctl refuses it too.
      if (!isAbsolute(value))
        throw invalid(table, undefined, "option --suite-root needs an absolute path", { argument: name });
      options.suiteRoot = value;
      return;
    case "--timeout": {
      // Digits only: "1e3", "0x10" or "30s" would be guesses about what the person meant.
      const ms = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
      if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
        throw invalid(
          table,
          undefined,
          `option --timeout needs whole milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
          { argument: name },
        );
      }
      options.timeoutMs = ms;
      return;
    }
    default:
      unreachable(name);
  }
}

function unreachable(value: never): never {
  throw new TypeError(`unhandled option ${String(value)}`);
}

/** `--server` names the command and its arguments (see command-line.ts). */
function serverCommand(table: CliTable, value: string): readonly string[] {
  const read = commandWords(value);
  if (read.ok === false)
    throw invalid(table, undefined, `option --server ${read.reason}`, { argument: "--server" });
  return read.words;
}
