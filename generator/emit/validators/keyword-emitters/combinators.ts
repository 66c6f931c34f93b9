/**
 * allOf, anyOf, oneOf, not, if/then/else. allOf, then and else can fail in place, so they are
 * applied inline; the others need a yes/no answer from a subschema without reporting, so they
 * call that subschema's allocation-free `is` function, and only on failure its `check` function
 * (for anyOf/oneOf, so the issues say why no branch matched); a subschema that is only a `$ref`
 * asks its target straight (`subschemaCall` in ref.ts).
 */
import { appendPointer } from "../../../json.js";
import { code, EMPTY, exits, join, lines, type Code } from "../../code.js";
import { fail, issueExpression, text, said, within } from "../mode.js";
import { badValue } from "./numbers.js";
import { keywordValue, type JsonType, type KeywordEmit, type SchemaObject } from "./emit.js";
import { typeTest } from "./guard.js";
import { leafMiss, NEVER_MISSES } from "./leaf.js";
import { refTarget, subschemaCall } from "./ref.js";

export function emitCombinators(k: KeywordEmit): Code[] {
  return [emitAllOf(k), emitAnyOf(k), emitOneOf(k), emitNot(k), emitConditional(k)];
}

function branches(k: KeywordEmit, keyword: string): readonly unknown[] | undefined {
  const value = keywordValue(k.schema, keyword);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) throw badValue(k, keyword, "must be a non-empty array of schemas");
  return value;
}

function emitAllOf(k: KeywordEmit): Code {
  const all = branches(k, "allOf") ?? [];
  return lines(all.map((schema, i) => k.sub(appendPointer(k.pointer, "allOf", i), schema, k.value, k.mode)));
}

/**
 * The failure of an anyOf/oneOf that matched no branch. On the issue path the branches' own first
 * issues come before the summary, so the report says why nothing matched. When the branches are
 * told apart by type (Rust's `Option<Enum>` is oneOf [enum, null]), only the branch of the value's
 * type can say anything useful, so only its reasons are taken.
 */
function noBranchMatched(
  k: KeywordEmit,
  keyword: string,
  all: readonly unknown[],
  message: string,
  branchTypes: BranchTypes | undefined,
): Code {
  const site = { pointer: k.pointer, keyword };
  switch (k.mode.kind) {
    case "fast":
      return code`return false;`;
    case "check": {
      const mode = k.mode;
      const checks = all.map((_, i) => {
        const branch = subschemaCall(k.ctx, appendPointer(k.pointer, keyword, i));
        return within(k.ctx, mode, branch.check(k.value), branch.schemaPrefix);
      });
      const summary = issueExpression(k.ctx, k.mode, site, text(message));
      if (branchTypes === undefined) return code`return ${k.ctx.helper("gather")}([${join(checks)}], ${summary});`;
      const reasons = k.ctx.local("reasons");
      const chosen = checks.reduceRight<Code>(
        (otherwise, check, i) =>
          code`${join(
            (branchTypes[i] ?? []).map((type) => branchTypeTest(k, type)),
            code` || `,
          )} ? ${check} : ${otherwise}`,
        code`undefined`,
      );
      return code`const ${reasons} = ${chosen};
if (${reasons} === undefined) return [${summary}];
${reasons}.push(${summary});
return ${reasons};`;
    }
  }
}

/**
 * Whether the value is of a branch's type, to pick that branch's reasons. In bigint mode a bigint
 * is asked of a numeric branch: it is what a 64-bit one holds, and what another one refuses.
 */
function branchTypeTest(k: KeywordEmit, type: JsonType | "integer"): Code {
  const test = typeTest(k.value, type);
  if (k.ctx.int64 !== "bigint" || (type !== "integer" && type !== "number")) return test;
  return code`typeof ${k.value} === "bigint" || ${test}`;
}

/** When a branch does not match: a few checks written out (leaf.ts), or a call to its `is` function; NEVER_MISSES when nothing misses it. */
function branchMiss(k: KeywordEmit, keyword: string, i: number, branch: unknown): Code {
  const pointer = appendPointer(k.pointer, keyword, i);
  const miss = leafMiss(k.ctx, pointer, branch, k.value) ?? code`!${subschemaCall(k.ctx, pointer).is(k.value)}`;
  // One group: the misses are joined with `&&` (the formatter drops parentheses that change nothing).
  return miss === NEVER_MISSES ? miss : code`(${miss})`;
}

function emitAnyOf(k: KeywordEmit): Code {
  const all = branches(k, "anyOf");
  if (all === undefined) return EMPTY;
  // `!a && !b`, not `!(a || b)`: see typeMiss in guard.ts.
  const misses = all.map((branch, i) => branchMiss(k, "anyOf", i, branch));
  // A branch every value matches: the anyOf always holds.
  if (misses.includes(NEVER_MISSES)) return EMPTY;
  const message = "must match at least one schema in anyOf";
  return code`if (${join(misses, code` && `)}) { ${noBranchMatched(k, "anyOf", all, message, disjointTypes(k, "anyOf", all))} }`;
}

function emitOneOf(k: KeywordEmit): Code {
  const all = branches(k, "oneOf");
  if (all === undefined) return EMPTY;
  const message = "must match exactly one schema in oneOf, matched none";
  const branchTypes = disjointTypes(k, "oneOf", all);
  if (branchTypes !== undefined) {
    // At most one branch can match: the first match decides, as for anyOf.
    const misses = all.map((branch, i) => branchMiss(k, "oneOf", i, branch));
    return code`if (${join(misses, code` && `)}) { ${noBranchMatched(k, "oneOf", all, message, branchTypes)} }`;
  }
  const count = k.ctx.local("count");
  const tests = all.map(
    (_, i) => code`if (${subschemaCall(k.ctx, appendPointer(k.pointer, "oneOf", i)).is(k.value)}) ${count}++;`,
  );
  const site = { pointer: k.pointer, keyword: "oneOf" };
  return code`{
let ${count} = 0;
${lines(tests)}
if (${count} === 0) { ${noBranchMatched(k, "oneOf", all, message, undefined)} }
${fail(k.ctx, k.mode, code`${count} > 1`, site, said("must match exactly one schema in oneOf, matched ", code`${count}`))}
}`;
}

function emitNot(k: KeywordEmit): Code {
  if (!Object.hasOwn(k.schema, "not")) return EMPTY;
  return fail(
    k.ctx,
    k.mode,
    subschemaCall(k.ctx, appendPointer(k.pointer, "not")).is(k.value),
    { pointer: k.pointer, keyword: "not" },
    text("must not match the schema in not"),
  );
}

function emitConditional(k: KeywordEmit): Code {
  if (!Object.hasOwn(k.schema, "if")) return EMPTY;
  const then = Object.hasOwn(k.schema, "then") ? k.sub(appendPointer(k.pointer, "then"), k.schema.then, k.value, k.mode) : EMPTY;
  const otherwise = Object.hasOwn(k.schema, "else")
    ? k.sub(appendPointer(k.pointer, "else"), k.schema.else, k.value, k.mode)
    : EMPTY;
  if (then.isEmpty && otherwise.isEmpty) return EMPTY;
  const chosen = code`if (${subschemaCall(k.ctx, appendPointer(k.pointer, "if")).is(k.value)}) {
${then}
} else {
${otherwise}
}`;
  // Both ways fail: nothing after the choice runs.
  return then.exits && otherwise.exits ? exits(chosen) : chosen;
}

/** Each branch's declared JSON types, when every branch declares some and no two share one. */
type BranchTypes = readonly (readonly (JsonType | "integer")[])[];

function disjointTypes(k: KeywordEmit, keyword: string, all: readonly unknown[]): BranchTypes | undefined {
  const seen = new Set<string>();
  const result: (readonly (JsonType | "integer")[])[] = [];
  for (const i of all.keys()) {
    const types = declaredTypes(k, appendPointer(k.pointer, keyword, i));
    if (types === undefined || !types.every(isTypeName)) return undefined;
    const widened = types.map((type) => (type === "integer" ? "number" : type));
    if (widened.some((type) => seen.has(type))) return undefined;
    widened.forEach((type) => seen.add(type));
    result.push(types);
  }
  return result;
}

const TYPE_NAMES: ReadonlySet<string> = new Set(["null", "boolean", "number", "integer", "string", "array", "object"]);

function isTypeName(type: string): type is JsonType | "integer" {
  return TYPE_NAMES.has(type);
}

function declaredTypes(k: KeywordEmit, pointer: string): readonly string[] | undefined {
  const schema = k.ctx.graph.node(pointer).schema;
  if (typeof schema !== "object" || schema === null) return undefined;
  const own = keywordValue(schema as SchemaObject, "type");
  if (typeof own === "string") return [own];
  if (Array.isArray(own) && own.every((type): type is string => typeof type === "string")) return own;
  const ref = keywordValue(schema as SchemaObject, "$ref");
  if (ref === undefined) return undefined;
  const targetPointer = refTarget(k.ctx, pointer, ref);
  const target = k.ctx.graph.node(targetPointer).schema;
  const targetType = typeof target === "object" && target !== null ? keywordValue(target as SchemaObject, "type") : undefined;
  if (typeof targetType === "string") return [targetType];
  return Array.isArray(targetType) && targetType.every((type): type is string => typeof type === "string")
    ? targetType
    : undefined;
}
