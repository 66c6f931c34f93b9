/**
 * Seeded instances of a schema location, for differential tests on real schemas: `sampleValid`
 * walks the schema ($ref, allOf, anyOf/oneOf branches, enum, const, required and optional
 * properties, tuples, bounds, patterns) and builds a value it means to be valid; `sampleMutated`
 * builds one and then breaks one spot the schema constrains (a required property dropped, a
 * wrong type, a number past its bound, an extra property, an enum value changed, …). Nothing
 * here decides validity — the test asks Ajv and the generated validator and requires them to
 * agree — so a value that misses its schema (two oneOf branches both match, an allOf whose
 * members disagree, a pattern fast-check cannot generate) is still a fair instance.
 *
 * Everything is driven by a small PRNG, not by fast-check's runner: one schema document can have
 * thousands of locations, and a sample only follows the branches it takes. One seed gives one
 * instance, so a failure is reproduced from the seed it prints.
 */
import fc from "fast-check";
import type { SchemaGraph } from "../../generator/resolve/index.js";
import { appendPointer, isJsonObject, type Pointer } from "../../generator/json.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { readonly [keyword: string]: unknown };

/** How a `$schema` reads where the drafts differ; only what the sampler needs. */
interface Reading {
  /** Draft-07 and older: `$ref` alone decides, its siblings are ignored. */
  readonly refAlone: boolean;
  /** 2020-12 spells a tuple `prefixItems`; older drafts an array-form `items` (+ `additionalItems`). */
  readonly prefixItems: boolean;
}

const READINGS: Readonly<Record<string, Reading>> = {
  "https://json-schema.org/draft/2020-12/schema": { refAlone: false, prefixItems: true },
  "https://json-schema.org/draft/2019-09/schema": { refAlone: false, prefixItems: false },
  "http://json-schema.org/draft-07/schema": { refAlone: true, prefixItems: false },
  "http://json-schema.org/draft-06/schema": { refAlone: true, prefixItems: false },
};
const DEFAULT_READING = READINGS["https://json-schema.org/draft/2020-12/schema"] as Reading;

function readingOf(schema: Schema, inherited: Reading): Reading {
  return typeof schema.$schema === "string" ? (READINGS[schema.$schema.replace(/#$/, "")] ?? inherited) : inherited;
}

/** A subschema with where it sits, so `$ref`s inside it resolve from the right place. */
interface Sub {
  readonly schema: unknown;
  readonly pointer: Pointer;
  readonly reading: Reading;
}

// --- the PRNG ---------------------------------------------------------------------------------

/** mulberry32: tiny, fast and good enough to pick branches and lengths. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** FNV-1a of a string: a per-location seed that does not depend on the order locations are visited. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

// --- the merged view of one location ----------------------------------------------------------

/**
 * What the sampler builds a value from: the location's own keywords with its `$ref` target and
 * `allOf` members laid over them, and one `anyOf`/`oneOf` branch chosen. Each property may have
 * several schemas (one per member that declares it); a value is built for all of them at once.
 */
interface Shape {
  types: string[] | undefined;
  enum: readonly Json[] | undefined;
  const: { value: Json } | undefined;
  properties: Map<string, Sub[]>;
  required: Set<string>;
  /** `false` when additionalProperties is false somewhere in the merge. */
  additional: Sub[] | false;
  patternProperties: { pattern: string; subs: Sub[] }[];
  minProperties: number;
  maxProperties: number;
  prefix: Sub[][];
  items: Sub[] | false;
  minItems: number;
  maxItems: number;
  uniqueItems: boolean;
  minimum: number;
  maximum: number;
  exclusiveMinimum: number | undefined;
  exclusiveMaximum: number | undefined;
  multipleOf: number | undefined;
  minLength: number;
  maxLength: number;
  patterns: string[];
  /** A `false` schema is in the merge: nothing is valid. */
  impossible: boolean;
}

function emptyShape(): Shape {
  return {
    types: undefined,
    enum: undefined,
    const: undefined,
    properties: new Map(),
    required: new Set(),
    additional: [],
    patternProperties: [],
    minProperties: 0,
    maxProperties: Infinity,
    prefix: [],
    items: [],
    minItems: 0,
    maxItems: Infinity,
    uniqueItems: false,
    minimum: -Infinity,
    maximum: Infinity,
    exclusiveMinimum: undefined,
    exclusiveMaximum: undefined,
    multipleOf: undefined,
    minLength: 0,
    maxLength: Infinity,
    patterns: [],
    impossible: false,
  };
}

const ALL_TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"];

/** One value the sampler made, with the schema it was made for: where a mutation may strike. */
export interface Site {
  readonly path: readonly (string | number)[];
  readonly shape: Shape;
}

interface Walk {
  readonly random: Random;
  /** Values still to be made before only what is required is made. */
  budget: number;
  readonly sites: Site[];
}

const MAX_DEPTH = 24;
/** Past this depth (or budget), only required properties and minimal arrays are made. */
const LEAN_DEPTH = 5;

export interface SamplerOptions {
  /** Values per instance before the sampler makes only what is required (default 120). */
  readonly budget?: number;
}

export class SchemaSampler {
  private readonly refs = new Map<string, Sub>();
  private readonly patternPools = new Map<string, readonly string[]>();
  /** Shapes of schemas that take no branch choice; read-only once made. */
  private readonly shapes = new WeakMap<object, Shape>();
  private readonly rootReading: Reading;

  constructor(
    private readonly graph: SchemaGraph,
    private readonly options: SamplerOptions = {},
  ) {
    this.rootReading = isJsonObject(graph.root.written) ? readingOf(graph.root.written, DEFAULT_READING) : DEFAULT_READING;
  }

  /** A value meant to satisfy the schema at `pointer`, from `seed`. */
  sampleValid(pointer: Pointer, seed: number): Json {
    return this.walk(pointer, new Random(seed)).value;
  }

  /** A value meant to satisfy the schema at `pointer`, then broken in one or two places. */
  sampleMutated(pointer: Pointer, seed: number): Json {
    const random = new Random(seed);
    const { value, sites } = this.walk(pointer, random);
    let result = value;
    const times = random.chance(0.15) ? 2 : 1;
    // The location's own value is where its constraints are: a third of the mutations strike it.
    for (let i = 0; i < times; i++)
      result = mutate(result, random.chance(0.35) ? (sites[0] as Site) : random.pick(sites), random);
    return result;
  }

  private walk(pointer: Pointer, random: Random): { value: Json; sites: Site[] } {
    const walk: Walk = { random, budget: this.options.budget ?? 120, sites: [] };
    const sub: Sub = { schema: this.graph.node(pointer).written, pointer, reading: this.readingAt(pointer) };
    const value = this.valueOf([sub], walk, [], 0);
    return { value, sites: walk.sites };
  }

  /** The reading in force at a pointer: the nearest `$schema` on the way down from the root. */
  private readingAt(pointer: Pointer): Reading {
    let reading = this.rootReading;
    let at: unknown = this.graph.root.written;
    const segments = pointer === "#" ? [] : pointer.slice(2).split("/");
    for (const segment of segments) {
      if (!isJsonObject(at) && !Array.isArray(at)) break;
      at = (at as Record<string, unknown>)[segment.replace(/~1/g, "/").replace(/~0/g, "~")];
      if (isJsonObject(at)) reading = readingOf(at, reading);
    }
    return reading;
  }

  private resolve(ref: string, from: Sub): Sub {
    const key = `${from.pointer}\n${ref}`;
    let target = this.refs.get(key);
    if (target === undefined) {
      const resolved = this.graph.target(ref, from.pointer);
      const schema = resolved.written;
      target = {
        schema,
        pointer: resolved.pointer,
        reading: isJsonObject(schema) ? readingOf(schema, from.reading) : from.reading,
      };
      this.refs.set(key, target);
    }
    return target;
  }

  /**
   * Lays `subs` over one another into a shape, choosing one branch of each anyOf/oneOf. A single
   * schema whose shape took no choice is kept: biome's rule groups have hundreds of properties,
   * and merging them again for every instance was most of the sampler's time.
   */
  private shapeOf(subs: readonly Sub[], random: Random, depth: number): Shape {
    const single = subs.length === 1 && isJsonObject(subs[0]?.schema) ? (subs[0]?.schema as object) : undefined;
    const cached = single === undefined ? undefined : this.shapes.get(single);
    if (cached !== undefined) return cached;
    let chose = false;
    const shape = emptyShape();
    const pending = [...subs];
    for (let guard = 0; pending.length > 0 && guard < 64; guard++) {
      const sub = pending.shift() as Sub;
      const { schema, pointer } = sub;
      if (schema === false) shape.impossible = true;
      if (!isJsonObject(schema)) continue;
      const reading = readingOf(schema, sub.reading);
      const at = (keyword: string, ...rest: (string | number)[]): Sub => ({
        schema: rest.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], schema[keyword]),
        pointer: appendPointer(pointer, keyword, ...rest),
        reading,
      });
      if (typeof schema.$ref === "string") {
        pending.push(this.resolve(schema.$ref, { schema, pointer, reading }));
        if (reading.refAlone) continue;
      }
      if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, i) => pending.push(at("allOf", i)));
      for (const keyword of ["anyOf", "oneOf"] as const) {
        const branches = schema[keyword];
        if (Array.isArray(branches) && branches.length > 0) {
          // Deep down, prefer a branch without `$ref`: recursion ends sooner.
          let choice = random.int(0, branches.length - 1);
          if (depth > LEAN_DEPTH) {
            const flat = branches.findIndex((branch) => !mentionsRef(branch));
            if (flat !== -1 && random.chance(0.8)) choice = flat;
          }
          pending.push(at(keyword, choice));
          chose = true;
        }
      }
      this.mergeOwn(shape, schema, at, reading);
    }
    if (single !== undefined && !chose) this.shapes.set(single, shape);
    return shape;
  }

  private mergeOwn(
    shape: Shape,
    schema: Schema,
    at: (keyword: string, ...rest: (string | number)[]) => Sub,
    reading: Reading,
  ): void {
    const type = schema.type;
    if (typeof type === "string" || Array.isArray(type)) {
      const types = (Array.isArray(type) ? type : [type]) as string[];
      // `integer` is a `number`: both spellings meet at integer.
      const expand = (list: string[]) => (list.includes("number") ? [...list, "integer"] : list);
      shape.types = shape.types === undefined ? expand(types) : expand(types).filter((t) => shape.types?.includes(t));
      if (shape.types.length === 0) shape.types = expand(types);
    }
    if (Array.isArray(schema.enum)) shape.enum = shape.enum ?? (schema.enum as Json[]);
    if (Object.hasOwn(schema, "const")) shape.const = shape.const ?? { value: schema.const as Json };
    if (isJsonObject(schema.properties)) {
      for (const name of Object.keys(schema.properties)) {
        const list = shape.properties.get(name) ?? [];
        list.push(at("properties", name));
        shape.properties.set(name, list);
      }
    }
    if (Array.isArray(schema.required)) for (const name of schema.required) shape.required.add(String(name));
    if (schema.additionalProperties === false) shape.additional = false;
    else if (schema.additionalProperties !== undefined && shape.additional !== false)
      shape.additional.push(at("additionalProperties"));
    if (isJsonObject(schema.patternProperties))
      for (const pattern of Object.keys(schema.patternProperties))
        shape.patternProperties.push({ pattern, subs: [at("patternProperties", pattern)] });
    const num = (keyword: string): number | undefined =>
      typeof schema[keyword] === "number" ? (schema[keyword] as number) : undefined;
    shape.minProperties = Math.max(shape.minProperties, num("minProperties") ?? 0);
    shape.maxProperties = Math.min(shape.maxProperties, num("maxProperties") ?? Infinity);
    const tuple = reading.prefixItems ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
    if (Array.isArray(tuple)) {
      const keyword = reading.prefixItems ? "prefixItems" : "items";
      tuple.forEach((_, i) => {
        const list = shape.prefix[i] ?? [];
        list.push(at(keyword, i));
        shape.prefix[i] = list;
      });
    }
    const rest = Array.isArray(tuple) && !reading.prefixItems ? "additionalItems" : "items";
    if (schema[rest] === false) shape.items = false;
    else if (isJsonObject(schema[rest]) || schema[rest] === true) {
      if (shape.items !== false) shape.items.push(at(rest));
    }
    shape.minItems = Math.max(shape.minItems, num("minItems") ?? 0);
    shape.maxItems = Math.min(shape.maxItems, num("maxItems") ?? Infinity);
    if (schema.uniqueItems === true) shape.uniqueItems = true;
    shape.minimum = Math.max(shape.minimum, num("minimum") ?? -Infinity);
    shape.maximum = Math.min(shape.maximum, num("maximum") ?? Infinity);
    const exclusiveMin = num("exclusiveMinimum");
    const exclusiveMax = num("exclusiveMaximum");
    if (exclusiveMin !== undefined) shape.exclusiveMinimum = Math.max(shape.exclusiveMinimum ?? -Infinity, exclusiveMin);
    if (exclusiveMax !== undefined) shape.exclusiveMaximum = Math.min(shape.exclusiveMaximum ?? Infinity, exclusiveMax);
    const multipleOf = num("multipleOf");
    if (multipleOf !== undefined && multipleOf > 0) shape.multipleOf = multipleOf;
    shape.minLength = Math.max(shape.minLength, num("minLength") ?? 0);
    shape.maxLength = Math.min(shape.maxLength, num("maxLength") ?? Infinity);
    if (typeof schema.pattern === "string") shape.patterns.push(schema.pattern);
  }

  private valueOf(subs: readonly Sub[], walk: Walk, path: (string | number)[], depth: number): Json {
    const { random } = walk;
    walk.budget -= 1;
    const shape = this.shapeOf(subs, random, depth);
    walk.sites.push({ path, shape });
    if (depth > MAX_DEPTH) return null;
    if (shape.const !== undefined) return clone(shape.const.value);
    if (shape.enum !== undefined && shape.enum.length > 0) return clone(random.pick(shape.enum));
    const type = random.pick(shape.types ?? inferTypes(shape));
    switch (type) {
      case "null":
        return null;
      case "boolean":
        return random.chance(0.5);
      case "integer":
      case "number":
        return numberFor(shape, type === "integer", random);
      case "string":
        return this.stringFor(shape, random);
      case "array":
        return this.arrayFor(shape, walk, path, depth);
      case "object":
        return this.objectFor(shape, walk, path, depth);
      default:
        return anyJson(random, 2);
    }
  }

  private lean(walk: Walk, depth: number): boolean {
    return walk.budget <= 0 || depth >= LEAN_DEPTH;
  }

  private arrayFor(shape: Shape, walk: Walk, path: (string | number)[], depth: number): Json {
    const { random } = walk;
    const lean = this.lean(walk, depth);
    const cap = shape.items === false ? shape.prefix.length : Infinity;
    const max = Math.min(shape.maxItems, cap, shape.minItems + (lean ? 0 : 4));
    const length = random.int(Math.min(shape.minItems, max), Math.max(max, 0));
    const out: Json[] = [];
    for (let i = 0; i < length; i++) {
      const subs = shape.prefix[i] ?? (shape.items === false ? [] : shape.items);
      out.push(subs.length === 0 ? anyJson(random, lean ? 0 : 1) : this.valueOf(subs, walk, [...path, i], depth + 1));
    }
    if (shape.uniqueItems) {
      const seen = new Set<string>();
      return out.filter((item, i) => {
        const key = JSON.stringify(item);
        if (seen.has(key) && i >= shape.prefix.length) return false;
        seen.add(key);
        return true;
      });
    }
    return out;
  }

  private objectFor(shape: Shape, walk: Walk, path: (string | number)[], depth: number): Json {
    const { random } = walk;
    const out: { [key: string]: Json } = {};
    const lean = this.lean(walk, depth);
    for (const [name, subs] of shape.properties) {
      const required = shape.required.has(name);
      if (!required && (lean || !random.chance(0.5))) continue;
      put(out, name, this.valueOf(subs, walk, [...path, name], depth + 1));
    }
    // Required names no `properties` entry declares: any value (or what additionalProperties allows).
    for (const name of shape.required) {
      if (Object.hasOwn(out, name)) continue;
      const subs = this.extraSubs(shape, name);
      put(out, name, subs.length === 0 ? anyJson(random, 1) : this.valueOf(subs, walk, [...path, name], depth + 1));
    }
    const room = shape.maxProperties - Object.keys(out).length;
    let extras = lean ? 0 : random.int(0, 2);
    extras = Math.max(extras, shape.minProperties - Object.keys(out).length);
    for (let i = 0; i < Math.min(extras, room); i++) {
      const pattern = shape.patternProperties.length > 0 && random.chance(0.7) ? random.pick(shape.patternProperties) : undefined;
      if (pattern === undefined && shape.additional === false) break;
      const name = pattern !== undefined ? random.pick(this.poolFor(pattern.pattern)) : extraName(random);
      if (Object.hasOwn(out, name) || shape.properties.has(name)) continue;
      const subs = this.extraSubs(shape, name);
      put(out, name, subs.length === 0 ? anyJson(random, 1) : this.valueOf(subs, walk, [...path, name], depth + 1));
    }
    return out;
  }

  /** The schemas a property not in `properties` must satisfy: its matching patternProperties, else additionalProperties. */
  private extraSubs(shape: Shape, name: string): Sub[] {
    const matching = shape.patternProperties.filter(({ pattern }) => compile(pattern)?.test(name) === true);
    if (matching.length > 0) return matching.flatMap(({ subs }) => subs);
    return shape.additional === false ? [] : shape.additional;
  }

  private stringFor(shape: Shape, random: Random): string {
    const max = Math.min(shape.maxLength, shape.minLength + 12);
    const pattern = shape.patterns[0];
    if (pattern !== undefined) {
      const fits = this.poolFor(pattern).filter((text) => {
        const length = [...text].length;
        return length >= shape.minLength && length <= shape.maxLength;
      });
      if (fits.length > 0) return random.pick(fits);
    }
    return randomString(random, shape.minLength, max);
  }

  /** Strings fast-check generates for a pattern, made once per pattern from a seed of its own. */
  private poolFor(pattern: string): readonly string[] {
    let pool = this.patternPools.get(pattern);
    if (pool === undefined) {
      const regex = compile(pattern);
      try {
        pool =
          regex === undefined
            ? []
            : fc.sample(fc.stringMatching(regex, { size: "small" }), { seed: seedOf(pattern) | 0, numRuns: 24 });
      } catch {
        pool = [];
      }
      if (pool.length === 0) pool = ["", "a", "A-1", "x_y"];
      this.patternPools.set(pattern, pool);
    }
    return pool;
  }
}

const MENTIONS_REF = new WeakMap<object, boolean>();

/** Whether a branch has a `$ref` anywhere inside (cached: deep recursive schemas ask often). */
function mentionsRef(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  let known = MENTIONS_REF.get(schema);
  if (known === undefined) {
    known = JSON.stringify(schema).includes('"$ref"');
    MENTIONS_REF.set(schema, known);
  }
  return known;
}

const REGEXES = new Map<string, RegExp | undefined>();

/** With the `u` flag when it compiles with it, as the validators read patterns. */
function compile(pattern: string): RegExp | undefined {
  if (!REGEXES.has(pattern)) {
    let regex: RegExp | undefined;
    for (const flags of ["u", ""]) {
      try {
        regex = new RegExp(pattern, flags);
        break;
      } catch {
        // try the next reading
      }
    }
    REGEXES.set(pattern, regex);
  }
  return REGEXES.get(pattern);
}

function inferTypes(shape: Shape): string[] {
  const types: string[] = [];
  if (shape.properties.size > 0 || shape.required.size > 0 || shape.additional === false) types.push("object");
  if (shape.prefix.length > 0 || (shape.items !== false && shape.items.length > 0)) types.push("array");
  if (shape.patterns.length > 0 || shape.minLength > 0 || shape.maxLength < Infinity) types.push("string");
  if (shape.minimum > -Infinity || shape.maximum < Infinity || shape.multipleOf !== undefined) types.push("number");
  return types.length > 0 ? types : ALL_TYPES;
}

function numberFor(shape: Shape, integer: boolean, random: Random): number {
  let low = Math.max(
    shape.minimum,
    shape.exclusiveMinimum === undefined ? -Infinity : shape.exclusiveMinimum + (integer ? 1 : 1e-9),
  );
  let high = Math.min(
    shape.maximum,
    shape.exclusiveMaximum === undefined ? Infinity : shape.exclusiveMaximum - (integer ? 1 : 1e-9),
  );
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  const span = random.pick([100, 1e6, 2 ** 53 - 1]);
  const from = Number.isFinite(low) ? low : Number.isFinite(high) ? high - span : -span;
  const to = Number.isFinite(high) ? high : from + 2 * span;
  if (shape.multipleOf !== undefined) {
    const step = shape.multipleOf;
    const first = Math.ceil(from / step);
    const last = Math.floor(to / step);
    return (last >= first ? random.int(first, Math.min(last, first + 1000)) : first) * step;
  }
  const edges = [from, to, 0, 1].filter((n) => n >= from && n <= to && Number.isFinite(n));
  if (edges.length > 0 && random.chance(0.3)) return random.pick(edges);
  if (integer || random.chance(0.5)) return Math.min(to, Math.max(from, Math.round(from + random.next() * (to - from))));
  return from + random.next() * (to - from);
}

/** Lone surrogates too (JSON text may carry them): lengths and `u` patterns count code points. */
const CHARACTERS = [
  "a",
  "b",
  "z",
  "A",
  "Z",
  "0",
  "9",
  "-",
  "_",
  ".",
  " ",
  "/",
  ":",
  "é",
  "ß",
  "中",
  "😀",
  "\u{10FFFF}",
  "\n",
  '"',
  "\\",
  "\uD800",
  "\uDC00",
];

function randomString(random: Random, min: number, max: number): string {
  if (random.chance(0.05)) return random.pick(["__proto__", "constructor", "toString", ""]).padEnd(min, "x");
  const length = random.int(min, Math.max(min, max));
  let text = "";
  for (let i = 0; i < length; i++)
    text += random.chance(0.5) ? random.pick(CHARACTERS) : String.fromCharCode(random.int(0x61, 0x7a));
  return text;
}

function extraName(random: Random): string {
  return random.pick(["extra", "x-extra", "__proto__", "constructor", "", "Unknown", random.int(0, 99).toString()]);
}

/** A JSON value of any type, nested at most `depth` levels. */
function anyJson(random: Random, depth: number): Json {
  switch (random.int(0, depth > 0 ? 6 : 4)) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, 1, -1, 1.5, 2 ** 53, -1e21, random.int(-1000, 1000)]);
    case 3:
    case 4:
      return randomString(random, 0, 6);
    case 5:
      return Array.from({ length: random.int(0, 3) }, () => anyJson(random, depth - 1));
    default: {
      const out: { [key: string]: Json } = {};
      for (let i = random.int(0, 3); i > 0; i--) put(out, extraName(random), anyJson(random, depth - 1));
      return out;
    }
  }
}

/** Defined, not assigned: a `__proto__` key stays an own data property, as JSON.parse makes it. */
function put(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone(value: Json): Json {
  return value === null || typeof value !== "object" ? value : (JSON.parse(JSON.stringify(value)) as Json);
}

// --- mutations --------------------------------------------------------------------------------

/**
 * Breaks the value at `site`. Mutations aimed at what its schema constrains (a required property
 * dropped, a bound crossed by one, an enum value changed) weigh more than generic ones (another
 * JSON type, a random value, wrapped in an array, stringified).
 */
function mutate(root: Json, site: Site, random: Random): Json {
  const current = at(root, site.path);
  if (current === undefined) return root;
  const { shape } = site;
  const value = current.value;
  const options: [weight: number, make: () => Json][] = [
    [3, () => wrongType(value, random)],
    [1, () => anyJson(random, 1)],
    [0.5, () => [value]],
    [0.5, () => JSON.stringify(value)],
  ];
  if (shape.enum !== undefined || shape.const !== undefined) {
    const values = shape.enum ?? [shape.const?.value ?? null];
    options.push([4, () => changed(random.pick(values), random)]);
  }
  if (typeof value === "number") {
    const bounds = [
      shape.minimum,
      shape.minimum - 1,
      shape.maximum,
      shape.maximum + 1,
      shape.exclusiveMinimum,
      shape.exclusiveMaximum,
      shape.multipleOf === undefined ? undefined : value + shape.multipleOf / 2,
    ].filter((n): n is number => typeof n === "number" && Number.isFinite(n));
    if (bounds.length > 0) options.push([4, () => random.pick(bounds)]);
    options.push([2, () => random.pick([value + 0.5, -value - 1, 2 ** 53, 1e21, -0.5])]);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (Number.isFinite(shape.maxLength)) options.push([2, () => value + "x".repeat(Math.max(1, shape.maxLength - length + 1))]);
    if (shape.minLength > 0) options.push([2, () => [...value].slice(0, shape.minLength - 1).join("")]);
    if (shape.patterns.length > 0) {
      const points = [...value];
      const at = random.int(0, Math.max(0, points.length - 1));
      options.push(
        [2, () => random.pick([`!${value}`, `${value} `, "", `${value}${value}`])],
        // A prefix, or one character replaced: what an anchored pattern's tail or a character class decides.
        [2, () => points.slice(0, at).join("")],
        [2, () => [...points.slice(0, at), random.pick(CHARACTERS), ...points.slice(at + 1)].join("")],
      );
    }
    options.push([1, () => random.pick([`${value}x`, value.slice(1)])]);
  }
  if (Array.isArray(value)) {
    options.push(
      [1, () => []],
      [1, () => [...value, ...value]],
      [1, () => value.slice(0, -1)],
      [1, () => [...value, anyJson(random, 1)]],
      [1, () => value.map((item, i) => (i === 0 ? wrongType(item, random) : item))],
      // A duplicate with its keys in another order: uniqueItems compares values, not key order.
      [1, () => (value.length > 0 ? [...value, reversedKeys(value[0] as Json)] : value)],
    );
  }
  if (isJsonObject(value)) {
    const required = [...shape.required].filter((name) => Object.hasOwn(value, name));
    options.push(
      [1, () => ({})],
      [2, () => withKey(value, random.pick(["extra", "x-unknown", "__proto__", "constructor"]), anyJson(random, 1))],
    );
    if (required.length > 0) options.push([5, () => without(value, random.pick(required))]);
    const present = Object.keys(value);
    if (present.length > 0) {
      const name = random.pick(present);
      options.push([2, () => withKey(value, name, wrongType(value[name] as Json, random))]);
    }
  }
  let roll = random.next() * options.reduce((sum, [weight]) => sum + weight, 0);
  const chosen = options.find(([weight]) => (roll -= weight) < 0) ?? options[0];
  return replaceAt(root, site.path, (chosen as [number, () => Json])[1]());
}

function at(root: Json, path: readonly (string | number)[]): { value: Json } | undefined {
  let value: Json | undefined = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, Json>)[key];
  }
  return value === undefined ? undefined : { value };
}

function replaceAt(root: Json, path: readonly (string | number)[], next: Json): Json {
  if (path.length === 0) return next;
  const parent = at(root, path.slice(0, -1))?.value;
  if (parent === null || typeof parent !== "object") return root;
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent[key as number] = next;
  else put(parent, String(key), next);
  return root;
}

/** A value of another JSON type (an integer and a fraction count as two). */
function wrongType(value: Json, random: Random): Json {
  const kindOf = (v: Json): string =>
    v === null
      ? "null"
      : Array.isArray(v)
        ? "array"
        : typeof v === "number"
          ? Number.isInteger(v)
            ? "integer"
            : "fraction"
          : typeof v;
  const others = [null, true, 0, 7, 1.5, "", "text", [], {}].filter((candidate) => kindOf(candidate) !== kindOf(value));
  return random.pick(others);
}

/** A value near `value` but not equal to it. */
function changed(value: Json, random: Random): Json {
  if (typeof value === "string")
    return random.pick([`${value}_`, value.toUpperCase() === value ? value.toLowerCase() + "x" : value.toUpperCase(), ""]);
  if (typeof value === "number") return random.pick([value + 1, -value - 1, value + 0.5]);
  if (typeof value === "boolean") return !value;
  if (value === null) return random.pick([0, "null", false]);
  return random.pick([null, JSON.stringify(value)]);
}

function reversedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (!isJsonObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).reverse()) put(out, key, reversedKeys(value[key] as Json));
  return out;
}

function without(value: { [key: string]: Json }, name: string): Json {
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) if (key !== name) put(out, key, value[key] as Json);
  return out;
}

function withKey(value: { [key: string]: Json }, name: string, next: Json): Json {
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) put(out, key, value[key] as Json);
  put(out, name, next);
  return out;
}
