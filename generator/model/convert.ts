/**
 * JSON Schema → type nodes. Every named type is reserved (given an id and a name request)
 * before it is converted, so forward and recursive references are just `ref` nodes. Inline
 * object shapes at property, item and variant positions are hoisted into named types.
 */
import { BindgenError } from "../errors.js";
import {
  itemsSite,
  inlineScope,
  propertySite,
  refTargetCandidates,
  rootSite,
  titled,
  valuesSite,
  variantSite,
  type Scope,
  type Site,
} from "./name-requests.js";
import type { SchemaGraph } from "../resolve/index.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../json.js";
import { byCodeUnits } from "../order.js";
import {
  arrayKeywords,
  declaredTypes,
  DIALECTS,
  dialectOf,
  jsonSchemaSpelling,
  readingOf,
  type Dialect,
} from "../schema/dialects.js";
import { readsBigint, type Int64Reading } from "../schema/integers.js";
import { docsOf, NO_DOCS } from "./docs.js";
import type { JsonValue, NameRequest, PrimitiveType, PropertyNode, TypeId, TypeNode } from "./types.js";

const PRIMITIVES: readonly string[] = ["string", "number", "integer", "boolean", "null"];

export class TypeConverter {
  readonly requests = new Map<TypeId, NameRequest>();
  readonly nodes = new Map<TypeId, TypeNode>();
  readonly #queue: { id: TypeId; scope: Scope }[] = [];

  constructor(
    private readonly graph: SchemaGraph,
    private readonly int64: Int64Reading = "number",
  ) {}

  /** Reserves a named type for the schema at `id`; converted when `drain` runs. */
  reserve(id: TypeId, request: NameRequest): void {
    if (this.requests.has(id)) return;
    this.requests.set(id, request);
    const name = request.candidates[0] ?? "Type";
    this.#queue.push({ id, scope: { stem: name, name } });
  }

  /** Reserves with an explicit scope (methods: stem `Snapshot`, name `SnapshotResult`). */
  reserveWithScope(id: TypeId, request: NameRequest, scope: Scope): void {
    if (this.requests.has(id)) return;
    this.requests.set(id, request);
    this.#queue.push({ id, scope });
  }

  drain(): void {
    for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) {
      const node = this.graph.node(next.id);
      this.nodes.set(next.id, this.convert(node.written, next.id, rootSite(next.scope), false, node.dialect));
    }
  }

  /** `inherited`: the dialect in force where the schema stands. */
  private convert(schema: unknown, pointer: Pointer, site: Site, hoist: boolean, inherited: Dialect): TypeNode {
    if (schema === true) return { kind: "any", docs: NO_DOCS };
    if (schema === false) return { kind: "never", docs: NO_DOCS };
    if (!isJsonObject(schema))
      throw new BindgenError("bad_contract", "a schema must be an object or a boolean", { file: this.graph.file, pointer });
    if (hoist && isObjectShape(schema)) {
      this.reserveWithScope(pointer, { candidates: titled(schema, site.candidates), priority: "inline" }, inlineScope(site));
      return { kind: "ref", target: pointer, docs: NO_DOCS };
    }
    const dialect = dialectOf(schema, inherited);
    // Documentation is read from the whole object: where its dialect ignores the siblings of a
    // `$ref`, they still describe the value to a reader.
    const docs = docsOf(jsonSchemaSpelling(dialect, schema));
    const parts: TypeNode[] = [];
    const refOnly = typeof schema.$ref === "string" && DIALECTS[dialect].refSiblings === "ignored";
    if (typeof schema.$ref === "string") parts.push(this.refNode(schema.$ref, pointer));
    if (!refOnly) {
      // A dynamic reference is typed as its first target: the type cannot follow the dynamic scope.
      for (const keyword of ["$recursiveRef", "$dynamicRef"] as const) {
        const ref = schema[keyword];
        if (typeof ref === "string" && readingOf(dialect, keyword) === "known") parts.push(this.refNode(ref, pointer));
      }
      const value = this.valueNode(schema, pointer, site, dialect);
      if (value !== undefined) parts.push(value);
      if (Array.isArray(schema.allOf)) {
        schema.allOf.forEach((member, i) =>
          parts.push(this.convert(member, appendPointer(pointer, "allOf", i), site, false, dialect)),
        );
      }
      for (const keyword of ["oneOf", "anyOf"] as const) {
        const variants = schema[keyword];
        if (!Array.isArray(variants)) continue;
        const members = variants.map((variant, i) =>
          this.convert(variant, appendPointer(pointer, keyword, i), variantSite(site, variant), true, dialect),
        );
        parts.push({ kind: "union", members, docs: NO_DOCS });
      }
    }
    if (parts.length === 0) return { kind: "any", docs };
    if (parts.length === 1) return { ...parts[0]!, docs: mergeDocs(docs, parts[0]!) };
    return { kind: "intersection", members: parts, docs };
  }

  private refNode(ref: string, from: Pointer): TypeNode {
    const target = this.graph.target(ref, from);
    this.reserve(target.pointer, { candidates: refTargetCandidates(target.pointer, target.written), priority: "inline" });
    return { kind: "ref", target: target.pointer, docs: NO_DOCS };
  }

  /** The value part of a schema: const, enum, or what `type` (declared or implied) allows. */
  private valueNode(schema: JsonObject, pointer: Pointer, site: Site, dialect: Dialect): TypeNode | undefined {
    // A 64-bit location read as bigint: its `const`/`enum` integers are bigints, which a JSON literal cannot spell.
    if (readsBigint(schema, this.int64) && (Object.hasOwn(schema, "const") || Array.isArray(schema.enum)))
      return { kind: "primitive", type: "bigint", docs: NO_DOCS };
    if (Object.hasOwn(schema, "const")) return { kind: "literal", value: schema.const as JsonValue, docs: NO_DOCS };
    if (Array.isArray(schema.enum)) return { kind: "enum", values: schema.enum as JsonValue[], docs: NO_DOCS };
    // OpenAPI's `nullable: true` is one more type here ("null"): the type gets `| null`.
    const declared = declaredTypes(dialect, schema)?.filter((type): type is string => typeof type === "string");
    const hasUnion =
      Array.isArray(schema.oneOf) ||
      Array.isArray(schema.anyOf) ||
      Array.isArray(schema.allOf) ||
      typeof schema.$ref === "string";
    const types = declared ?? impliedTypes(schema, dialect);
    const members: TypeNode[] = [];
    for (const type of types) {
      if (type === "object") {
        // `type: object` that only frames a oneOf (serde enums) adds nothing to the union.
        if (hasUnion && !declaresObjectShape(schema)) continue;
        members.push(this.objectNode(schema, pointer, site, dialect));
      } else if (type === "array") members.push(this.arrayNode(schema, pointer, site, dialect));
      else if (type === "integer" && readsBigint(schema, this.int64))
        members.push({ kind: "primitive", type: "bigint", docs: NO_DOCS });
      else if (PRIMITIVES.includes(type)) members.push({ kind: "primitive", type: type as PrimitiveType, docs: NO_DOCS });
    }
    if (members.length === 0) return undefined;
    return members.length === 1 ? members[0] : { kind: "union", members, docs: NO_DOCS };
  }

  private objectNode(schema: JsonObject, pointer: Pointer, site: Site, dialect: Dialect): TypeNode {
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [],
    );
    const names = [...new Set([...Object.keys(properties), ...required])].sort(byCodeUnits);
    const nodes: PropertyNode[] = names.map((name) => ({
      name,
      required: required.has(name),
      type: Object.hasOwn(properties, name)
        ? this.convert(
            properties[name],
            appendPointer(pointer, "properties", name),
            propertySite(site.scope, name),
            true,
            dialect,
          )
        : { kind: "any", docs: NO_DOCS },
    }));
    const extra: TypeNode[] = [];
    if (Object.hasOwn(schema, "additionalProperties") && schema.additionalProperties !== false) {
      extra.push(
        this.convert(
          schema.additionalProperties,
          appendPointer(pointer, "additionalProperties"),
          valuesSite(site),
          true,
          dialect,
        ),
      );
    }
    if (isJsonObject(schema.patternProperties)) {
      const patterns = schema.patternProperties;
      for (const key of Object.keys(patterns).sort(byCodeUnits)) {
        extra.push(
          this.convert(patterns[key], appendPointer(pointer, "patternProperties", key), valuesSite(site), true, dialect),
        );
      }
    }
    const additional =
      extra.length === 0 ? undefined : extra.length === 1 ? extra[0] : { kind: "union" as const, members: extra, docs: NO_DOCS };
    return { kind: "object", properties: nodes, additional, docs: NO_DOCS };
  }

  private arrayNode(schema: JsonObject, pointer: Pointer, site: Site, dialect: Dialect): TypeNode {
    const items = itemsSite(site);
    const { prefix: tupleKeyword, rest: restKeyword } = arrayKeywords(dialect, schema);
    const prefixSchemas = tupleKeyword === undefined ? [] : (schema[tupleKeyword] as unknown[]);
    const prefix = prefixSchemas.map((item, i) =>
      this.convert(item, appendPointer(pointer, tupleKeyword ?? "items", i), items, true, dialect),
    );
    const rest = Object.hasOwn(schema, restKeyword) ? schema[restKeyword] : true;
    const restNode = rest === false ? undefined : this.convert(rest, appendPointer(pointer, restKeyword), items, true, dialect);
    // An array may stop before its prefix ends, unless minItems says it may not: serde's fixed
    // tuples say minItems = maxItems = their length, and then every element is there.
    const minItems = schema["minItems"];
    const requiredPrefix =
      typeof minItems === "number" && Number.isInteger(minItems) && minItems > 0 ? Math.min(minItems, prefix.length) : 0;
    return { kind: "array", prefix, requiredPrefix, items: restNode, docs: NO_DOCS };
  }
}

function isObjectShape(schema: JsonObject): boolean {
  const typed = schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object"));
  return (
    (typed || schema.type === undefined) &&
    isJsonObject(schema.properties) &&
    Object.keys(schema.properties).length > 0 &&
    !Object.hasOwn(schema, "$ref")
  );
}

function declaresObjectShape(schema: JsonObject): boolean {
  return ["properties", "required", "additionalProperties", "patternProperties"].some((k) => Object.hasOwn(schema, k));
}

function impliedTypes(schema: JsonObject, dialect: Dialect): string[] {
  const implied: string[] = [];
  if (declaresObjectShape(schema)) implied.push("object");
  if (Object.hasOwn(schema, "items") || arrayKeywords(dialect, schema).prefix !== undefined) implied.push("array");
  return implied;
}

function mergeDocs(outer: TypeNode["docs"], inner: TypeNode): TypeNode["docs"] {
  if (inner.docs === NO_DOCS) return outer;
  return {
    ...inner.docs,
    ...outer,
    constraints: [...inner.docs.constraints, ...outer.constraints],
    deprecated: outer.deprecated || inner.docs.deprecated,
  };
}
