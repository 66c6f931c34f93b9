/**
 * A draft 2020-12 schema, as analyses/bundle.ts makes it self-contained, written as the
 * draft-07 Schema Object OpenRPC 1.3 reads. Each 2020-12 spelling with a draft-07 equivalent
 * becomes that equivalent, exactly: `prefixItems` + `items` → `items` array + `additionalItems`;
 * `dependentRequired` and `dependentSchemas` → `dependencies`; a `$ref` beside other keywords
 * (which draft-07 would ignore) → `allOf: [{ $ref }]` beside them. A keyword draft-07 does not
 * define (`unevaluatedProperties`, `$dynamicRef`, `minContains`, …) has no equivalent: it is
 * kept under `x-<keyword>`, so a draft-07 reader skips it knowingly, and named in `unsaid`
 * for the document to list. Refs to the copy's `$defs` are pointed at `components/schemas`.
 */
import { BindgenError } from "../errors.js";
import { isJsonObject, type JsonObject } from "../json.js";
import { keywordRow } from "../schema/keyword-table.js";

const DEFS_PREFIX = "#/$defs/";
export const COMPONENTS_PREFIX = "#/components/schemas/";

/** Keywords the copy carries only for its own sake: the dialect (said once, by OpenRPC) and the definitions (hoisted). */
const DROPPED = new Set(["$schema", "$defs"]);

export class Draft07Writer {
  /** The 2020-12 keywords that had to go under `x-`: a draft-07 reader does not check them. */
  readonly unsaid = new Set<string>();
  readonly #where: string;

  /** `where` names the schema in messages: the contract file. */
  constructor(where: string) {
    this.#where = where;
  }

  schema(value: unknown): unknown {
    if (!isJsonObject(value)) return value;
    const out: JsonObject = {};
    for (const keyword of Object.keys(value)) {
      if (DROPPED.has(keyword) || keyword === "$ref") continue;
      this.#keyword(out, keyword, value[keyword], value);
    }
    const ref = value["$ref"];
    if (typeof ref !== "string") return out;
    const pointed = { $ref: this.#ref(ref) };
    if (Object.keys(out).length === 0) return pointed;
    const allOf = Array.isArray(out["allOf"]) ? out["allOf"] : [];
    return { ...out, allOf: [...allOf, pointed] };
  }

  #keyword(out: JsonObject, keyword: string, value: unknown, schema: JsonObject): void {
    switch (keyword) {
      case "prefixItems":
        out["items"] = this.#list(value);
        if (schema["items"] !== undefined) out["additionalItems"] = this.schema(schema["items"]);
        return;
      case "items":
        if (schema["prefixItems"] === undefined) out["items"] = this.schema(value);
        return;
      case "dependentRequired":
      case "dependentSchemas":
        this.#dependencies(out, keyword, value);
        return;
    }
    const row = keywordRow(keyword);
    const translated = this.#translated(keyword, value);
    if (row !== undefined && !row.dialects.includes("draft-07")) {
      this.unsaid.add(keyword);
      out[`x-${keyword}`] = translated;
    } else out[keyword] = translated;
  }

  /** The keyword's value with its subschemas written as draft-07 too; plain data as it is. */
  #translated(keyword: string, value: unknown): unknown {
    switch (keywordRow(keyword)?.subschemas ?? "none") {
      case "schema":
      case "schema-or-array":
        return Array.isArray(value) ? this.#list(value) : this.schema(value);
      case "array":
        return Array.isArray(value) ? this.#list(value) : value;
      case "map":
      case "schema-or-names-map":
        return isJsonObject(value) ? this.#map(value) : value;
      case "none":
        return value;
    }
  }

  #list(value: unknown): unknown[] {
    return (value as unknown[]).map((item) => this.schema(item));
  }

  #map(value: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(value))
      Object.defineProperty(out, key, { value: this.schema(value[key]), enumerable: true, writable: true, configurable: true });
    return out;
  }

  /** `dependentRequired` names and `dependentSchemas` schemas share draft-07's `dependencies`; a name in both needs both. */
  #dependencies(out: JsonObject, keyword: string, value: unknown): void {
    if (!isJsonObject(value)) return;
    const dependencies = (isJsonObject(out["dependencies"]) ? out["dependencies"] : {}) as JsonObject;
    for (const key of Object.keys(value)) {
      const entry = keyword === "dependentRequired" ? value[key] : this.schema(value[key]);
      const before = dependencies[key];
      const asSchema = (dependency: unknown): unknown => (Array.isArray(dependency) ? { required: dependency } : dependency);
      const merged = before === undefined ? entry : { allOf: [asSchema(before), asSchema(entry)] };
      Object.defineProperty(dependencies, key, { value: merged, enumerable: true, writable: true, configurable: true });
    }
    out["dependencies"] = dependencies;
  }

  #ref(ref: string): string {
    if (ref.startsWith(DEFS_PREFIX)) return `${COMPONENTS_PREFIX}${ref.slice(DEFS_PREFIX.length)}`;
    // A ref to the method's own params or result root: recursive at the top, which a content descriptor cannot point at.
    throw new BindgenError(
      "bad_contract",
      `a params or result schema that refers to itself (${JSON.stringify(ref)}) has no place in an OpenRPC document yet`,
      {
        file: this.#where,
      },
    );
  }
}
