import { readBigints, unsafeInteger } from "../core/integers.js";
import {
  firstDuplicateKey,
  isUnsafeIntegerLiteral,
  noteUnsafeInteger,
  readJson,
} from "../core/json-reader.js";
import { findTool, invalid, requireTool, type CliTable, type CliTool, type ParsedToolCall } from "./table.js";
import { writeJson } from "../core/json-writer.js";

/**
 * Command-line arguments for a contract's tools: `<tool> [key=value ... | JSON object]`.
 * Contract-neutral: a generated binding hands in its table (tools, params, verbatim keys,
 * validators); everything here happens before any connection is opened.
 */

/** An argument is described, never quoted: it may be a pasted token. */
function described(arg: string): string {
  return `(${arg.length} character${arg.length === 1 ? "" : "s"})`;
}

/** A JSON argument is recognised by its first character; a param name cannot start a pair with one. */
function looksLikeJson(arg: string): boolean {
  return /^\s*[{[]/.test(arg);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: readJson(text) };
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
  const collected = collectParams(table, tool, rest);
  checkKeys(table, tool, collected);
  // In a binding that reads 64-bit integers as bigint, `key=18446744073709551615` arrives exact.
  const params =
    tool.integers === undefined
      ? collected
      : (readBigints(tool.integers, collected) as Record<string, unknown>);
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
  const unsafe = tool.integers === undefined ? undefined : unsafeInteger(tool.integers, params, true);
  if (unsafe !== undefined) {
    const key = argumentOf(unsafe.pointer);
    throw invalid(
      table,
      tool,
      `${tool.method}: argument ${JSON.stringify(key)} holds ${unsafe.digits} at ${unsafe.pointer}, an integer past ±(2^53 − 1) that a JavaScript number would round`,
      { ...(key === undefined ? {} : { argument: key }), pointer: unsafe.pointer, digits: unsafe.digits },
    );
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
    const value = valueOf(table, key, text);
    setOwn(params, key, value);
    // The digits as typed, for the message should the schema say `integer` here (core/integers.ts).
    if (typeof value === "number" && /^\s*-?\d+\s*$/.test(text) && isUnsafeIntegerLiteral(text.trim()))
      noteUnsafeInteger(params, key, text.trim());
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
  // JSON.parse keeps the last of a key given twice silently; the pair form refuses duplicates, and so must this one.
  const twice = firstDuplicateKey(arg);
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

/** What a sensitive value is printed as, as `conform` and `mcp` show it. */
const REDACTED = "<redacted>";

/**
 * What `--dry-run` prints: the call as it would be sent, one JSON line, except that the tool's
 * sensitive params (the binding's `sensitiveParams`: a token) read `<redacted>`: a dry run is
 * what a person pastes into a bug report.
 */
export function dryRunText(
  table: CliTable,
  call: { readonly tool: string; readonly params: object },
): string {
  const sensitive = findTool(table, call.tool)?.sensitiveParams ?? [];
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.params))
    setOwn(params, key, sensitive.includes(key) ? REDACTED : value);
  return writeJson({ tool: call.tool, params }) ?? "null";
}
