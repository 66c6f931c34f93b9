/**
 * Structure: object properties and `required`, array tuples and items (`prefixItems`/`items`,
 * draft-07's array `items`/`additionalItems`), `additionalProperties`, and the combinators. Child
 * schemas are compared through `recurse` (the walk's own entry point), so this file needs no
 * import back into the walk. A member added or removed follows docs/evolution.md's rules for members,
 * written out here; a keyword that only narrows or widens takes its cost from the keyword table.
 */
import { assertNever } from "../errors.js";
import { appendPointer, canonicalJson, isJsonObject, type JsonObject, type Pointer } from "../json.js";
import { arrayKeywords, type Dialect } from "../schema/dialects.js";
import type { ChangeKind } from "./changes.js";
import { diffClassOfKnown } from "./classes.js";
import type { Located } from "./view.js";
import { report, reportEffect, type Walk } from "./walk.js";

export interface ObjectView {
  readonly pointer: Pointer;
  readonly node: JsonObject;
  readonly dialect: Dialect;
}

type Recurse = (walk: Walk, before: Located, after: Located) => void;

export function compareStructure(walk: Walk, a: ObjectView, b: ObjectView, recurse: Recurse): void {
  compareProperties(walk, a, b, recurse);
  compareItems(walk, a, b, recurse);
  compareAdditional(walk, a, b, recurse);
  for (const keyword of ["allOf", "anyOf", "oneOf"] as const) compareCombinator(walk, a, b, keyword, recurse);
}

function properties(schema: JsonObject): JsonObject {
  return isJsonObject(schema.properties) ? schema.properties : {};
}

function requiredSet(schema: JsonObject): Set<string> {
  return new Set(
    Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [],
  );
}

/** Property kinds read differently on each side of the wire: a param is sent, a field received. */
function propertyKind(
  walk: Walk,
  change: "added_optional" | "added_required" | "removed" | "became_required" | "became_optional",
): ChangeKind {
  if (walk.direction === "sends") return `param_${change}`;
  switch (change) {
    case "added_optional":
    case "added_required":
      return "field_added";
    case "removed":
      return "field_removed";
    case "became_required":
      return "field_became_required";
    case "became_optional":
      return "field_became_optional";
    default:
      return assertNever(change, "property change");
  }
}

function compareProperties(walk: Walk, a: ObjectView, b: ObjectView, recurse: Recurse): void {
  const before = properties(a.node);
  const after = properties(b.node);
  const requiredBefore = requiredSet(a.node);
  const requiredAfter = requiredSet(b.node);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const sends = walk.direction === "sends";
  for (const name of names) {
    const at = appendPointer(b.pointer, "properties", name);
    const was = Object.hasOwn(before, name);
    const is = Object.hasOwn(after, name);
    const label = JSON.stringify(name);
    if (!was) {
      const required = requiredAfter.has(name);
      // A new required param breaks every existing call; a new field in a result breaks nobody.
      const severity = sends && required ? "breaking" : "non-breaking";
      report(
        walk,
        severity,
        propertyKind(walk, required ? "added_required" : "added_optional"),
        at,
        `${label} added (${required ? "required" : "optional"})`,
      );
      continue;
    }
    if (!is) {
      // A removed param: existing calls that pass it are now excess properties (compile errors,
      // and a closed schema on the host rejects them). A removed field: readers find nothing.
      report(walk, "breaking", propertyKind(walk, "removed"), appendPointer(a.pointer, "properties", name), `${label} removed`);
      continue;
    }
    const required = diffClassOfKnown("required");
    if (!requiredBefore.has(name) && requiredAfter.has(name)) {
      reportEffect(walk, required, "narrower", propertyKind(walk, "became_required"), at, `${label} is now required`);
    } else if (requiredBefore.has(name) && !requiredAfter.has(name)) {
      reportEffect(walk, required, "wider", propertyKind(walk, "became_optional"), at, `${label} is now optional`);
    }
    recurse(
      walk,
      { schema: before[name], pointer: appendPointer(a.pointer, "properties", name) },
      { schema: after[name], pointer: at },
    );
  }
}

function compareItems(walk: Walk, a: ObjectView, b: ObjectView, recurse: Recurse): void {
  // Each side as its dialect spells it: draft-07's `items: [A, B]` + `additionalItems` is the
  // same array as 2020-12's `prefixItems: [A, B]` + `items`.
  const before = arrayKeywords(a.dialect, a.node);
  const after = arrayKeywords(b.dialect, b.node);
  const restBefore = a.node[before.rest];
  const restAfter = b.node[after.rest];
  if (restBefore !== undefined && restAfter !== undefined) {
    recurse(
      walk,
      { schema: restBefore, pointer: appendPointer(a.pointer, before.rest) },
      { schema: restAfter, pointer: appendPointer(b.pointer, after.rest) },
    );
  } else if (restBefore !== undefined || restAfter !== undefined) {
    const at = appendPointer(b.pointer, after.rest);
    const diff = diffClassOfKnown(after.rest);
    if (restAfter === undefined) reportEffect(walk, diff, "wider", "type_widened", at, "items are no longer constrained");
    else reportEffect(walk, diff, "narrower", "type_narrowed", at, "items are now constrained");
  }
  const prefixBefore = before.prefix === undefined ? [] : (a.node[before.prefix] as unknown[]);
  const prefixAfter = after.prefix === undefined ? [] : (b.node[after.prefix] as unknown[]);
  const common = Math.min(prefixBefore.length, prefixAfter.length);
  for (let i = 0; i < common; i += 1) {
    recurse(
      walk,
      { schema: prefixBefore[i], pointer: appendPointer(a.pointer, before.prefix ?? "prefixItems", i) },
      { schema: prefixAfter[i], pointer: appendPointer(b.pointer, after.prefix ?? "prefixItems", i) },
    );
  }
  if (prefixBefore.length !== prefixAfter.length) {
    report(
      walk,
      "breaking",
      "keyword_changed",
      appendPointer(b.pointer, after.prefix ?? before.prefix ?? "prefixItems"),
      `prefixItems length ${prefixBefore.length} → ${prefixAfter.length}`,
    );
  }
}

/** `additionalProperties` absent and `true` mean the same: anything. */
function compareAdditional(walk: Walk, a: ObjectView, b: ObjectView, recurse: Recurse): void {
  const before = a.node.additionalProperties ?? true;
  const after = b.node.additionalProperties ?? true;
  if (canonicalJson(before) === canonicalJson(after)) return;
  const at = appendPointer(b.pointer, "additionalProperties");
  if (isJsonObject(before) && isJsonObject(after)) {
    recurse(walk, { schema: before, pointer: appendPointer(a.pointer, "additionalProperties") }, { schema: after, pointer: at });
  } else if (after === true || before === false) {
    reportEffect(
      walk,
      diffClassOfKnown("additionalProperties"),
      "wider",
      "type_widened",
      at,
      `additionalProperties ${canonicalJson(before)} → ${canonicalJson(after)}`,
    );
  } else {
    reportEffect(
      walk,
      diffClassOfKnown("additionalProperties"),
      "narrower",
      "type_narrowed",
      at,
      `additionalProperties ${canonicalJson(before)} → ${canonicalJson(after)}`,
    );
  }
}

/**
 * Members are compared by position. A different member count is not classified further: the
 * members cannot be paired reliably, so a reviewer must look.
 */
function compareCombinator(
  walk: Walk,
  a: ObjectView,
  b: ObjectView,
  keyword: "allOf" | "anyOf" | "oneOf",
  recurse: Recurse,
): void {
  const before = Array.isArray(a.node[keyword]) ? a.node[keyword] : undefined;
  const after = Array.isArray(b.node[keyword]) ? b.node[keyword] : undefined;
  if (before === undefined && after === undefined) return;
  if (before === undefined || after === undefined || before.length !== after.length) {
    report(
      walk,
      "breaking",
      "keyword_changed",
      appendPointer(b.pointer, keyword),
      `${keyword} members ${before?.length ?? 0} → ${after?.length ?? 0} (not classified; review by hand)`,
    );
    return;
  }
  before.forEach((member, i) => {
    recurse(
      walk,
      { schema: member, pointer: appendPointer(a.pointer, keyword, i) },
      { schema: after[i], pointer: appendPointer(b.pointer, keyword, i) },
    );
  });
}
