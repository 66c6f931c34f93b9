/**
 * Every keyword is emitted twice from the same source: once for the fast path, where a failure
 * returns `false` from the enclosing `is` function, and once for the issue path, where a failure
 * returns the issue (an array, so anyOf/oneOf can add their branches' reasons). Both stop at the
 * first failure, as Ajv does by default: an invalid payload costs one walk up to its first
 * error, never a second full walk. Keyword emitters describe *when* a value fails and *what* to
 * say; `fail` turns that into the statement the mode needs.
 */
import { appendPointer, type Pointer } from "../../resolve/pointer.js";
import { code, type Code } from "../code.js";
import type { CompileContext } from "./context.js";

export type Mode =
  /** Failure returns `false` from the enclosing `is` function. */
  | { readonly kind: "fast" }
  /**
   * Failure returns `[issue]` from the enclosing `check` function; `path` is an expression giving
   * the instance path (evaluated only on failure). `inLoop` says the code runs once per item or
   * key: there, subschema functions are asked `is` first, so `check` (and its path string) runs
   * only for the one failing item. `absent`, set for a required property's value, is the
   * `required` issue to report when the value is undefined — folded into the value's own type
   * failure so a present, well-typed value pays for one test, not two.
   */
  | { readonly kind: "check"; readonly path: Code; readonly inLoop: boolean; readonly absent?: Code };

export const FAST: Mode = { kind: "fast" };

/** Where a keyword sits: becomes the issue's `schemaPath` and `keyword`. */
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

/** The statement that reports a failure that is already known to have happened. */
export function failure(ctx: CompileContext, mode: Mode, site: KeywordSite, message: Message): Code {
  switch (mode.kind) {
    case "fast":
      return code`return false;`;
    case "check":
      return code`return [${issueExpression(ctx, mode, site, message)}];`;
  }
}

/** A `ValidationIssue` object expression. */
export function issueExpression(
  ctx: CompileContext,
  mode: Extract<Mode, { kind: "check" }>,
  site: KeywordSite,
  message: Message,
): Code {
  const joined = message.tail === undefined ? code`${`: ${message.lead}`}` : code`${`: ${message.lead}`} + ${message.tail}`;
  return code`${ctx.helper("issue")}(${mode.path}, ${site.schemaPath ?? appendPointer(site.pointer, site.keyword)}, ${site.keyword}, ${joined})`;
}

/** `if (<failsWhen>) <failure>` */
export function fail(ctx: CompileContext, mode: Mode, failsWhen: Code, site: KeywordSite, message: Message): Code {
  return code`if (${failsWhen}) { ${failure(ctx, mode, site, message)} }`;
}

/** A message known entirely at generation time. */
export function text(message: string): Message {
  return said(message);
}

/**
 * The mode for a child at `path + "/" + segment`: a segment known now (a property name, already
 * escaped, or a prefixItems index) is one string literal; a run-time segment is an expression.
 * `loop` when the child is visited once per item or key.
 */
export function childPath(mode: Mode, segment: string | Code, loop: boolean): Mode {
  switch (mode.kind) {
    case "fast":
      return mode;
    case "check": {
      const path = typeof segment === "string" ? code`${mode.path} + ${`/${segment}`}` : code`${mode.path} + "/" + ${segment}`;
      return { kind: "check", path, inLoop: mode.inLoop || loop };
    }
  }
}
