/**
 * unevaluatedProperties / unevaluatedItems. A location that uses them first collects which
 * property names and item indices its other keywords evaluated — following in-place applicators
 * (allOf, anyOf/oneOf branches that match, if/then/else, dependentSchemas, $ref) through each
 * location's `evaluated` function — then applies the subschema to everything else.
 *
 * Annotations only matter when the location passes, and a failing subschema contributes none;
 * so branches are asked with their `is` function before their annotations are taken.
 */
import { appendPointer, type Pointer } from "../../../json.js";
import { code, EMPTY, ifUsed, lines, type Code } from "../../code.js";
import { callOf, type CompileContext } from "../context.js";
import { childPath, failure, said } from "../mode.js";
import { keywordValue, type KeywordEmit, type SchemaObject } from "./emit.js";
import { typeTest } from "./guard.js";
import { readOwn } from "./objects.js";
import { REF_DEPTH_LIMIT, refTarget } from "./ref.js";
import { DYNAMIC_REFS, dynamicRefTarget } from "./dynamic-ref.js";
import { regexFor } from "./strings.js";
import { arrayKeywords, DIALECTS } from "../../../schema/dialects.js";

export function emitUnevaluated(k: KeywordEmit): Code {
  const properties = keywordValue(k.schema, "unevaluatedProperties");
  const items = keywordValue(k.schema, "unevaluatedItems");
  if (properties === undefined && items === undefined) return EMPTY;
  const ps = k.ctx.local("names");
  const ix = k.ctx.local("indices");
  const collect = evaluatedBody(k.ctx, k.pointer, k.value, ps, ix, true);
  return code`{
${ifUsed(ps, code`const ${ps.declared} = new Set<string>();`)}
${ifUsed(ix, code`const ${ix.declared} = new Set<number>();`)}
${collect}
${properties === undefined ? EMPTY : unevaluatedPropertiesLoop(k, properties, ps)}
${items === undefined ? EMPTY : unevaluatedItemsLoop(k, items, ix)}
}`;
}

function unevaluatedPropertiesLoop(k: KeywordEmit, schema: unknown, ps: Code): Code {
  const o = k.ctx.local("o");
  const key = k.ctx.local("key");
  const v = k.ctx.local("v");
  const mode = childPath(k.mode, code`${k.ctx.helper("escapeKey")}(${key})`);
  const site = { pointer: k.pointer, keyword: "unevaluatedProperties" };
  const applied =
    schema === false
      ? failure(k.ctx, k.mode, site, said("must not have unevaluated property ", code`JSON.stringify(${key})`))
      : k.sub(appendPointer(k.pointer, "unevaluatedProperties"), schema, v, mode);
  if (applied.isEmpty) return EMPTY;
  return code`if (${typeTest(k.value, "object")}) {
const ${o} = ${k.value} as Record<string, unknown>;
for (const ${key} of Object.keys(${o})) {
if (${ps}.has(${key})) continue;
${ifUsed(v, code`const ${v.declared} = ${o}[${key}];`)}
${applied}
}
}`;
}

function unevaluatedItemsLoop(k: KeywordEmit, schema: unknown, ix: Code): Code {
  const a = k.ctx.local("a");
  const i = k.ctx.local("i");
  const item = k.ctx.local("item");
  const mode = childPath(k.mode, i);
  const site = { pointer: k.pointer, keyword: "unevaluatedItems" };
  const applied =
    schema === false
      ? failure(k.ctx, k.mode, site, said("must not have unevaluated item ", code`${i}`))
      : k.sub(appendPointer(k.pointer, "unevaluatedItems"), schema, item, mode);
  if (applied.isEmpty) return EMPTY;
  return code`if (Array.isArray(${k.value})) {
const ${a} = ${k.value} as unknown[];
for (let ${i} = 0; ${i} < ${a}.length; ${i}++) {
if (${ix}.has(${i})) continue;
${ifUsed(item, code`const ${item.declared} = ${a}[${i}];`)}
${applied}
}
}`;
}

/**
 * Statements adding to `ps`/`ix` the names and indices the schema at `pointer` evaluates on
 * `value`, assuming it passes. `skipOwnUnevaluated` leaves out the location's own unevaluated*
 * (they are what is being computed).
 */
export function evaluatedBody(
  outer: CompileContext,
  pointer: Pointer,
  value: Code,
  ps: Code,
  ix: Code,
  skipOwnUnevaluated: boolean,
): Code {
  const ctx = outer.enter(pointer);
  const view = ctx.graph.node(pointer).schema;
  if (typeof view !== "object" || view === null || Array.isArray(view)) return EMPTY;
  const s = view as SchemaObject;
  const has = (keyword: string): boolean => Object.hasOwn(s, keyword);
  const statements: Code[] = [];
  const o = ctx.local("o");
  const objectParts: Code[] = [];
  const properties = keywordValue(s, "properties");
  if (typeof properties === "object" && properties !== null) {
    for (const name of Object.keys(properties).sort())
      objectParts.push(code`if (${readOwn(o, name)} !== undefined) ${ps}.add(${name});`);
  }
  const everyKey = has("additionalProperties") || (has("unevaluatedProperties") && !skipOwnUnevaluated);
  const patterns = keywordValue(s, "patternProperties");
  if (everyKey) {
    objectParts.push(code`for (const key of Object.keys(${o})) ${ps}.add(key);`);
  } else if (typeof patterns === "object" && patterns !== null) {
    for (const source of Object.keys(patterns).sort()) {
      const regex = regexFor({ ctx }, appendPointer(pointer, "patternProperties", source), source);
      objectParts.push(code`for (const key of Object.keys(${o})) if (${regex}.test(key)) ${ps}.add(key);`);
    }
  }
  if (objectParts.length > 0) {
    statements.push(code`if (${typeTest(value, "object")}) {
${ifUsed(o, code`const ${o.declared} = ${value} as Record<string, unknown>;`)}
${lines(objectParts)}
}`);
  }
  const a = ctx.local("a");
  const arrayParts: Code[] = [];
  const dialect = ctx.graph.node(pointer).dialect;
  const tuple = arrayKeywords(dialect, s);
  if (has(tuple.rest) || (has("unevaluatedItems") && !skipOwnUnevaluated)) {
    arrayParts.push(code`for (let i = 0; i < ${a}.length; i++) ${ix}.add(i);`);
  } else {
    const prefix = tuple.prefix === undefined ? undefined : keywordValue(s, tuple.prefix);
    if (Array.isArray(prefix)) arrayParts.push(code`for (let i = 0; i < ${a}.length && i < ${prefix.length}; i++) ${ix}.add(i);`);
    if (has("contains") && DIALECTS[dialect].containsEvaluates) {
      const { is } = ctx.functionsFor(appendPointer(pointer, "contains"));
      arrayParts.push(code`for (let i = 0; i < ${a}.length; i++) if (${callOf(is, [code`${a}[i]`, ctx.depth()])}) ${ix}.add(i);`);
    }
  }
  if (arrayParts.length > 0) {
    statements.push(code`if (Array.isArray(${value})) {
${ifUsed(a, code`const ${a.declared} = ${value} as unknown[];`)}
${lines(arrayParts)}
}`);
  }
  const depth = ctx.depth();
  const take = (at: Pointer): Code => code`${callOf(ctx.functionsFor(at).evaluated, [value, depth, ps, ix])};`;
  const matches = (at: Pointer): Code => callOf(ctx.functionsFor(at).is, [value, depth]);
  const list = (keyword: string): readonly unknown[] => {
    const value = keywordValue(s, keyword);
    return Array.isArray(value) ? value : [];
  };
  list("allOf").forEach((_, i) => statements.push(take(appendPointer(pointer, "allOf", i))));
  for (const keyword of ["anyOf", "oneOf"]) {
    list(keyword).forEach((_, i) => {
      const at = appendPointer(pointer, keyword, i);
      statements.push(code`if (${matches(at)}) ${take(at)}`);
    });
  }
  if (has("if")) {
    const at = appendPointer(pointer, "if");
    const then = has("then") ? take(appendPointer(pointer, "then")) : EMPTY;
    const otherwise = has("else") ? take(appendPointer(pointer, "else")) : EMPTY;
    statements.push(code`if (${matches(at)}) {
${take(at)}
${then}
} else {
${otherwise}
}`);
  }
  const dependent = keywordValue(s, "dependentSchemas");
  if (typeof dependent === "object" && dependent !== null) {
    for (const name of Object.keys(dependent).sort()) {
      statements.push(
        code`if (${typeTest(value, "object")} && ${readOwn(code`(${value} as Record<string, unknown>)`, name)} !== undefined) ${take(appendPointer(pointer, "dependentSchemas", name))}`,
      );
    }
  }
  const targets = [
    ...(has("$ref") ? [refTarget(ctx, pointer, s.$ref)] : []),
    ...DYNAMIC_REFS.filter(has).map((keyword) => dynamicRefTarget(ctx, pointer, keyword, s[keyword])),
  ];
  for (const target of targets) {
    const collect = callOf(ctx.functionsFor(target).evaluated, [value, code`${depth} + 1`, ps, ix]);
    statements.push(code`if (${depth} < ${REF_DEPTH_LIMIT}) ${collect};`);
  }
  return lines(statements);
}
