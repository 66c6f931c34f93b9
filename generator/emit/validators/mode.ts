/**
 * Every keyword is emitted twice from the same source: once for the fast path, where a failure
 * returns `false` from the enclosing `is` function, and once for the issue path, where a failure
 * returns the issue (an array, so anyOf/oneOf can add their branches' reasons). Both stop at the
 * first failure, as Ajv does by default: an invalid payload costs one walk up to its first
 * error, never a second full walk. Keyword emitters describe *when* a value fails and *what* to
 * say; `fail` turns that into the statement the mode needs.
 */
import { appendPointer, type Pointer } from "../../json.js";
import { code, exits, join, type Code } from "../code.js";
import type { CompileContext } from "./context.js";

/**
 * An instance path relative to the value the enclosing function was called with: literal
 * segments (`"/elements/"`) and run-time ones (an index, an escaped key), joined only when an
 * issue is made. A function never learns where its value sits: the caller prefixes the issues it
 * gets back (`within`), so the walk of a valid value builds no path string at all, and a function
 * can serve every location whose schema is identical.
 */
export type PathParts = readonly (string | Code)[];

export type Mode =
  /** Failure returns `false` from the enclosing `is` function. */
  | { readonly kind: "fast" }
  /**
   * Failure returns `[issue]` from the enclosing `check` function; `path` is the instance path
   * below the function's value (evaluated only on failure). `absent`, set for a required
   * property's value, is the `required` issue to report when the value is undefined — folded into
   * the value's own type failure so a present, well-typed value pays for one test, not two.
   */
  | { readonly kind: "check"; readonly path: PathParts; readonly absent?: Code };

export const FAST: Mode = { kind: "fast" };

/** The issue path at the top of a `check` function: its own value. */
export const CHECK: Mode = { kind: "check", path: [] };

/** The path as one expression: adjacent literal segments merged, `""` for the value itself. */
export function pathCode(parts: PathParts): Code {
  const merged: (string | Code)[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === "string" && typeof last === "string") merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  if (merged.length === 0) return code`""`;
  return join(
    merged.map((part) => (typeof part === "string" ? code`${part}` : part)),
    code` + `,
  );
}

/** The path as one literal when every segment is known at generation time (`"/steps"`, `""`). */
function knownPath(parts: PathParts): string | undefined {
  let path = "";
  for (const part of parts) {
    if (typeof part !== "string") return undefined;
    path += part;
  }
  return path;
}

/** Where a keyword sits: becomes the issue's `schemaPath` (through `ctx.schemaPath`) and `keyword`. */
export interface KeywordSite {
  readonly pointer: Pointer;
  readonly keyword: string;
  /** Defaults to `pointer/keyword`; a `false` schema reports its own location. */
  readonly schemaPath?: Pointer;
}

/**
 * An issue message: text known now, then optionally a run-time tail (`got 21`). Kept in two parts
 * so the `": "` that joins it to the instance path is merged into the literal at generation time:
 * building a message is most of what a failing validation costs.
 */
export interface Message {
  readonly lead: string;
  readonly tail: Code | undefined;
}

export function said(lead: string, tail?: Code): Message {
  return { lead, tail };
}

/** The statement that reports a failure that is already known to have happened: it returns, so nothing may follow it (`exits`). */
export function failure(ctx: CompileContext, mode: Mode, site: KeywordSite, message: Message): Code {
  switch (mode.kind) {
    case "fast":
      return exits(code`return false;`);
    case "check":
      return exits(code`return [${issueExpression(ctx, mode, site, message)}];`);
  }
}

/** A failure condition every value meets (an `enum` of no members, a `type` of no types). */
export const ALWAYS: Code = code`true`;

/** A `ValidationIssue` object expression. */
export function issueExpression(
  ctx: CompileContext,
  mode: Extract<Mode, { kind: "check" }>,
  site: KeywordSite,
  message: Message,
): Code {
  const schemaPath = ctx.schemaPath(site.schemaPath ?? appendPointer(site.pointer, site.keyword));
  const known = knownPath(mode.path);
  // A path known now is joined to the text now: the message is then one literal, or one join with its tail.
  const lead = `${known ?? ""}: ${message.lead}`;
  const joined = message.tail === undefined ? code`${lead}` : code`${lead} + ${message.tail}`;
  if (known !== undefined) return code`${ctx.helper("issue")}(${known}, ${schemaPath}, ${site.keyword}, ${joined})`;
  return code`${ctx.helper("issueAt")}(${pathCode(mode.path)}, ${schemaPath}, ${site.keyword}, ${joined})`;
}

/**
 * The issues a called `check` function returned (an expression that may be undefined), moved
 * under the caller's instance path and the called schema's place (`schemaPrefix`, already
 * relative to the caller's function).
 */
export function within(ctx: CompileContext, mode: Extract<Mode, { kind: "check" }>, issues: Code, schemaPrefix: string): Code {
  if (mode.path.length === 0 && schemaPrefix === "") return issues;
  return code`${ctx.helper("within")}(${issues}, ${pathCode(mode.path)}, ${schemaPrefix})`;
}

/** `if (<failsWhen>) <failure>`; just the failure when every value fails. */
export function fail(ctx: CompileContext, mode: Mode, failsWhen: Code, site: KeywordSite, message: Message): Code {
  if (failsWhen === ALWAYS) return failure(ctx, mode, site, message);
  return code`if (${failsWhen}) { ${failure(ctx, mode, site, message)} }`;
}

/** A message known entirely at generation time. */
export function text(message: string): Message {
  return said(message);
}

/**
 * The mode for a child at `path + "/" + segment`: a segment known now (a property name, already
 * escaped, or a prefixItems index) is literal text; a run-time segment is an expression.
 */
export function childPath(mode: Mode, segment: string | Code): Mode {
  switch (mode.kind) {
    case "fast":
      return mode;
    case "check":
      return { kind: "check", path: typeof segment === "string" ? [...mode.path, `/${segment}`] : [...mode.path, "/", segment] };
  }
}
