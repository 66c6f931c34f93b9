import { isAbsolute } from "node:path";
import { ToolError } from "../core/errors.js";
import type { ValidationResult } from "../core/validation.js";
import { commandWords } from "./command-line.js";

/**
 * Command-line arguments for a contract's tools: `<tool> [key=value ... | JSON object]`.
 * Contract-neutral: a generated binding hands in its table (tools, params, verbatim keys,
 * validators); everything here happens before any connection is opened.
 */

/** One param as help and usage lines show it. */
export type CliParam = {
  readonly name: string;
  readonly required: boolean;
  /** Display text of the param's type, e.g. `string` or `Step[] (1 to 20 items)`. */
  readonly type: string;
  readonly description: string;
};

/** A named shape a param's type text refers to, spelled out for help: `Step` → `{ ref: string; ... }`. */
export type CliShape = { readonly name: string; readonly type: string };

export type CliTool<
  Method extends string = string,
  Tool extends string = string,
  Params extends object = object,
> = {
  /** The short name typed on the command line, e.g. `snapshot`. */
  readonly method: Method;
  /** The wire name, accepted on the command line too. */
  readonly tool: Tool;
  readonly summary: string;
  readonly timeoutMs: number;
  /** Sorted: required params first, then by name. */
  readonly params: readonly CliParam[];
  readonly shapes: readonly CliShape[];
  /** True when the params schema admits keys it does not declare; otherwise unknown keys are refused. */
  readonly openKeys: boolean;
  /** The params JSON Schema, self-contained (draft 2020-12, its refs in its own `$defs`): what `--tools` publishes. */
  readonly paramsSchema: Readonly<Record<string, unknown>>;
  readonly validate: (value: unknown) => ValidationResult<Params>;
};

/**
 * How the command reaches its service, which decides its connection option: `suite` (rightkit-daemon
 * discovery, `--suite-root`), `server` (a server started over stdio, `--server`), or `none`.
 */
export type CliConnection = "suite" | "server" | "none";

export type CliTable<Tool extends CliTool = CliTool> = {
  /** How a person types the command, e.g. `right-ctl app`. */
  readonly command: string;
  readonly connection: CliConnection;
  /** Keys whose `key=value` value is always the string as typed, never JSON. */
  readonly verbatimKeys: readonly string[];
  readonly tools: readonly Tool[];
};

/** The parsed call, typed per tool: a union with one member per tool of the table. */
export type ParsedToolCall<Tool> =
  Tool extends CliTool<infer Method, infer Name, infer Params>
    ? { tool: Name; method: Method; params: Params }
    : never;

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

/** The usage line of the whole command, or of one tool. */
export function usageLine(table: CliTable, tool?: CliTool): string {
  if (tool === undefined) return `usage: ${table.command} <tool> [key=value ... | JSON object] [options]`;
  const pairs = tool.params.map((param) =>
    param.required ? `${param.name}=<${param.type}>` : `[${param.name}=<${param.type}>]`,
  );
  return `usage: ${[table.command, tool.method, ...pairs].join(" ")}`;
}

function invalid(
  table: CliTable,
  tool: CliTool | undefined,
  line: string,
  details: Record<string, unknown> = {},
): ToolError {
  const usage = usageLine(table, tool);
  return new ToolError("invalid_arguments", `${line}\n${usage}`, {
    retryable: false,
    details: { ...details, usage },
  });
}

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

/** The tool named by its short or its wire name. */
export function findTool<Tool extends CliTool>(table: CliTable<Tool>, name: string): Tool | undefined {
  return table.tools.find((tool) => tool.method === name) ?? table.tools.find((tool) => tool.tool === name);
}

/** The tool named by its short or its wire name, else `invalid_arguments` listing the tools. */
export function requireTool<Tool extends CliTool>(table: CliTable<Tool>, name: string): Tool {
  const tool = findTool(table, name);
  if (tool !== undefined) return tool;
  const known = table.tools.map((t) => t.method).join(", ");
  throw invalid(table, undefined, `unknown tool ${shown(name)} (tools: ${known})`, { argument: name });
}

/** Tool names are quoted in messages, shortened: enough to find it. */
function shown(arg: string): string {
  return JSON.stringify(arg.length > 24 ? `${arg.slice(0, 24)}…` : arg);
}

/** An argument is described, never quoted: it may be a pasted token. */
function described(arg: string): string {
  return `(${arg.length} character${arg.length === 1 ? "" : "s"})`;
}

/**
 * The first key that appears twice in one object of valid JSON text, if any. JSON.parse keeps
 * the last silently; the pair form refuses duplicates, and so must the JSON form.
 */
function duplicateKey(text: string): string | undefined {
  const objects: (Set<string> | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") objects.push(new Set());
    else if (c === "[") objects.push(undefined);
    else if (c === "}" || c === "]") objects.pop();
    else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const key = JSON.parse(text.slice(i, end + 1)) as string;
      i = end;
      const keys = objects[objects.length - 1];
      if (keys !== undefined && /^\s*:/.test(text.slice(end + 1, end + 64))) {
        if (keys.has(key)) return key;
        keys.add(key);
      }
    }
  }
  return undefined;
}

/** A JSON argument is recognised by its first character; a param name cannot start a pair with one. */
function looksLikeJson(arg: string): boolean {
  return /^\s*[{[]/.test(arg);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** An own data property even for `__proto__`, which plain assignment would turn into a prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `<tool>` then one JSON object or zero or more `key=value` pairs, checked against the tool's
 * validator. Every failure is a ToolError `invalid_arguments` whose message names the
 * argument on its first line and gives the usage on its second.
 */
export function parseToolArgs<Tool extends CliTool>(
  table: CliTable<Tool>,
  argv: readonly string[],
): ParsedToolCall<Tool> {
  const [name, ...rest] = argv;
  if (name === undefined) throw invalid(table, undefined, "no tool given", {});
  const tool = requireTool(table, name);
  const params = collectParams(table, tool, rest);
  checkKeys(table, tool, params);
  const checked = tool.validate(params);
  if (checked.ok === false) {
    const first = checked.issues[0];
    const pointer = first?.instancePath ?? "";
    const key = argumentOf(pointer);
    const subject = key === undefined ? "the arguments do not" : `argument ${JSON.stringify(key)} does not`;
    const reason = first === undefined ? "" : `: ${pointer === "" ? "(root) " : ""}${first.message}`;
    throw invalid(table, tool, `${tool.method}: ${subject} match the contract${reason}`, {
      ...(key === undefined ? {} : { argument: key }),
      pointer,
      issues: checked.issues,
    });
  }
  // The validator accepted exactly this tool's params, so the pairing of tool and params holds.
  return { tool: tool.tool, method: tool.method, params: checked.value } as ParsedToolCall<Tool>;
}

function collectParams(table: CliTable, tool: CliTool, args: readonly string[]): Record<string, unknown> {
  const jsonArgs = args.filter(looksLikeJson);
  if (jsonArgs.length > 0) {
    if (args.length > 1) {
      const line =
        jsonArgs.length > 1
          ? `${tool.method}: only one JSON object argument is allowed, got ${jsonArgs.length}`
          : `${tool.method}: a JSON object argument cannot be mixed with key=value pairs`;
      throw invalid(table, tool, line, { argument: args.findIndex(looksLikeJson) + 1 });
    }
    return jsonObject(table, tool, jsonArgs[0] as string);
  }
  const params: Record<string, unknown> = {};
  args.forEach((arg, index) => {
    const eq = arg.indexOf("=");
    if (eq === -1) {
      const parsed = parseJson(arg);
      const line = parsed.ok
        ? `${tool.method}: argument ${index + 1} ${described(arg)} is JSON but not an object`
        : `${tool.method}: argument ${index + 1} ${described(arg)} is neither key=value nor a JSON object`;
      throw invalid(table, tool, line, { argument: index + 1 });
    }
    const key = arg.slice(0, eq);
    const text = arg.slice(eq + 1);
    if (key === "")
      throw invalid(table, tool, `${tool.method}: argument ${index + 1} has an empty key`, {
        argument: index + 1,
      });
    if (Object.hasOwn(params, key))
      throw invalid(table, tool, `${tool.method}: key ${JSON.stringify(key)} is given twice`, {
        argument: key,
      });
    setOwn(params, key, valueOf(table, key, text));
  });
  return params;
}

/** Verbatim keys keep the text as typed (`text=1e3` types "1e3"); other values are JSON when they parse. */
function valueOf(table: CliTable, key: string, text: string): unknown {
  if (table.verbatimKeys.includes(key)) return text;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function jsonObject(table: CliTable, tool: CliTool, arg: string): Record<string, unknown> {
  const parsed = parseJson(arg);
  if (parsed.ok === false)
    throw invalid(table, tool, `${tool.method}: the JSON argument ${described(arg)} is not valid JSON`, {
      argument: 1,
    });
  const twice = duplicateKey(arg);
  if (twice !== undefined)
    throw invalid(table, tool, `${tool.method}: key ${JSON.stringify(twice)} is given twice`, {
      argument: twice,
    });
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(
      table,
      tool,
      `${tool.method}: the JSON argument must be an object, got ${Array.isArray(value) ? "an array" : typeof value}`,
      {
        argument: 1,
      },
    );
  }
  return value as Record<string, unknown>;
}

/** Unknown and missing keys are named by the parser itself: clearer than a schema message. */
function checkKeys(table: CliTable, tool: CliTool, params: Record<string, unknown>): void {
  const declared = new Set(tool.params.map((param) => param.name));
  if (!tool.openKeys) {
    const unknown = Object.keys(params).find((key) => !declared.has(key));
    if (unknown !== undefined) {
      const takes =
        tool.params.length === 0 ? "no arguments" : tool.params.map((param) => param.name).join(", ");
      throw invalid(
        table,
        tool,
        `${tool.method}: unknown key ${JSON.stringify(unknown)} (it takes ${takes})`,
        { argument: unknown },
      );
    }
  }
  const missing = tool.params.find((param) => param.required && !Object.hasOwn(params, param.name));
  if (missing !== undefined) {
    throw invalid(
      table,
      tool,
      `${tool.method}: missing required key ${JSON.stringify(missing.name)} (/${escapePointer(missing.name)})`,
      {
        argument: missing.name,
        pointer: `/${escapePointer(missing.name)}`,
      },
    );
  }
}

const escapePointer = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The top-level key a JSON pointer starts in, i.e. the argument that holds the bad value. */
function argumentOf(pointer: string): string | undefined {
  if (!pointer.startsWith("/")) return undefined;
  const segment = pointer.slice(1).split("/")[0] as string;
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
