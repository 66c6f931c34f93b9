/**
 * Every keyword is emitted twice from the same source: once for the fast path, where a failure
 * returns `false` from the enclosing `is` function, and once for the issue path, where a failure
 * pushes a `ValidationIssue` and carries on. Keyword emitters describe *when* a value fails and
 * *what* to say; `fail` turns that into the statement the mode needs.
 */
import { appendPointer, type Pointer } from "../../resolve/pointer.js";
import { code, type Code } from "../code.js";
import type { CompileContext } from "./context.js";

export type Mode =
  /** Failure returns `false` from the enclosing `is` function. */
  | { readonly kind: "fast" }
  /** Failure pushes an issue to `out`; `path` is an expression giving the instance path. */
  | { readonly kind: "check"; readonly path: Code };

export const FAST: Mode = { kind: "fast" };

/** Where a keyword sits: becomes the issue's `schemaPath` and `keyword`. */
export interface KeywordSite {
  readonly pointer: Pointer;
  readonly keyword: string;
  /** Defaults to `pointer/keyword`; a `false` schema reports its own location. */
  readonly schemaPath?: Pointer;
}

/** The statement that reports a failure that is already known to have happened. */
export function failure(ctx: CompileContext, mode: Mode, site: KeywordSite, message: Code): Code {
  switch (mode.kind) {
    case "fast":
      return code`return false;`;
    case "check":
      return code`${ctx.helper("issue")}(out, ${mode.path}, ${site.schemaPath ?? appendPointer(site.pointer, site.keyword)}, ${site.keyword}, ${message});`;
  }
}

/** `if (<failsWhen>) <failure>` */
export function fail(ctx: CompileContext, mode: Mode, failsWhen: Code, site: KeywordSite, message: Code): Code {
  return code`if (${failsWhen}) { ${failure(ctx, mode, site, message)} }`;
}

/** A message that is a plain text known at compile time. */
export function text(message: string): Code {
  return code`${message}`;
}

/** The instance path of a child: `path + "/" + segment`, where segment is already escaped. */
export function childPath(mode: Mode, segment: Code): Mode {
  switch (mode.kind) {
    case "fast":
      return mode;
    case "check":
      return { kind: "check", path: code`${mode.path} + "/" + ${segment}` };
  }
}
