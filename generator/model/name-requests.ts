/**
 * Requested names for types, derived from where a shape sits: its method, its property, its
 * tag. The planner (plan.ts) turns requests into final names. Names are never numbered here.
 */
import { isJsonObject } from "../json.js";
import { parsePointer } from "../json.js";
import { pascalCase, singular } from "../words.js";

/** The nearest named type around a position: `stem` is its short form (`Snapshot` for `SnapshotResult`). */
export interface Scope {
  readonly stem: string;
  readonly name: string;
  /**
   * For an inline shape: how many inline shapes it sits in, counting itself (1 for a property of
   * a definition), and the stem of the definition or method part they all sit in.
   */
  readonly nesting?: { readonly depth: number; readonly root: string };
}

/**
 * From this many levels of inline shapes down, a property's shape is named after the outermost
 * named type and its own key (`Def0Level47`) before the whole path (`Def0Level49Level48Level47`):
 * each level would otherwise add a word to every name below it, and the names of objects nested
 * fifty deep — in the types, the validators, api.md — grew with the square of the depth.
 */
const PATH_NAMES_UP_TO_DEPTH = 2;

/** The scope a hoisted inline shape gives what is inside it. */
export function inlineScope(site: Site): Scope {
  const name = site.candidates[0] ?? site.scope.name;
  const outer = site.scope.nesting;
  return {
    stem: site.candidates[0] ?? site.scope.stem,
    name,
    nesting: { depth: (outer?.depth ?? 0) + 1, root: outer?.root ?? site.scope.stem },
  };
}

/** Where a schema sits, as far as naming cares. */
export interface Site {
  readonly scope: Scope;
  /** What this schema would be called if it became a named type. */
  readonly candidates: readonly string[];
  /** The property this schema is the value of (PascalCase), if any: names array items after it. */
  readonly label: string | undefined;
}

const unique = (names: readonly string[]): string[] => [...new Set(names.filter((name) => name !== ""))];

export function titled(schema: unknown, candidates: readonly string[]): string[] {
  const title = isJsonObject(schema) && typeof schema.title === "string" ? pascalCase(schema.title) : "";
  return unique([title, ...candidates]);
}

export function rootSite(scope: Scope): Site {
  return { scope, candidates: [scope.name], label: undefined };
}

export function propertySite(scope: Scope, key: string): Site {
  const word = pascalCase(key) || "Property";
  const path = [`${scope.stem}${word}`, `${scope.name}${word}`];
  const deep = scope.nesting !== undefined && scope.nesting.depth >= PATH_NAMES_UP_TO_DEPTH;
  return { scope, candidates: unique(deep ? [`${scope.nesting?.root}${word}`, ...path] : path), label: word };
}

/** `apps: [{…}]` in `AppsResult` → `AppEntry`; `elements: [{…}]` in `SnapshotResult` → `SnapshotElement`. */
export function itemsSite(parent: Site): Site {
  const { scope, label } = parent;
  if (label === undefined) return { scope, candidates: unique(parent.candidates.map((c) => `${c}Item`)), label: undefined };
  const one = singular(label);
  const first = scope.stem.startsWith(one) ? `${one}Entry` : `${scope.stem}${one}`;
  return {
    scope,
    candidates: unique([first, `${scope.stem}${one}Entry`, `${scope.name}${one}`, `${scope.name}${one}Entry`]),
    label: undefined,
  };
}

/** Map values (`additionalProperties`) of a shape called `Env` → `EnvValue`. */
export function valuesSite(parent: Site): Site {
  return { scope: parent.scope, candidates: unique(parent.candidates.map((c) => `${c}Value`)), label: undefined };
}

/**
 * One member of a oneOf/anyOf, named after its tag when it has one (serde's internally and
 * externally tagged enums), else its title, else its first required property.
 */
export function variantSite(parent: Site, variant: unknown): Site {
  const base = parent.candidates[0] ?? parent.scope.name;
  const words: string[] = [];
  if (isJsonObject(variant)) {
    const properties = isJsonObject(variant.properties) ? variant.properties : {};
    const required = Array.isArray(variant.required) ? variant.required.filter((r): r is string => typeof r === "string") : [];
    for (const key of Object.keys(properties).sort()) {
      const tag = tagValue(properties[key]);
      if (tag !== undefined && required.includes(key)) words.push(pascalCase(tag));
    }
    const keys = Object.keys(properties);
    if (required.length === 1 && keys.length === 1) words.push(pascalCase(required[0]!));
    if (typeof variant.title === "string") words.unshift(pascalCase(variant.title));
    const firstRequired = [...required].sort()[0];
    if (firstRequired !== undefined) words.push(`With${pascalCase(firstRequired)}`);
  }
  const candidates = words.filter((w) => w !== "").map((w) => (w.startsWith(base) ? w : `${base}${w}`));
  return { scope: parent.scope, candidates: unique([...candidates, `${base}Variant`]), label: undefined };
}

function tagValue(schema: unknown): string | undefined {
  if (!isJsonObject(schema)) return undefined;
  if (typeof schema.const === "string") return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && typeof schema.enum[0] === "string") return schema.enum[0];
  return undefined;
}

/** A `$ref` target that is not a top-level definition: named after its title, anchor or last key. */
export function refTargetCandidates(pointer: string, schema: unknown): string[] {
  const segments = parsePointer(pointer) ?? [];
  const keyWords = segments.filter(
    (s) => !/^(?:\$defs|definitions|properties|items|prefixItems|allOf|anyOf|oneOf|[0-9]+)$/.test(s),
  );
  const last = pascalCase(keyWords[keyWords.length - 1] ?? "");
  const anchor = isJsonObject(schema) && typeof schema.$anchor === "string" ? pascalCase(schema.$anchor) : "";
  const path = keyWords.map(pascalCase).join("");
  return titled(schema, unique([anchor, last, path, "Root"]));
}
