import { ToolError } from "../core/errors.js";
import type { ValidationResult } from "../core/validation.js";
import type { IntegerShape } from "../core/integers.js";
import type { StandardJSONSchemaV1 } from "../core/standard-schema.js";

/**
 * A contract's command-line table, as a generated binding hands it in (tools, params, verbatim
 * keys, validators), and what every stage of reading a command line shares: the usage lines,
 * the `invalid_arguments` error, finding the tool. Contract-neutral.
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
  /** The params type's Standard JSON Schema (the binding's `standard<Params>`): what `--tools` publishes. */
  readonly schema: StandardJSONSchemaV1<Params>;
  readonly validate: (value: unknown) => ValidationResult<Params>;
  /** Where the params schema says `integer`, when it does: a value there past ±(2^53 − 1) is refused, not rounded. */
  readonly integers?: IntegerShape;
  /** The binding's sensitive params (a token): shown as `<redacted>` wherever params are printed (`--dry-run`). */
  readonly sensitiveParams?: readonly string[];
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

/** The usage line of the whole command, or of one tool. */
export function usageLine(table: CliTable, tool?: CliTool): string {
  if (tool === undefined) return `usage: ${table.command} <tool> [key=value ... | JSON object] [options]`;
  const pairs = tool.params.map((param) =>
    param.required ? `${param.name}=<${param.type}>` : `[${param.name}=<${param.type}>]`,
  );
  return `usage: ${[table.command, tool.method, ...pairs].join(" ")}`;
}

/** `invalid_arguments`: the line naming the argument, then the usage of the command or tool. */
export function invalid(
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
