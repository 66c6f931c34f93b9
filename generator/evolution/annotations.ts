/**
 * Annotation entries: a change to a keyword that only documents (the keyword table's
 * `annotation` class, and every keyword the dialect does not define, `x-…` included) is
 * reported for reviewers, and never counts against callers. One rule for schemas, method
 * entries and the contract root.
 */
import { canonicalJson, isJsonObject, type JsonObject, type Pointer, ROOT } from "../json.js";
import { dialectOf, type Dialect } from "../schema/dialects.js";
import { forEachSubschema } from "../schema/subschemas.js";
import { diffClassOf } from "./classes.js";
import { report, type Walk } from "./walk.js";

export interface AnnotationSite {
  readonly pointer: Pointer;
  /** The dialects of the two sides, which decide what documents; or every keyword here does. */
  readonly dialects: readonly Dialect[] | "every keyword documents";
  /** Keys that are not annotations here even though no draft defines them (a method's `params`). */
  readonly skip?: readonly string[];
  /** How the message names the keyword: `description`, `contract description`, … */
  readonly label?: (keyword: string) => string;
}

export function compareAnnotations(walk: Walk, a: JsonObject, b: JsonObject, site: AnnotationSite): void {
  const keywords = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const keyword of keywords) {
    if (site.skip?.includes(keyword) === true) continue;
    if (site.dialects !== "every keyword documents" && diffClassOf(keyword, site.dialects).compare !== "annotation") continue;
    const was = Object.hasOwn(a, keyword);
    const is = Object.hasOwn(b, keyword);
    if (was && is && canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue;
    const what = !was ? "added" : !is ? "removed" : "changed";
    report(walk, "annotation", "description_changed", site.pointer, `${site.label?.(keyword) ?? keyword} ${what}`);
  }
}

/**
 * One keyword of a schema, without the documentation in the subschemas it holds (found with the
 * one walker, so at schema positions only: `enum` and `default` values are data and stay): what
 * is left constrains values. Two keywords equal after this differ only in what they say.
 */
export function constraintsOf(keyword: string, value: unknown, dialect: Dialect): string {
  if (value === undefined) return "";
  // A deep copy of parsed JSON, so stripping never touches the schema being compared.
  const copy = { [keyword]: JSON.parse(JSON.stringify(value)) as unknown };
  const strip = (schema: unknown, _pointer: Pointer, inherited: Dialect): void => {
    if (!isJsonObject(schema)) return;
    const own = dialectOf(schema, inherited);
    forEachSubschema(schema, ROOT, own, strip);
    for (const key of Object.keys(schema)) if (diffClassOf(key, [own]).compare === "annotation") delete schema[key];
  };
  forEachSubschema(copy, ROOT, dialect, strip);
  return canonicalJson(copy[keyword]);
}
