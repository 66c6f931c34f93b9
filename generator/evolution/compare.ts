/**
 * The semantic comparison of two schemas for one use site (a method's params or its result).
 * It walks both schemas side by side after `$ref` resolution and reports each difference with
 * the severity it has for that direction. Keyword groups live in their own files and the keyword
 * table (generator/schema/keyword-table.ts) says which group owns a keyword; this file only knows the
 * walk, the recursion guard and what is left: annotations, and keywords nothing here models.
 */
import { appendPointer, canonicalJson, isJsonObject, type JsonObject } from "../json.js";
import { TYPE_DIFF } from "../schema/keyword-table.js";
import { compareAnnotations, constraintsOf } from "./annotations.js";
import { diffClassOf, onlyDocumentsOrLocates } from "./classes.js";
import { compareConstraints } from "./constraints.js";
import { compareStructure } from "./structure.js";
import { viewOf, type Located, type SchemaView } from "./view.js";
import { report, reportEffect, type Walk } from "./walk.js";

export function compareSchemas(walk: Walk, before: Located, after: Located): void {
  const a = viewOf(walk.before, before);
  const b = viewOf(walk.after, after);
  const pair = `${a.identity}\u0000${b.identity}`;
  if (walk.visited.has(pair)) return;
  walk.visited.add(pair);
  compareNullable(walk, a, b);
  // Constraints beside a draft-07 `$ref` constrain nothing; only the JSDoc shows them.
  compareAnnotations(walk, a.inert, b.inert, {
    pointer: b.pointer,
    dialects: "every keyword documents",
    label: (keyword) => `${keyword} beside $ref (ignored by its dialect)`,
  });
  if (typeof a.node === "boolean" || typeof b.node === "boolean") {
    compareBooleanSchemas(walk, a, b);
    return;
  }
  compareConstraints(walk, a.node, b.node, b.pointer);
  compareStructure(
    walk,
    { pointer: a.pointer, node: a.node, dialect: a.dialect },
    { pointer: b.pointer, node: b.node, dialect: b.dialect },
    compareSchemas,
  );
  compareAnnotations(walk, a.node, b.node, { pointer: b.pointer, dialects: [a.dialect, b.dialect] });
  compareUnclassified(walk, a, b);
}

function compareNullable(walk: Walk, a: SchemaView, b: SchemaView): void {
  if (a.nullable === b.nullable) return;
  if (b.nullable) reportEffect(walk, TYPE_DIFF, "wider", "nullable_added", b.pointer, "now accepts null");
  else reportEffect(walk, TYPE_DIFF, "narrower", "nullable_removed", b.pointer, "no longer accepts null");
}

function compareBooleanSchemas(walk: Walk, a: SchemaView, b: SchemaView): void {
  if (canonicalJson(a.node) === canonicalJson(b.node)) return;
  const anything = (view: SchemaView): boolean =>
    view.node === true ||
    (isJsonObject(view.node) && Object.keys(view.node).every((key) => onlyDocumentsOrLocates(key, [view.dialect])));
  if (anything(b)) reportEffect(walk, TYPE_DIFF, "wider", "type_widened", b.pointer, "now accepts any value");
  else if (anything(a))
    reportEffect(walk, TYPE_DIFF, "narrower", "type_narrowed", b.pointer, "used to accept any value, now constrained");
  else
    reportEffect(
      walk,
      TYPE_DIFF,
      "changed",
      "type_changed",
      b.pointer,
      `schema changed from ${canonicalJson(a.node)} to ${canonicalJson(b.node)}`,
    );
}

/**
 * Keywords this diff does not model (if/then/else, not, dependentSchemas, …) are reported as
 * breaking: a reviewer must look, since nothing here can prove the change compatible.
 */
function compareUnclassified(walk: Walk, a: SchemaView, b: SchemaView): void {
  const before = a.node as JsonObject;
  const after = b.node as JsonObject;
  const dialects = [a.dialect, b.dialect];
  const keywords = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const keyword of keywords) {
    const diff = diffClassOf(keyword, dialects);
    if (diff.compare !== "unclassified") continue;
    if (canonicalJson(before[keyword]) === canonicalJson(after[keyword])) continue;
    const at = appendPointer(b.pointer, keyword);
    // Documentation inside a subschema nothing here models (a `not`, a `propertyNames`) is still
    // only documentation.
    if (constraintsOf(keyword, before[keyword], a.dialect) === constraintsOf(keyword, after[keyword], b.dialect))
      report(walk, "annotation", "description_changed", at, `documentation inside ${keyword} changed`);
    else reportEffect(walk, diff, "changed", "keyword_changed", at, `${keyword} changed (not classified; review by hand)`);
  }
}
