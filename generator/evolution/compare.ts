/**
 * The semantic comparison of two schemas for one use site (a method's params or its result).
 * It walks both schemas side by side after `$ref` resolution and reports each difference with
 * the severity it has for that direction. Keyword groups live in their own files; this file
 * only knows the walk and the recursion guard.
 */
import { canonicalJson } from "../load/canonical.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../resolve/pointer.js";
import { compareConstraints, CONSTRAINT_KEYWORDS } from "./constraints.js";
import { compareStructure, STRUCTURE_KEYWORDS } from "./structure.js";
import { viewOf, type Located, type SchemaView } from "./view.js";
import { report, reportEffect, type Walk } from "./walk.js";

/** Keywords that only document: a change to them is an annotation. */
const ANNOTATIONS = ["$comment", "default", "deprecated", "description", "examples", "readOnly", "title", "writeOnly"] as const;

/** Keywords that locate or contain schemas rather than constrain values. */
const IGNORED = new Set(["$anchor", "$defs", "$dynamicAnchor", "$id", "$ref", "$schema", "definitions"]);

const HANDLED: ReadonlySet<string> = new Set([...IGNORED, ...ANNOTATIONS, ...CONSTRAINT_KEYWORDS, ...STRUCTURE_KEYWORDS]);

export function compareSchemas(walk: Walk, before: Located, after: Located): void {
  const a = viewOf(walk.before, before);
  const b = viewOf(walk.after, after);
  const pair = `${a.identity}\u0000${b.identity}`;
  if (walk.visited.has(pair)) return;
  walk.visited.add(pair);
  compareNullable(walk, a, b);
  if (typeof a.node === "boolean" || typeof b.node === "boolean") {
    compareBooleanSchemas(walk, a, b);
    return;
  }
  compareConstraints(walk, a.node, b.node, b.pointer);
  compareStructure(walk, { pointer: a.pointer, node: a.node }, { pointer: b.pointer, node: b.node }, compareSchemas);
  compareAnnotations(walk, a.node, b.node, b.pointer);
  compareRemaining(walk, a.node, b.node, b.pointer);
}

function compareNullable(walk: Walk, a: SchemaView, b: SchemaView): void {
  if (a.nullable === b.nullable) return;
  if (b.nullable) reportEffect(walk, "wider", true, "nullable_added", b.pointer, "now accepts null");
  else reportEffect(walk, "narrower", true, "nullable_removed", b.pointer, "no longer accepts null");
}

function compareBooleanSchemas(walk: Walk, a: SchemaView, b: SchemaView): void {
  if (canonicalJson(a.node) === canonicalJson(b.node)) return;
  const anything = (node: JsonObject | boolean): boolean =>
    node === true ||
    (isJsonObject(node) &&
      Object.keys(node).every((key) => IGNORED.has(key) || (ANNOTATIONS as readonly string[]).includes(key)));
  if (anything(b.node)) reportEffect(walk, "wider", true, "type_widened", b.pointer, "now accepts any value");
  else if (anything(a.node))
    reportEffect(walk, "narrower", true, "type_narrowed", b.pointer, "used to accept any value, now constrained");
  else
    report(
      walk,
      "breaking",
      "type_changed",
      b.pointer,
      `schema changed from ${canonicalJson(a.node)} to ${canonicalJson(b.node)}`,
    );
}

function compareAnnotations(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  for (const keyword of ANNOTATIONS) {
    const before = a[keyword];
    const after = b[keyword];
    if (canonicalJson(before) === canonicalJson(after)) continue;
    const what = before === undefined ? "added" : after === undefined ? "removed" : "changed";
    report(walk, "annotation", "description_changed", pointer, `${keyword} ${what}`);
  }
}

/**
 * Anything this diff does not model (if/then/else, not, dependentSchemas, …) is reported as
 * breaking: a reviewer must look, since nothing here can prove the change compatible.
 */
function compareRemaining(walk: Walk, a: JsonObject, b: JsonObject, pointer: Pointer): void {
  const keywords = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((keyword) => !HANDLED.has(keyword)).sort();
  for (const keyword of keywords) {
    if (canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue;
    report(
      walk,
      "breaking",
      "keyword_changed",
      appendPointer(pointer, keyword),
      `${keyword} changed (not classified; review by hand)`,
    );
  }
}
