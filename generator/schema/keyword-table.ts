/**
 * The keyword table: one row per JSON Schema keyword this toolchain knows, and every stage reads
 * its facts here — which drafts define it, where its subschemas are, whether it constrains a
 * value or only documents it, how it reads in a type's JSDoc, and what a change to it costs a
 * caller on each side of the wire. A keyword that is not in the table (`x-rust-type`,
 * `markdownDescription`, a contract's own `params`) is an annotation everywhere, as the
 * specification says of keywords it does not define.
 *
 * Rows are grouped by vocabulary. Their order is read in one place, so it is kept on purpose: the
 * docs lines come out in the order the JSDoc always showed them (see docs-words.ts).
 */

/** The drafts whose keywords are listed: the dialects of dialects.ts. */
export type Draft = "draft-07" | "2019-09" | "2020-12" | "openapi-3.0";

/**
 * Where a keyword's value holds subschemas: `schema` (one), `array` (a list), `map` (an object of
 * schemas by name), `schema-or-array` (draft-07 `items`: one schema, or a tuple of them), and
 * `schema-or-names-map` (draft-07 `dependencies`: each value a schema or a list of names).
 */
export type Subschemas = "none" | "schema" | "array" | "map" | "schema-or-array" | "schema-or-names-map";

/**
 * Which part of the instance a keyword's subschemas are applied to: the value itself (`in-place`:
 * `allOf`, `$ref`'s target, `then`), one named property's value (`property`), the values of other
 * keys (`other-properties`), the key strings themselves (`property-names`), array items by position
 * (`prefix-items`, draft-07's tuple `items`) or the rest of them (`items`); `condition` (`if`) and
 * `negation` (`not`) decide validity without their subschema holding for the value; `none`: no
 * instance (definitions, `contentSchema`). Keywords without subschemas have `none`.
 */
export type Applies =
  "none" | "in-place" | "property" | "other-properties" | "property-names" | "prefix-items" | "items" | "condition" | "negation";

/**
 * `constrains`: can fail a value. `annotates`: never fails one (documentation, and `format`, which
 * 2020-12 makes an annotation by default). `identifies`: names a location or a dialect.
 * `contains`: holds definitions reached only through `$ref`. `refused`: needs machinery this
 * toolchain does not have (dynamic scopes, vocabularies), so a schema using it is refused rather
 * than read wrongly.
 */
export type Role = "constrains" | "annotates" | "identifies" | "contains" | "refused";

/**
 * How the keyword reads in a type's JSDoc (`Docs.constraints`). `count`: one end of a min/max pair
 * that shares one line ("1 to 20 items"); `value`: the words, then the value (`as-is`: as
 * `String()` writes it; `string-only`: only a string value; `json`: as JSON); `when-true`: the
 * words when the value is `true`; `when-type`: the type's name when `type` is or includes it.
 */
export type DocsWords =
  | { readonly form: "count"; readonly end: "min" | "max"; readonly unit: string }
  | { readonly form: "value"; readonly words: string; readonly show: "as-is" | "string-only" | "json" }
  | { readonly form: "when-true"; readonly words: string }
  | { readonly form: "when-type"; readonly type: string };

/**
 * Which comparison of the diff (generator/evolution/) reads the keyword. `annotation`: any change
 * is an annotation entry. `location`: not compared itself (`$ref` is followed, definitions are
 * reached through it, ids and anchors only name places). `unclassified`: not modelled, so any
 * change is reported for a reviewer. The others name the comparer that owns the keyword.
 */
export type Comparison =
  | "annotation"
  | "location"
  | "type"
  | "values"
  | "lower-bound"
  | "upper-bound"
  | "rule"
  | "properties"
  | "items"
  | "additional"
  | "members"
  | "unclassified";

/**
 * What a change costs a caller on one side of the wire. A change lets fewer values through
 * (narrower) or more (wider); a change that does both costs the worse of the two.
 * - `narrowing-breaks`: narrower is breaking, wider non-breaking (params: calls that worked fail);
 * - `widening-breaks`: wider is breaking, narrower non-breaking (results whose generated type grows);
 * - `widening-dangerous`: wider is dangerous, narrower non-breaking (results where only a runtime
 *   rule grows: callers compile, but may meet values they never handled);
 * - `any-change-breaks`: any change is breaking;
 * - `annotation`: any change is an annotation entry;
 * - `per-member`: the keyword's members are compared one by one, by the rules for members (a
 *   property added or removed, a combinator's member count) in evolution/structure.ts;
 * - `none`: not a change by itself.
 */
export type Cost =
  "narrowing-breaks" | "widening-breaks" | "widening-dangerous" | "any-change-breaks" | "annotation" | "per-member" | "none";

/** The diff's reading of a keyword: its comparer, and the cost in params and in results. */
export interface DiffClass {
  readonly compare: Comparison;
  /** In params: what the client sends. */
  readonly sends: Cost;
  /** In results (and notifications): what the client receives. */
  readonly receives: Cost;
}

export interface KeywordRow {
  readonly keyword: string;
  /** The drafts that define it. */
  readonly dialects: readonly Draft[];
  readonly subschemas: Subschemas;
  /** What its subschemas are applied to (draft-07's array-form `items` is read as `prefix-items` by its reader). */
  readonly applies: Applies;
  /** Its value is a URI reference to a schema applied in place (`$ref`, and the dynamic references). */
  readonly refers: boolean;
  readonly role: Role;
  readonly docs: DocsWords | undefined;
  readonly diff: DiffClass;
}

const ALL: readonly Draft[] = ["draft-07", "2019-09", "2020-12"];
const SINCE_2019: readonly Draft[] = ["2019-09", "2020-12"];

/** Both sides of the wire, for the rows of docs/evolution.md's table that read the same way on each. */
const both = (compare: Comparison, cost: Cost): DiffClass => ({ compare, sends: cost, receives: cost });

/** The accepted set as the generated type shows it: a wider result changes the type callers compiled against. */
const typed = (compare: Comparison): DiffClass => ({ compare, sends: "narrowing-breaks", receives: "widening-breaks" });

/** The accepted set as only a validator sees it (bounds, rules, enum values): a wider result still compiles. */
const runtime = (compare: Comparison): DiffClass => ({ compare, sends: "narrowing-breaks", receives: "widening-dangerous" });

export const ANNOTATION_DIFF: DiffClass = both("annotation", "annotation");
const LOCATION_DIFF = both("location", "none");
const UNCLASSIFIED_DIFF = both("unclassified", "any-change-breaks");

/** How a change of `type` (and of null-ness, and of a schema becoming `true`) reads. */
export const TYPE_DIFF: DiffClass = typed("type");

type Row = Omit<KeywordRow, "docs" | "dialects" | "refers" | "applies"> & {
  readonly applies?: Applies;
  readonly docs?: DocsWords;
  readonly dialects?: readonly Draft[];
  readonly refers?: boolean;
};

const row = (keyword: string, fields: Omit<Row, "keyword">): KeywordRow => ({
  keyword,
  dialects: fields.dialects ?? ALL,
  subschemas: fields.subschemas,
  // A reference applies its target where it stands.
  applies: fields.applies ?? (fields.refers === true ? "in-place" : "none"),
  refers: fields.refers ?? false,
  role: fields.role,
  docs: fields.docs,
  diff: fields.diff,
});

const identifier = (keyword: string, dialects: readonly Draft[]): KeywordRow =>
  row(keyword, { dialects, subschemas: "none", role: "identifies", diff: LOCATION_DIFF });
const annotation = (keyword: string, extra: Partial<Omit<Row, "keyword">> = {}): KeywordRow =>
  row(keyword, { subschemas: "none", role: "annotates", diff: ANNOTATION_DIFF, ...extra });
/** A constraint the diff does not model (`not`, `if`, `contains`, …): any change needs a reviewer. */
const unmodelled = (keyword: string, subschemas: Subschemas, applies: Applies, dialects: readonly Draft[] = ALL): KeywordRow =>
  row(keyword, { dialects, subschemas, applies, role: "constrains", diff: UNCLASSIFIED_DIFF });
/** A bound or rule only validators enforce: the generated type does not show it. */
const rule = (keyword: string, compare: "lower-bound" | "upper-bound" | "rule", docs: DocsWords): KeywordRow =>
  row(keyword, { subschemas: "none", role: "constrains", docs, diff: runtime(compare) });

const JSON_SCHEMA_KEYWORDS: readonly KeywordRow[] = [
  // core
  identifier("$schema", ALL),
  identifier("$id", ALL),
  identifier("$anchor", SINCE_2019),
  // A $dynamicAnchor is an ordinary anchor too (the resolver indexes it), and a dynamic one for $dynamicRef.
  identifier("$dynamicAnchor", ["2020-12"]),
  identifier("$recursiveAnchor", ["2019-09"]),
  row("$ref", { subschemas: "none", role: "constrains", refers: true, diff: LOCATION_DIFF }),
  // References whose target depends on the dynamic scope; the diff does not follow them.
  row("$dynamicRef", { dialects: ["2020-12"], subschemas: "none", role: "constrains", refers: true, diff: UNCLASSIFIED_DIFF }),
  row("$recursiveRef", { dialects: ["2019-09"], subschemas: "none", role: "constrains", refers: true, diff: UNCLASSIFIED_DIFF }),
  // Meaningful only where a schema is used as a meta-schema: a `$schema` naming a custom meta-schema is refused instead.
  identifier("$vocabulary", SINCE_2019),
  annotation("$comment"),
  row("$defs", { dialects: SINCE_2019, subschemas: "map", role: "contains", diff: LOCATION_DIFF }),
  row("definitions", { dialects: ["draft-07"], subschemas: "map", role: "contains", diff: LOCATION_DIFF }),

  // applicators: objects
  row("properties", { subschemas: "map", applies: "property", role: "constrains", diff: both("properties", "per-member") }),
  unmodelled("patternProperties", "map", "other-properties"),
  row("additionalProperties", {
    subschemas: "schema",
    applies: "other-properties",
    role: "constrains",
    diff: typed("additional"),
  }),
  unmodelled("propertyNames", "schema", "property-names"),
  // applicators: in place
  row("allOf", { subschemas: "array", applies: "in-place", role: "constrains", diff: both("members", "per-member") }),
  row("anyOf", { subschemas: "array", applies: "in-place", role: "constrains", diff: both("members", "per-member") }),
  row("oneOf", { subschemas: "array", applies: "in-place", role: "constrains", diff: both("members", "per-member") }),
  // applicators: arrays. 2020-12 reads `items` as one schema only; its array form is draft-07's tuple.
  row("items", { subschemas: "schema-or-array", applies: "items", role: "constrains", diff: typed("items") }),
  row("prefixItems", {
    dialects: ["2020-12"],
    subschemas: "array",
    applies: "prefix-items",
    role: "constrains",
    diff: both("items", "per-member"),
  }),
  unmodelled("contains", "schema", "items"),
  unmodelled("not", "schema", "negation"),
  unmodelled("if", "schema", "condition"),
  unmodelled("then", "schema", "in-place"),
  unmodelled("else", "schema", "in-place"),
  unmodelled("dependentSchemas", "map", "in-place", SINCE_2019),
  unmodelled("unevaluatedItems", "schema", "items", SINCE_2019),
  unmodelled("unevaluatedProperties", "schema", "other-properties", SINCE_2019),

  // validation, in the order the JSDoc lists the constraints
  row("type", { subschemas: "none", role: "constrains", docs: { form: "when-type", type: "integer" }, diff: TYPE_DIFF }),
  row("enum", { subschemas: "none", role: "constrains", diff: runtime("values") }),
  // A different constant is a different literal type, on either side.
  row("const", { subschemas: "none", role: "constrains", diff: both("values", "any-change-breaks") }),
  rule("minItems", "lower-bound", { form: "count", end: "min", unit: "item" }),
  rule("maxItems", "upper-bound", { form: "count", end: "max", unit: "item" }),
  rule("minLength", "lower-bound", { form: "count", end: "min", unit: "character" }),
  rule("maxLength", "upper-bound", { form: "count", end: "max", unit: "character" }),
  rule("minProperties", "lower-bound", { form: "count", end: "min", unit: "property" }),
  rule("maxProperties", "upper-bound", { form: "count", end: "max", unit: "property" }),
  rule("minimum", "lower-bound", { form: "value", words: "minimum", show: "as-is" }),
  rule("exclusiveMinimum", "lower-bound", { form: "value", words: "greater than", show: "as-is" }),
  rule("maximum", "upper-bound", { form: "value", words: "maximum", show: "as-is" }),
  rule("exclusiveMaximum", "upper-bound", { form: "value", words: "less than", show: "as-is" }),
  rule("multipleOf", "rule", { form: "value", words: "multiple of", show: "as-is" }),
  rule("uniqueItems", "rule", { form: "when-true", words: "items are unique" }),
  rule("pattern", "rule", { form: "value", words: "pattern:", show: "string-only" }),
  row("required", { subschemas: "none", role: "constrains", diff: typed("properties") }),
  unmodelled("dependentRequired", "none", "none", SINCE_2019),
  unmodelled("minContains", "none", "none", SINCE_2019),
  unmodelled("maxContains", "none", "none", SINCE_2019),

  // format: an annotation for the validators (2020-12's default), but a host may assert it, so
  // the diff reads it as a rule, as docs/evolution.md's table says.
  annotation("format", { docs: { form: "value", words: "format:", show: "string-only" }, diff: runtime("rule") }),

  // meta-data
  annotation("title"),
  annotation("description"),
  annotation("default", { docs: { form: "value", words: "default:", show: "json" } }),
  annotation("deprecated", { dialects: SINCE_2019 }),
  annotation("readOnly"),
  annotation("writeOnly"),
  annotation("examples"),

  // content: annotations in every draft; nothing here decodes or checks content.
  annotation("contentEncoding"),
  annotation("contentMediaType"),
  annotation("contentSchema", { dialects: SINCE_2019, subschemas: "schema" }),

  // retired: draft-07 spellings that 2020-12 replaced (dialects.ts says what 2020-12 does with them)
  row("additionalItems", {
    dialects: ["draft-07", "2019-09"],
    subschemas: "schema",
    applies: "items",
    role: "constrains",
    diff: typed("items"),
  }),
  unmodelled("dependencies", "schema-or-names-map", "in-place", ["draft-07"]),
];

/**
 * The keywords of OpenAPI 3.0's Schema Object that JSON Schema defines too, read as draft-07
 * reads them (but for `exclusiveMinimum`/`exclusiveMaximum`: see dialects.ts), and
 * `additionalItems`, which schemars emits beside a tuple's array-form `items` in this dialect.
 * Keywords only OpenAPI defines have rows of their own below.
 */
const OPENAPI_SHARED: ReadonlySet<string> = new Set([
  "$ref",
  "title",
  "description",
  "default",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "enum",
  "type",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "items",
  "additionalItems",
  "properties",
  "additionalProperties",
  "format",
  "readOnly",
  "writeOnly",
  "deprecated",
]);

export const KEYWORDS: readonly KeywordRow[] = [
  ...JSON_SCHEMA_KEYWORDS.map((entry) =>
    OPENAPI_SHARED.has(entry.keyword) ? { ...entry, dialects: [...entry.dialects, "openapi-3.0" as const] } : entry,
  ),
  // OpenAPI 3.0 only. `nullable: true` widens the sibling `type` (dialects.ts), so a change to it reads as one to `type`.
  row("nullable", { dialects: ["openapi-3.0"], subschemas: "none", role: "constrains", diff: TYPE_DIFF }),
  annotation("example", { dialects: ["openapi-3.0"] }),
  annotation("discriminator", { dialects: ["openapi-3.0"] }),
  annotation("externalDocs", { dialects: ["openapi-3.0"] }),
  annotation("xml", { dialects: ["openapi-3.0"] }),
];

const BY_NAME: ReadonlyMap<string, KeywordRow> = new Map(KEYWORDS.map((entry) => [entry.keyword, entry]));

/** The keyword's row; undefined for a keyword no draft defines, which is an annotation. */
export function keywordRow(keyword: string): KeywordRow | undefined {
  return BY_NAME.get(keyword);
}
