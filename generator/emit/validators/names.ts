/**
 * The validators' planner, for every module-scope name in a validators module: the exported
 * `validate*`/`is*` pair of each shape, the runtime helpers, the location functions and the hoisted constants.
 * Each name says what it is, never when the compiler met it, so adding a method to a contract
 * adds that method's functions and renames nothing else (unless a new readable name meets an old
 * one: then both take suffixes, see below):
 *
 * - location functions: `matches<Stem>` (the allocation-free path), `check<Stem>` (issues) and
 *   `evaluated<Stem>` (unevaluated* annotations), where the stem is the nearest named shape's name
 *   followed by the pointer from it, `properties/` dropped and indices joined to their keyword:
 *   `#/$defs/batch/result/properties/error_code/oneOf/0` under `BatchResult` is
 *   `BatchResult_error_code_oneOf0`;
 * - hoisted constants: a kind word and a hash of their content (`pattern_563220`);
 * - helpers: their own name (`deepEqual`).
 *
 * The contract's exported names are API and always win. Any other name that is taken, or that two
 * symbols want, is given up by every symbol that wants it, which then tries a suffix hashed from
 * what it is (`isMultipleOf_de3d77`); the set of symbols decides, never their order.
 *
 * One of two planners, on purpose: naming/type-names.ts names the contract's types, the
 * binding's API, where the first readable candidate wins and numbers are the last resort. These
 * names are private and met during compilation, so stability under change wins instead: no
 * symbol keeps a contested name, and suffixes are hashes of what a symbol is, not counters.
 */
import { createHash } from "node:crypto";
import { byCodeUnits } from "../../order.js";
import { parsePointer, type Pointer } from "../../json.js";
import { isIdentifier } from "../../naming/identifiers.js";
import { ident } from "../code.js";
import { HELPER_NAMES, type HelperName, type HelperNames } from "./runtime-helpers.js";

/** The names of the three functions a schema location can be compiled into (context.ts, LocationFunctions). */
export interface LocationNames {
  /** The stem the three are named from; emitted functions are ordered by it. */
  readonly stem: string;
  /** `matches<Stem>`: the allocation-free fast path. */
  readonly is: string;
  /** `check<Stem>`: the walk that explains a failure. */
  readonly check: string;
  /** `evaluated<Stem>`: the evaluated names and indices, for unevaluated*. */
  readonly evaluated: string;
}

/** A shape with exported validators: its pointer, and the stem its locations' names start from. */
export interface NamedShape {
  readonly pointer: Pointer;
  readonly stem: string;
}

/** What the module's own code needs free: parameters and fixed locals, globals it calls, its types. */
const FIXED_LOCALS = ["x", "p", "d", "ps", "ix", "key", "i", "issues", "value", "member"];
const GLOBALS = [
  "Array",
  "BigInt",
  "Boolean",
  "Infinity",
  "JSON",
  "Map",
  "Math",
  "NaN",
  "Number",
  "Object",
  "Record",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "globalThis",
  "undefined",
];
const MODULE_TYPES = ["ValidationIssue", "ValidationResult"];

/** Locals are a lowercase word and a per-function number (`v3`); no module-scope name looks like one. */
const LOCAL_FORM = /^[a-z]+[0-9]+$/;

/** Stems longer than this are cut and hashed, so a deep pointer cannot make an unreadable name. */
const MAX_STEM = 64;

/** Keywords whose array members are subschemas: `oneOf/0` reads `oneOf0`. */
const INDEXED = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);

/** A short hex digest of what a symbol is: its pointer, its content, its helper name. */
export function hashOf(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/** Candidate names for one symbol; attempt 0 is the readable one, later ones longer hashed suffixes. */
type Candidates = (attempt: number) => readonly string[] | undefined;

/** Attempt 1 adds 6 hex digits of the hash, each later attempt 2 more; past the digest there is nothing left. */
function suffixed(base: string, key: string, attempt: number): string | undefined {
  if (attempt === 0) return base;
  const length = 4 + 2 * attempt;
  return length > 64 ? undefined : `${base}_${hashOf(key, length)}`;
}

/**
 * The planner. Each round, every unplaced symbol proposes its current candidate; one that is
 * unusable or already taken moves on, and a name proposed by two symbols moves both on. What is
 * left uncontested is granted. Each round depends only on the set of proposals, so the outcome
 * depends on the set of symbols, not on the order they were met in.
 */
export function planSymbols(
  requests: ReadonlyMap<string, Candidates>,
  taken: ReadonlySet<string>,
): Map<string, readonly string[]> {
  const granted = new Map<string, readonly string[]>();
  const used = new Set(taken);
  const attempts = new Map([...requests.keys()].map((key) => [key, 0]));
  while (attempts.size > 0) {
    const proposals = new Map<string, readonly string[]>();
    const claims = new Map<string, number>();
    for (const [key, attempt] of attempts) {
      const names = (requests.get(key) as Candidates)(attempt);
      if (names === undefined) throw new Error(`validator names: no free name left for ${key}`);
      if (names.some((name) => !usable(name) || used.has(name))) {
        attempts.set(key, attempt + 1);
        continue;
      }
      proposals.set(key, names);
      for (const name of new Set(names)) claims.set(name, (claims.get(name) ?? 0) + 1);
    }
    const placed: string[] = [];
    for (const [key, names] of proposals) {
      if (names.every((name) => claims.get(name) === 1)) {
        granted.set(key, names);
        attempts.delete(key);
        placed.push(...names);
      } else {
        attempts.set(key, (attempts.get(key) as number) + 1);
      }
    }
    // Taken only after the round: within it, every proposal is judged against the same names.
    placed.forEach((name) => used.add(name));
  }
  return granted;
}

function usable(name: string): boolean {
  return isIdentifier(name) && !LOCAL_FORM.test(name);
}

/** The names every compilation of one module shares: exported, helpers, and what must stay free. */
export interface ModulePlan {
  /** Names nothing planned may take. */
  readonly taken: ReadonlySet<string>;
  readonly helpers: HelperNames;
  readonly shapes: readonly NamedShape[];
  /** The shapes by pointer, for finding a location's nearest named shape. */
  readonly owners: ReadonlyMap<Pointer, NamedShape>;
}

/**
 * `exported`: the module's public value names (they win every clash); `types`: the type names it
 * imports. Helpers are planned here, against the exported names only, so which helpers a module
 * happens to use never renames one.
 */
export function planModule(shapes: readonly NamedShape[], exported: readonly string[], types: readonly string[]): ModulePlan {
  // Exported names are `validate<Type>`/`is<Type>` (or the fixed `validate`/`isValid`): none can be a
  // parameter, a global or a declared type, which they could not give way to.
  const needed = new Set([...FIXED_LOCALS, ...GLOBALS, ...MODULE_TYPES]);
  const shadowing = exported.find((name) => needed.has(name));
  if (shadowing !== undefined) throw new Error(`validator names: the exported ${shadowing} would shadow the module's own`);
  const reserved = new Set([...FIXED_LOCALS, ...GLOBALS, ...MODULE_TYPES, ...types, ...exported]);
  const helperRequests = new Map<string, Candidates>(
    HELPER_NAMES.map((name) => [name, (attempt) => optional(suffixed(name, `helper:${name}`, attempt))]),
  );
  const planned = planSymbols(helperRequests, reserved);
  const helpers = Object.fromEntries(HELPER_NAMES.map((name) => [name, ident((planned.get(name) as string[])[0] as string)]));
  const taken = new Set([...reserved, ...[...planned.values()].flat()]);
  const ordered = [...shapes].sort((a, b) => byCodeUnits(a.pointer, b.pointer) || byCodeUnits(a.stem, b.stem));
  return { taken, helpers: helpers as HelperNames, shapes: ordered, owners: ownersOf(ordered) };
}

function optional(name: string | undefined): readonly string[] | undefined {
  return name === undefined ? undefined : [name];
}

/**
 * The names of one compilation. Without `settled`, every symbol takes its readable name and the
 * namer notes whether any was contested; `replan()` then gives the planner's answer for the set
 * of symbols met, for a second compilation that uses it (rare: only a clash needs one).
 */
export interface Namer {
  location(pointer: Pointer): LocationNames;
  constant(key: string, kind: string): string;
  helper(name: HelperName): string;
  /** Undefined when every readable name was free; else every symbol's planned names. */
  replan(): ReadonlyMap<string, readonly string[]> | undefined;
}

export function createNamer(plan: ModulePlan, settled?: ReadonlyMap<string, readonly string[]>): Namer {
  const requests = new Map<string, Candidates>();
  const claimed = new Map<string, string>();
  let contested = false;
  const names = (key: string, candidates: Candidates): readonly string[] => {
    if (!requests.has(key)) {
      requests.set(key, candidates);
      for (const name of candidates(0) ?? []) {
        const holder = claimed.get(name);
        if (plan.taken.has(name) || !usable(name) || (holder !== undefined && holder !== key)) contested = true;
        claimed.set(name, key);
      }
    }
    if (settled === undefined) return candidates(0) as readonly string[];
    const planned = settled.get(key);
    // The second compilation meets the same symbols as the first: the emitted structure never depends on names.
    if (planned === undefined) throw new Error(`validator names: ${key} was not planned`);
    return planned;
  };
  const locations = new Map<Pointer, LocationNames>();
  return {
    location(pointer) {
      const known = locations.get(pointer);
      if (known !== undefined) return known;
      const readable = readableStem(plan.owners, pointer);
      // One symbol, three names: a location's functions move together, so they always share a stem.
      const [is, check, evaluated] = names(`location:${pointer}`, (attempt) => {
        const stem = suffixed(readable, `location:${pointer}`, attempt);
        return stem === undefined ? undefined : [`matches${stem}`, `check${stem}`, `evaluated${stem}`];
      }) as [string, string, string];
      const functions = { stem: is.slice("matches".length), is, check, evaluated };
      locations.set(pointer, functions);
      return functions;
    },
    constant(key, kind) {
      const [name] = names(`constant:${key}`, (attempt) => optional(suffixed(kind, key, attempt + 1))) as [string];
      return name;
    },
    helper(name) {
      return `${plan.helpers[name]}`;
    },
    replan() {
      return contested ? planSymbols(requests, plan.taken) : undefined;
    },
  };
}

/**
 * `<Shape>` for a named shape's own location, else `<Shape>_<path>` from the nearest named shape
 * above it (`Root` when none is): `properties/<key>` is written `<key>`, `<keyword>/<n>` is
 * `<keyword><n>`, other segments as they are, joined by `_`; a character an identifier cannot hold
 * becomes `_`. Readable, not injective on its own (`a-b` and `a_b` meet): the planner settles that.
 */
export function readableStem(owners: ReadonlyMap<Pointer, NamedShape>, pointer: Pointer): string {
  const owner = nearestOwner(owners, pointer);
  const segments = parsePointer(pointer);
  if (segments === undefined) return `Root_${hashOf(pointer, 8)}`;
  const relative = segments.slice(owner === undefined ? 0 : (parsePointer(owner.pointer) ?? []).length);
  const words: string[] = [owner?.stem ?? "Root"];
  for (let i = 0; i < relative.length; i++) {
    const segment = relative[i] as string;
    const next = relative[i + 1];
    if (segment === "properties" && next !== undefined) {
      words.push(next);
      i++;
    } else if (INDEXED.has(segment) && next !== undefined && /^(?:0|[1-9][0-9]*)$/.test(next)) {
      words.push(`${segment}${next}`);
      i++;
    } else {
      words.push(segment);
    }
  }
  const stem = words.map((word) => word.replace(/[^A-Za-z0-9_$]/g, "_")).join("_");
  return stem.length <= MAX_STEM ? stem : `${stem.slice(0, MAX_STEM - 9)}_${hashOf(pointer, 8)}`;
}

/**
 * The named shape whose pointer is the longest whole-segment prefix of `pointer`: its prefixes are
 * looked up from the longest down (a scan of every shape per location was quadratic on biome's
 * 1,758 definitions). Two shapes at one pointer: the first in the plan's order, as before.
 */
function nearestOwner(byPointer: ReadonlyMap<Pointer, NamedShape>, pointer: Pointer): NamedShape | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf("/"))) {
    const owner = byPointer.get(at);
    if (owner !== undefined) return owner;
    if (!at.includes("/")) return at === "#" ? undefined : byPointer.get("#");
  }
}

/** Each shape by its pointer; of two at one pointer, the first in the plan's order. */
function ownersOf(shapes: readonly NamedShape[]): ReadonlyMap<Pointer, NamedShape> {
  const owners = new Map<Pointer, NamedShape>();
  for (const shape of shapes) if (!owners.has(shape.pointer)) owners.set(shape.pointer, shape);
  return owners;
}
