/**
 * Value constraints: `type`, `enum`/`const`, numeric/length/count bounds, and the rules
 * (`pattern`, `format`, `uniqueItems`, `multipleOf`). Each change is classified by whether the
 * accepted set grew or shrank; the keyword table's cost for the walk's side turns that into a
 * severity. Which keyword is a bound or a rule is the table's `compare` column.
 */
import { canonicalJson } from "../json.js";
import type { JsonObject, Pointer } from "../json.js";
import { TYPE_DIFF } from "../schema/keyword-table.js";
import { diffClassOfKnown, keywordsComparedBy } from "./classes.js";
import { reportEffect, type Walk } from "./walk.js";

const LOWER_BOUNDS = keywordsComparedBy("lower-bound");
const BOUNDS = [...LOWER_BOUNDS, ...keywordsComparedBy("upper-bound")].sort();
/** Rules that cannot be ordered: any change may both admit and reject values. */
const RULES = keywordsComparedBy("rule");

export function compareConstraints(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  compareTypes(walk, a, b, pointer);
  compareValues(walk, a, b, pointer);
  compareBounds(walk, a, b, pointer);
  compareRules(walk, a, b, pointer);
}

function typeSet(schema: JsonObject): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.filter((t): t is string => typeof t === "string"));
  return undefined;
}

/** `integer` values are also `number` values. */
function covers(set: ReadonlySet<string>, type: string): boolean {
  return set.has(type) || (type === "integer" && set.has("number"));
}

const shown = (set: ReadonlySet<string>): string => [...set].sort().join(" | ");

function compareTypes(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  const before = typeSet(a);
  const after = typeSet(b);
  if (before === undefined && after === undefined) return;
  if (before === undefined || after === undefined) {
    // A schema without `type` but with `enum`/`const` already fixes its type: adding or dropping
    // a matching `type` keyword then changes nothing a caller can see.
    if (["enum", "const"].some((keyword) => Object.hasOwn(before === undefined ? a : b, keyword))) return;
    if (after === undefined)
      reportEffect(walk, TYPE_DIFF, "wider", "type_widened", pointer, `type ${shown(before as Set<string>)} → any`);
    else reportEffect(walk, TYPE_DIFF, "narrower", "type_narrowed", pointer, `type any → ${shown(after)}`);
    return;
  }
  const grew = [...after].some((type) => !covers(before, type));
  const shrank = [...before].some((type) => !covers(after, type));
  const message = `type ${shown(before)} → ${shown(after)}`;
  if (grew && shrank) reportEffect(walk, TYPE_DIFF, "changed", "type_changed", pointer, message);
  else if (grew) reportEffect(walk, TYPE_DIFF, "wider", "type_widened", pointer, message);
  else if (shrank) reportEffect(walk, TYPE_DIFF, "narrower", "type_narrowed", pointer, message);
}

/** The allowed values, when `enum` or `const` lists them: canonical JSON → the value as written. */
function valueSet(schema: JsonObject): Map<string, unknown> | undefined {
  if (Object.hasOwn(schema, "const")) return new Map([[canonicalJson(schema.const), schema.const]]);
  if (Array.isArray(schema.enum)) return new Map(schema.enum.map((value) => [canonicalJson(value), value]));
  return undefined;
}

function compareValues(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  if (Object.hasOwn(a, "const") && Object.hasOwn(b, "const")) {
    const before = canonicalJson(a.const);
    const after = canonicalJson(b.const);
    if (before !== after)
      reportEffect(walk, diffClassOfKnown("const"), "changed", "const_changed", pointer, `const ${before} → ${after}`);
    return;
  }
  const before = valueSet(a);
  const after = valueSet(b);
  if (before === undefined && after === undefined) return;
  // Gaining or losing the list of values changes the generated type (a literal union or not).
  if (before === undefined) {
    reportEffect(
      walk,
      TYPE_DIFF,
      "narrower",
      "type_narrowed",
      pointer,
      `now restricted to ${[...(after as Map<string, unknown>).keys()].sort().join(", ")}`,
    );
    return;
  }
  if (after === undefined) {
    reportEffect(
      walk,
      TYPE_DIFF,
      "wider",
      "type_widened",
      pointer,
      `no longer restricted to ${[...before.keys()].sort().join(", ")}`,
    );
    return;
  }
  // An enum value added to a result still compiles (the union just grows), but a caller's
  // exhaustive switch never handles it: dangerous rather than breaking (the `enum` row's cost).
  const values = diffClassOfKnown("enum");
  for (const value of [...after.keys()].filter((v) => !before.has(v)).sort()) {
    reportEffect(walk, values, "wider", "enum_value_added", pointer, `enum value ${value} added`);
  }
  for (const value of [...before.keys()].filter((v) => !after.has(v)).sort()) {
    reportEffect(walk, values, "narrower", "enum_value_removed", pointer, `enum value ${value} removed`);
  }
}

function compareBounds(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  for (const keyword of BOUNDS) {
    const before = a[keyword];
    const after = b[keyword];
    if (canonicalJson(before) === canonicalJson(after)) continue;
    const message = `${keyword} ${before === undefined ? "(none)" : canonicalJson(before)} → ${after === undefined ? "(none)" : canonicalJson(after)}`;
    const lower = LOWER_BOUNDS.includes(keyword);
    let tighter: boolean;
    if (typeof before !== "number") tighter = true;
    else if (typeof after !== "number") tighter = false;
    else tighter = lower ? after > before : after < before;
    // Bounds are runtime rules, not part of the TypeScript type: a looser result bound is dangerous.
    const diff = diffClassOfKnown(keyword);
    if (tighter) reportEffect(walk, diff, "narrower", "bound_tightened", pointer, message);
    else reportEffect(walk, diff, "wider", "bound_loosened", pointer, message);
  }
}

function compareRules(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  for (const keyword of RULES) {
    // `uniqueItems: false` is no rule at all, the same as leaving it out.
    const before = keyword === "uniqueItems" ? a[keyword] === true || undefined : a[keyword];
    const after = keyword === "uniqueItems" ? b[keyword] === true || undefined : b[keyword];
    if (canonicalJson(before) === canonicalJson(after)) continue;
    const message = `${keyword} ${before === undefined ? "(none)" : canonicalJson(before)} → ${after === undefined ? "(none)" : canonicalJson(after)}`;
    const diff = diffClassOfKnown(keyword);
    if (before === undefined) reportEffect(walk, diff, "narrower", "bound_tightened", pointer, message);
    else if (after === undefined) reportEffect(walk, diff, "wider", "bound_loosened", pointer, message);
    else if (walk.direction === "sends")
      reportEffect(
        walk,
        diff,
        "changed",
        "bound_tightened",
        pointer,
        `${message} (a changed rule may reject values it used to accept)`,
      );
    else
      reportEffect(
        walk,
        diff,
        "changed",
        "bound_loosened",
        pointer,
        `${message} (a changed rule may admit values it used to reject)`,
      );
  }
}
