/**
 * The keyword table's `docs` column as text: what a schema says about a value that a TypeScript
 * type cannot, one line per constraint, in table order — the JSDoc lines model/docs.ts gives
 * every type.
 */
import { assertNever } from "../errors.js";
import type { JsonObject } from "../json.js";
import { KEYWORDS, type DocsWords } from "./keyword-table.js";

const plural = (unit: string): string => (unit.endsWith("y") ? `${unit.slice(0, -1)}ies` : `${unit}s`);
const count = (n: unknown, unit: string): string => `${String(n)} ${n === 1 ? unit : plural(unit)}`;

function range(min: unknown, max: unknown, unit: string): string | undefined {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${count(min, unit)}` : `${String(min)} to ${count(max, unit)}`;
  if (min !== undefined) return `at least ${count(min, unit)}`;
  if (max !== undefined) return `at most ${count(max, unit)}`;
  return undefined;
}

const own = (schema: JsonObject, keyword: string): unknown => (Object.hasOwn(schema, keyword) ? schema[keyword] : undefined);

/** The keyword of the other end of a `count` pair: the row with the same unit. */
function partner(words: DocsWords & { form: "count" }): string | undefined {
  return KEYWORDS.find((row) => row.docs?.form === "count" && row.docs.unit === words.unit && row.docs.end !== words.end)
    ?.keyword;
}

function line(schema: JsonObject, keyword: string, words: DocsWords): string | undefined {
  const value = own(schema, keyword);
  switch (words.form) {
    case "count": {
      // A pair shares one line, written where its `min` row stands.
      const other = partner(words);
      if (words.end === "max") return other === undefined ? range(undefined, value, words.unit) : undefined;
      return range(value, other === undefined ? undefined : own(schema, other), words.unit);
    }
    case "value":
      if (value === undefined || (words.show === "string-only" && typeof value !== "string")) return undefined;
      return `${words.words} ${words.show === "json" ? JSON.stringify(value) : String(value)}`;
    case "when-true":
      return value === true ? words.words : undefined;
    case "when-type":
      return value === words.type || (Array.isArray(value) && value.includes(words.type)) ? words.type : undefined;
    default:
      return assertNever(words, "docs words");
  }
}

export function constraintWords(schema: JsonObject): string[] {
  return KEYWORDS.flatMap((row) => {
    const text = row.docs === undefined ? undefined : line(schema, row.keyword, row.docs);
    return text === undefined ? [] : [text];
  });
}
