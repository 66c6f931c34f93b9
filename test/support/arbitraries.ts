/**
 * fast-check arbitraries driven by a schema: `validInstance` builds values the schema accepts
 * (for the keywords the demo contract and Rust-style schemas use), `mutated` breaks one spot of
 * such a value in one of several ways. Nothing here decides validity: the differential test asks
 * Ajv and the generated validator, and only requires them to agree.
 */
import fc from "fast-check";
import type { SchemaGraph } from "../../generator/resolve/index.js";
import { appendPointer } from "../../generator/json.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { readonly [keyword: string]: unknown };

/** Strings of any code units (lone surrogates included): string checks must not care. */
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("", "__proto__", "constructor", "toString"),
);

export function validInstance(graph: SchemaGraph, pointer: string, depth = 0): fc.Arbitrary<Json> {
  const schema = graph.node(pointer).written;
  if (schema === true || depth > 8) return fc.jsonValue() as fc.Arbitrary<Json>;
  const s = schema as Schema;
  if (typeof s.$ref === "string") return validInstance(graph, graph.target(s.$ref, pointer).pointer, depth + 1);
  if (Array.isArray(s.oneOf))
    return fc.oneof(...s.oneOf.map((_, i) => validInstance(graph, appendPointer(pointer, "oneOf", i), depth + 1)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  if (Object.hasOwn(s, "const")) return fc.constant(s.const as Json);
  const types = Array.isArray(s.type)
    ? (s.type as string[])
    : typeof s.type === "string"
      ? [s.type]
      : ["null", "boolean", "number", "string", "array", "object"];
  return fc.oneof(...types.map((type) => ofType(graph, pointer, s, type, depth)));
}

function ofType(graph: SchemaGraph, pointer: string, s: Schema, type: string, depth: number): fc.Arbitrary<Json> {
  const min = typeof s.minimum === "number" ? s.minimum : undefined;
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.oneof(
        fc.integer({ min: min ?? -1e6, max: 1e6 }),
        fc.constantFrom(...[0, 1, 2 ** 53 - 1].filter((n) => min === undefined || n >= min)),
      );
    case "number":
      return fc.double({ min: min ?? -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });
    case "string":
      return anyString;
    case "array": {
      const items =
        s.items === undefined
          ? (fc.jsonValue() as fc.Arbitrary<Json>)
          : validInstance(graph, appendPointer(pointer, "items"), depth + 1);
      const minLength = typeof s.minItems === "number" ? s.minItems : 0;
      const maxLength = typeof s.maxItems === "number" ? s.maxItems : minLength + 4;
      return fc.array(items, { minLength, maxLength });
    }
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const names = Object.keys(properties);
      const record = fc.record(
        Object.fromEntries(
          names.map((name) => [name, validInstance(graph, appendPointer(pointer, "properties", name), depth + 1)]),
        ),
        {
          requiredKeys: names.filter((name) => required.has(name)),
        },
      );
      // Undeclared keys are allowed (no additionalProperties here), so valid instances carry some.
      const extra = fc.dictionary(anyString, fc.jsonValue() as fc.Arbitrary<Json>, { maxKeys: 2 });
      return fc.tuple(record, extra).map(([declared, more]) => parseWire({ ...more, ...declared }));
    }
    default:
      throw new Error(`no arbitrary for type ${type}`);
  }
}

/** Through JSON text, so `__proto__` keys become own data properties as on the wire. */
function parseWire(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

const MUTATIONS = ["replace", "drop-key", "add-key", "wrap-array", "stringify", "number-edge", "empty", "extend-array"] as const;
type Mutation = (typeof MUTATIONS)[number];

/** A valid instance with one node broken; which node and how is chosen by the generator. */
export function mutated(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom(...MUTATIONS),
      fc.jsonValue() as fc.Arbitrary<Json>,
      fc.constantFrom(-1, 0.5, 1.0, 1e21, -0, 2 ** 53, 21, 20),
    )
    .map(([value, pick, how, noise, edge]) => mutate(value, pick, how, noise, edge));
}

function nodesOf(
  value: Json,
  into: { parent: Json[] | { [key: string]: Json } | undefined; key: string | number | undefined }[] = [],
  parent?: Json[] | { [key: string]: Json },
  key?: string | number,
) {
  into.push({ parent, key });
  if (Array.isArray(value)) value.forEach((item, i) => nodesOf(item, into, value, i));
  else if (typeof value === "object" && value !== null)
    for (const k of Object.keys(value)) nodesOf(value[k] as Json, into, value, k);
  return into;
}

function mutate(original: Json, pick: number, how: Mutation, noise: Json, edge: number): Json {
  const root = parseWire(original);
  const nodes = nodesOf(root);
  const node = nodes[pick % nodes.length];
  if (node === undefined) return root;
  const get = (): Json =>
    node.parent === undefined ? root : ((node.parent as Record<string, Json>)[node.key as string] as Json);
  const set = (next: Json): Json => {
    if (node.parent === undefined) return next;
    (node.parent as Record<string, Json>)[node.key as string] = next;
    return root;
  };
  const current = get();
  switch (how) {
    case "replace":
      return set(noise);
    case "drop-key": {
      if (node.parent !== undefined && !Array.isArray(node.parent)) {
        delete node.parent[node.key as string];
        return root;
      }
      return set(noise);
    }
    case "add-key":
      return typeof current === "object" && current !== null && !Array.isArray(current)
        ? set({ ...current, extra: noise })
        : set([current]);
    case "wrap-array":
      return set([current]);
    case "stringify":
      return set(JSON.stringify(current) ?? "");
    case "number-edge":
      return set(edge);
    case "empty":
      return set(Array.isArray(current) ? [] : typeof current === "object" && current !== null ? {} : "");
    case "extend-array":
      return Array.isArray(current) ? set([...current, ...current, noise]) : set(noise);
  }
}
