/**
 * Object assertions and applicators. Only own properties count: a declared name that also lives
 * on Object.prototype (`constructor`, `toString`, `__proto__`) is read through Object.hasOwn; any
 * other declared name is read directly, which is what keeps the hot path as fast as hand-written
 * code. Keys are only enumerated when a keyword needs every key. A property's value is held in a
 * local only if its checks read it (`ifUsed`): `additionalProperties: false` reads the key alone.
 */
import { appendPointer, escapeSegment } from "../../../json.js";
import { code, EMPTY, exits, ifUsed, join, lines, literal, type Code } from "../../code.js";
import { childPath, fail, failure, issueExpression, text, type Mode, said } from "../mode.js";
import { regexFor } from "./strings.js";
import { keywordValue, type KeywordEmit } from "./emit.js";
import { guarded } from "./guard.js";
import { badValue, countKeyword } from "./numbers.js";
import { rejectsUndefined } from "./arrays.js";
import { withinFlowBudget } from "../flow-budget.js";

/** Up to this many declared names are tested with `===` when looking for additional properties. */
const INLINE_NAMES = 8;

export function emitObjects(k: KeywordEmit): Code {
  const o = k.ctx.local("o");
  const statements = [
    ...emitPropertiesAndRequired(k, o),
    ...emitDependencies(k, o),
    emitPropertyCounts(k, o),
    emitKeyLoop(k, o),
  ].filter((statement) => !statement.isEmpty);
  if (statements.length === 0) return EMPTY;
  return guarded(k.known, "object", k.value, [
    ifUsed(o, code`const ${o.declared} = ${k.value} as Record<string, unknown>;`),
    ...withinFlowBudget(k.ctx, k.mode, statements),
  ]);
}

/**
 * An own-property read: `undefined` when absent (a present `undefined` is not JSON either). In
 * brackets whatever the name: `o` is a `Record<string, unknown>`, whose properties
 * noPropertyAccessFromIndexSignature lets no one read with a dot.
 */
export function readOwn(o: Code, name: string): Code {
  if (name in Object.prototype) return code`(Object.hasOwn(${o}, ${name}) ? ${o}[${name}] : undefined)`;
  return code`${o}[${name}]`;
}

function stringList(k: KeywordEmit, keyword: string, value: unknown): readonly string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === "string")) {
    throw badValue(k, keyword, "must be an array of strings");
  }
  return [...new Set(value)];
}

function schemaMap(k: KeywordEmit, keyword: string): readonly [string, unknown][] {
  const map = keywordValue(k.schema, keyword);
  if (map === undefined) return [];
  if (typeof map !== "object" || map === null || Array.isArray(map)) throw badValue(k, keyword, "must be an object");
  // Sorted: generated code must not depend on the key order of the schema file.
  return Object.keys(map)
    .sort()
    .map((name) => [name, (map as Record<string, unknown>)[name]]);
}

function emitPropertiesAndRequired(k: KeywordEmit, o: Code): Code[] {
  const properties = new Map(schemaMap(k, "properties"));
  const requiredValue = keywordValue(k.schema, "required");
  const required = new Set(requiredValue === undefined ? [] : stringList(k, "required", requiredValue));
  // Required names in the order `required` lists them (an array is data, kept as written: schemars
  // lists a struct's fields in declaration order, which is the order serde writes them, so the
  // reads follow the payload's own layout), then the optional ones by name.
  const names = [...required, ...[...properties.keys()].filter((name) => !required.has(name)).sort()];
  return names.map((name) => {
    const mode = childPath(k.mode, escapeSegment(name));
    // The property value gets its own local so nested checks read it once.
    const v = k.ctx.local("v");
    const body = properties.has(name)
      ? k.sub(appendPointer(k.pointer, "properties", name), properties.get(name), v, mode)
      : EMPTY;
    const missing = said(`must have required property ${JSON.stringify(name)}`);
    const requiredSite = { pointer: k.pointer, keyword: "required" };
    if (body.isEmpty)
      return required.has(name) ? fail(k.ctx, k.mode, code`${readOwn(o, name)} === undefined`, requiredSite, missing) : EMPTY;
    const read = ifUsed(v, code`const ${v.declared} = ${readOwn(o, name)};`);
    if (!required.has(name))
      return code`{
${read}
if (${v} !== undefined) {
${body}
}
}`;
    if (!rejectsUndefined(k.ctx, appendPointer(k.pointer, "properties", name))) {
      return block([read, code`if (${v} === undefined) { ${failure(k.ctx, k.mode, requiredSite, missing)} }`, body]);
    }
    // A typed subschema rejects the missing value (undefined) by itself; on the issue path it
    // reports it as the missing required property.
    const foldedMode: Mode =
      k.mode.kind === "fast" ? k.mode : ({ ...mode, absent: issueExpression(k.ctx, k.mode, requiredSite, missing) } as Mode);
    return block([read, k.sub(appendPointer(k.pointer, "properties", name), properties.get(name), v, foldedMode)]);
  });
}

/** Statements in a block of their own (for their locals), which exits when they do (a required property under `false`). */
function block(statements: readonly Code[]): Code {
  const body = lines(statements);
  const inBlock = code`{
${body}
}`;
  return body.exits ? exits(inBlock) : inBlock;
}

/**
 * dependentRequired and dependentSchemas, and draft-07's `dependencies`, whose entries are one or
 * the other: an array of names, or a schema.
 */
function emitDependencies(k: KeywordEmit, o: Code): Code[] {
  const legacy = schemaMap(k, "dependencies");
  const names = [
    ...schemaMap(k, "dependentRequired").map(([name, list]) => ({ keyword: "dependentRequired", name, list })),
    ...legacy.filter(([, value]) => Array.isArray(value)).map(([name, list]) => ({ keyword: "dependencies", name, list })),
  ];
  const schemas = [
    ...schemaMap(k, "dependentSchemas").map(([name, schema]) => ({ keyword: "dependentSchemas", name, schema })),
    ...legacy.filter(([, value]) => !Array.isArray(value)).map(([name, schema]) => ({ keyword: "dependencies", name, schema })),
  ];
  const requiredBy = names.map(({ keyword, name, list }) => {
    const needed = stringList(k, keyword, list);
    const site = { pointer: appendPointer(k.pointer, keyword), keyword: name };
    const checks = needed.map((other) =>
      fail(
        k.ctx,
        k.mode,
        code`${readOwn(o, other)} === undefined`,
        site,
        text(`must have property ${JSON.stringify(other)} when property ${JSON.stringify(name)} is present`),
      ),
    );
    return code`if (${readOwn(o, name)} !== undefined) {
${lines(checks)}
}`;
  });
  const applied = schemas.map(({ keyword, name, schema }) => {
    const body = k.sub(appendPointer(k.pointer, keyword, name), schema, k.value, k.mode);
    return body.isEmpty
      ? EMPTY
      : code`if (${readOwn(o, name)} !== undefined) {
${body}
}`;
  });
  return [...requiredBy, ...applied];
}

function emitPropertyCounts(k: KeywordEmit, o: Code): Code {
  const min = countKeyword(k, "minProperties");
  const max = countKeyword(k, "maxProperties");
  if ((min === undefined || min === 0) && max === undefined) return EMPTY;
  const count = k.ctx.local("count");
  const checks: Code[] = [];
  if (min !== undefined && min > 0) {
    checks.push(
      fail(
        k.ctx,
        k.mode,
        code`${count} < ${min}`,
        { pointer: k.pointer, keyword: "minProperties" },
        said(`must have at least ${min} properties, got `, code`${count}`),
      ),
    );
  }
  if (max !== undefined) {
    checks.push(
      fail(
        k.ctx,
        k.mode,
        code`${count} > ${max}`,
        { pointer: k.pointer, keyword: "maxProperties" },
        said(`must have at most ${max} properties, got `, code`${count}`),
      ),
    );
  }
  return code`{
const ${count} = Object.keys(${o}).length;
${lines(checks)}
}`;
}

/** propertyNames, patternProperties and additionalProperties: the only keywords that need every key. */
function emitKeyLoop(k: KeywordEmit, o: Code): Code {
  const propertyNames = keywordValue(k.schema, "propertyNames");
  const patterns = schemaMap(k, "patternProperties");
  const additional = keywordValue(k.schema, "additionalProperties");
  if (propertyNames === undefined && patterns.length === 0 && additional === undefined) return EMPTY;
  const keys = k.ctx.local("keys");
  const i = k.ctx.local("i");
  const key = k.ctx.local("key");
  const v = k.ctx.local("v");
  const mode = childPath(k.mode, code`${k.ctx.helper("escapeKey")}(${key})`);
  const body: Code[] = [];
  if (propertyNames !== undefined) body.push(k.sub(appendPointer(k.pointer, "propertyNames"), propertyNames, key, mode));
  const matched = k.ctx.local("matched");
  const needsMatched = additional !== undefined && patterns.length > 0;
  for (const [source, schema] of patterns) {
    const pointer = appendPointer(k.pointer, "patternProperties", source);
    const regex = regexFor(k, pointer, source);
    const applied = k.sub(pointer, schema, v, mode);
    const mark = needsMatched ? code`${matched} = true;` : EMPTY;
    if (!mark.isEmpty || !applied.isEmpty)
      body.push(code`if (${regex}.test(${key})) {
${mark}
${applied}
}`);
  }
  if (additional !== undefined) {
    const applied = additionalCheck(k, additional, key, v, mode);
    if (!applied.isEmpty) {
      const unmatched = needsMatched ? code`!${matched} && ` : EMPTY;
      body.push(code`if (${unmatched}${undeclaredTest(k, key)}) {
${applied}
}`);
    }
  }
  const statements = lines(body);
  if (statements.isEmpty) return EMPTY;
  return code`{
const ${keys} = Object.keys(${o});
for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) {
${ifUsed(key, code`const ${key.declared} = ${keys}[${i}] as string;`)}
${ifUsed(v, code`const ${v.declared} = ${o}[${key}];`)}
${needsMatched ? code`let ${matched} = false;` : EMPTY}
${statements}
}
}`;
}

/** `additionalProperties: false` is reported on the object, naming the property. */
function additionalCheck(k: KeywordEmit, additional: unknown, key: Code, v: Code, mode: Mode): Code {
  if (additional !== false) return k.sub(appendPointer(k.pointer, "additionalProperties"), additional, v, mode);
  const message = said("must not have additional property ", code`JSON.stringify(${key})`);
  return failure(k.ctx, k.mode, { pointer: k.pointer, keyword: "additionalProperties" }, message);
}

/**
 * Whether `key` is not named by `properties`: a few `!==`, or a module-scope Set. Not
 * `!(a || b)`: see typeMiss in guard.ts.
 */
function undeclaredTest(k: KeywordEmit, key: Code): Code {
  const names = schemaMap(k, "properties").map(([name]) => name);
  if (names.length === 0) return code`true`;
  if (names.length <= INLINE_NAMES)
    return join(
      names.map((name) => code`${key} !== ${literal(name)}`),
      code` && `,
    );
  const set = k.ctx.hoist(
    `names:${JSON.stringify(names)}`,
    "declared",
    () => code`new Set<string>([${names.map((name) => literal(name))}])`,
  );
  return code`!${set}.has(${key})`;
}
