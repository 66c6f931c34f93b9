/**
 * Array assertions and applicators. Items are walked with indexed `for` loops; a hole in a
 * sparse array reads as `undefined`, which is not JSON, so it fails wherever items are walked.
 */
import { appendPointer, type Pointer } from "../../../json.js";
import { code, EMPTY, ifUsed, lines, type Code } from "../../code.js";
import { childPath, fail, failure, text, said } from "../mode.js";
import { keywordValue, type KeywordEmit, type SchemaObject } from "./emit.js";
import { callOf, type CompileContext } from "../context.js";
import { refTarget } from "./ref.js";
import { guarded } from "./guard.js";
import { countKeyword } from "./numbers.js";
import { arrayKeywords } from "../../../schema/dialects.js";

export function emitArrays(k: KeywordEmit): Code {
  const a = k.ctx.local("a");
  const statements: Code[] = [];
  const minItems = countKeyword(k, "minItems");
  const maxItems = countKeyword(k, "maxItems");
  if (minItems !== undefined && minItems > 0) {
    const message = said(`must have at least ${minItems} items, got `, code`${a}.length`);
    statements.push(fail(k.ctx, k.mode, code`${a}.length < ${minItems}`, { pointer: k.pointer, keyword: "minItems" }, message));
  }
  if (maxItems !== undefined) {
    const message = said(`must have at most ${maxItems} items, got `, code`${a}.length`);
    statements.push(fail(k.ctx, k.mode, code`${a}.length > ${maxItems}`, { pointer: k.pointer, keyword: "maxItems" }, message));
  }
  statements.push(emitItems(k, a));
  statements.push(emitContains(k, a));
  if (keywordValue(k.schema, "uniqueItems") === true) {
    const pair = k.ctx.local("pair");
    const site = { pointer: k.pointer, keyword: "uniqueItems" };
    const message = said("must not have duplicate items (items ", code`${pair}[0] + " and " + ${pair}[1] + " are identical)"`);
    statements.push(code`{
const ${pair} = ${k.ctx.helper("duplicatePair")}(${a});
if (${pair} !== undefined) { ${failure(k.ctx, k.mode, site, message)} }
}`);
  }
  const body = statements.filter((statement) => !statement.isEmpty);
  if (body.length === 0 && !(k.known.size === 1 && k.known.has("array"))) return EMPTY;
  if (!hasItemsLoop(k)) body.push(holeScan(k, a));
  return guarded(k.known, "array", k.value, [ifUsed(a, code`const ${a.declared} = ${k.value} as unknown[];`), ...body]);
}

function hasItemsLoop(k: KeywordEmit): boolean {
  return keywordValue(k.schema, itemKeywords(k).rest) !== undefined;
}

/** Without an `items` loop, holes are still not JSON: a plain scan finds them. */
function holeScan(k: KeywordEmit, a: Code): Code {
  const i = k.ctx.local("i");
  const site = { pointer: k.pointer, keyword: "type", schemaPath: k.pointer };
  return code`for (let ${i} = 0; ${i} < ${a}.length; ${i}++) {
if (${a}[${i}] === undefined) { ${failure(k.ctx, childPath(k.mode, i), site, text("must be a JSON value, got a hole in a sparse array"))} }
}`;
}

/**
 * Which keywords hold the positional schemas and the schema for the rest, as the dialect table
 * spells them: 2020-12's prefixItems and items, or the array-form items and additionalItems of
 * draft-07 and 2019-09.
 */
function itemKeywords(k: KeywordEmit): { readonly prefix: string; readonly rest: string } {
  const { prefix, rest } = arrayKeywords(k.ctx.graph.node(k.pointer).dialect, k.schema);
  return { prefix: prefix ?? "prefixItems", rest };
}

function emitItems(k: KeywordEmit, a: Code): Code {
  const keywords = itemKeywords(k);
  const prefix = keywordValue(k.schema, keywords.prefix);
  const prefixSchemas: readonly unknown[] = Array.isArray(prefix) ? prefix : [];
  const parts = prefixSchemas.map((schema, index) => {
    const item = k.ctx.local("item");
    const mode = childPath(k.mode, String(index));
    const applied = k.sub(appendPointer(k.pointer, keywords.prefix, index), schema, item, mode);
    return code`if (${a}.length > ${index}) {
${ifUsed(item, code`const ${item.declared} = ${a}[${index}];`)}
${applied}
}`;
  });
  const items = keywordValue(k.schema, keywords.rest);
  if (items === undefined) return lines(parts);
  const i = k.ctx.local("i");
  const item = k.ctx.local("item");
  const mode = childPath(k.mode, i);
  const applied = k.sub(appendPointer(k.pointer, keywords.rest), items, item, mode);
  // A subschema with `type` rejects a hole (undefined) by itself; only untyped items need the check.
  const hole = rejectsUndefined(k.ctx, appendPointer(k.pointer, keywords.rest))
    ? EMPTY
    : code`if (${item} === undefined) { ${failure(k.ctx, mode, { pointer: k.pointer, keyword: keywords.rest }, text("must be a JSON value, got a hole in a sparse array"))} }`;
  parts.push(code`for (let ${i} = ${prefixSchemas.length}; ${i} < ${a}.length; ${i}++) {
${ifUsed(item, code`const ${item.declared} = ${a}[${i}];`)}
${hole}
${applied}
}`);
  return lines(parts);
}

function emitContains(k: KeywordEmit, a: Code): Code {
  const contains = keywordValue(k.schema, "contains");
  if (contains === undefined) return EMPTY;
  const minContains = countKeyword(k, "minContains") ?? 1;
  const maxContains = countKeyword(k, "maxContains");
  if (minContains === 0 && maxContains === undefined) return EMPTY;
  const { is } = k.ctx.functionsFor(appendPointer(k.pointer, "contains"));
  const count = k.ctx.local("count");
  const i = k.ctx.local("i");
  const checks: Code[] = [];
  const minKeyword = Object.hasOwn(k.schema, "minContains") ? "minContains" : "contains";
  checks.push(
    fail(
      k.ctx,
      k.mode,
      code`${count} < ${minContains}`,
      { pointer: k.pointer, keyword: minKeyword },
      said(`must contain at least ${minContains} matching items, got `, code`${count}`),
    ),
  );
  if (maxContains !== undefined) {
    checks.push(
      fail(
        k.ctx,
        k.mode,
        code`${count} > ${maxContains}`,
        { pointer: k.pointer, keyword: "maxContains" },
        said(`must contain at most ${maxContains} matching items, got `, code`${count}`),
      ),
    );
  }
  // Without maxContains the loop can stop as soon as enough items matched.
  const stop = maxContains === undefined ? code`${count} < ${minContains} && ` : EMPTY;
  return code`{
let ${count} = 0;
for (let ${i} = 0; ${stop}${i} < ${a}.length; ${i}++) if (${callOf(is, [code`${a}[${i}]`, k.ctx.depth()])}) ${count}++;
${lines(checks)}
}`;
}

/**
 * Whether a subschema's `type` check (its own, or its `$ref` target's) fails for `undefined` —
 * every type test does — so a separate presence or hole test would only repeat it.
 */
export function rejectsUndefined(ctx: CompileContext, pointer: Pointer): boolean {
  let at = pointer;
  for (let hops = 0; hops < 8; hops++) {
    const current = ctx.graph.node(at).schema;
    if (typeof current !== "object" || current === null) return false;
    if (Object.hasOwn(current, "type")) return true;
    const ref = keywordValue(current as SchemaObject, "$ref");
    if (ref === undefined) return false;
    at = refTarget(ctx, at, ref);
  }
  return false;
}
