/**
 * String assertions. Lengths count code points; the UTF-16 length bounds the code-point count
 * from above (and from below at half), so the exact count runs only when those cannot decide.
 */
import { planPattern, type PatternProgram } from "../../../schema/pattern-program.js";
import { BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../json.js";
import { code, type Code } from "../../code.js";
import { fail, said } from "../mode.js";
import { countKeyword } from "./numbers.js";
import { keywordValue, type KeywordEmit } from "./emit.js";
import { guarded } from "./guard.js";

export function emitStrings(k: KeywordEmit): Code {
  const s = code`(${k.value} as string)`;
  const statements: Code[] = [];
  const minLength = countKeyword(k, "minLength");
  const maxLength = countKeyword(k, "maxLength");
  if (minLength !== undefined && minLength > 0) {
    const codePoints = k.ctx.helper("codePoints");
    const failsWhen = code`${s}.length < ${minLength} || (${s}.length < ${minLength * 2} && ${codePoints}(${s}) < ${minLength})`;
    const message = said(`must have at least ${minLength} characters, got `, code`${codePoints}(${s})`);
    statements.push(fail(k.ctx, k.mode, failsWhen, { pointer: k.pointer, keyword: "minLength" }, message));
  }
  if (maxLength !== undefined) {
    const codePoints = k.ctx.helper("codePoints");
    const failsWhen = code`${s}.length > ${maxLength} && ${codePoints}(${s}) > ${maxLength}`;
    const message = said(`must have at most ${maxLength} characters, got `, code`${codePoints}(${s})`);
    statements.push(fail(k.ctx, k.mode, failsWhen, { pointer: k.pointer, keyword: "maxLength" }, message));
  }
  const pattern = keywordValue(k.schema, "pattern");
  if (pattern !== undefined) {
    const regex = regexFor(k, appendPointer(k.pointer, "pattern"), pattern);
    const message = said(`must match pattern ${JSON.stringify(pattern)}`);
    statements.push(fail(k.ctx, k.mode, code`!${regex}.test(${s})`, { pointer: k.pointer, keyword: "pattern" }, message));
  }
  return guarded(k.known, "string", k.value, statements);
}

/**
 * A module-scope matcher for a pattern, with a `test(s)` method either way: a RegExp with the
 * `u` flag (ECMA-262 with full Unicode, as JSON Schema wants; or without it for a pattern valid
 * only so: schema/patterns.ts, the model warns) when backtracking provably runs it in linear time
 * or cannot be avoided (backreferences, lookaround: the model warns), else the pattern's NFA
 * program run by the `PatternMatcher` helper, linear whatever the string (schema/pattern-program.ts).
 * The source is checked here so that an invalid pattern fails generation, naming where it is.
 */
export function regexFor(k: Pick<KeywordEmit, "ctx">, pointer: string, source: unknown): Code {
  if (typeof source !== "string")
    throw new BindgenError("bad_pattern", "pattern must be a string", { file: k.ctx.graph.file, pointer });
  const plan = planPattern(source);
  if (plan.kind === "invalid") {
    throw new BindgenError("bad_pattern", `invalid regular expression ${JSON.stringify(source)}: ${plan.why}`, {
      file: k.ctx.graph.file,
      pointer,
      keyword: "pattern",
    });
  }
  // A non-`u` reading has its own key: the same source read both ways would be two different regexes.
  const key = plan.flags === "u" ? `regex:${source}` : `regex-without-u:${source}`;
  if (plan.kind !== "linear") return k.ctx.hoist(key, "pattern", () => code`new RegExp(${source}, ${plan.flags})`);
  const matcher = k.ctx.helper("PatternMatcher");
  return k.ctx.hoist(key, "pattern", () => code`new ${matcher}(${programArguments(plan.program)})`);
}

/** The program as the helper's constructor takes it: numbers, and each class's ranges, property escapes and negation. */
function programArguments(program: PatternProgram): Code {
  const classes = program.classes.map(
    (c) => code`[[${[...c.ranges]}], [${c.properties.map((escape) => code`new RegExp(${escape}, "u")`)}], ${c.negate}]`,
  );
  return code`${program.unicode}, [${[...program.code]}], [${classes}]`;
}
