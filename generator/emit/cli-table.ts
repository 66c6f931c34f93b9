/**
 * Model → the facts a command line shows about each tool: its params with display type text,
 * required marks and descriptions, and the named shapes that text refers to. Plain data here;
 * emit/cli.ts turns it into code through the code door.
 */
import { assertNever } from "../errors.js";
import { byCodeUnits } from "../order.js";
import type { ContractModel, Docs, Method, NamedType, TypeId, TypeNode } from "../model/types.js";

export interface CliParamFacts {
  readonly name: string;
  readonly required: boolean;
  readonly type: string;
  readonly description: string;
}

export interface CliToolFacts {
  readonly params: readonly CliParamFacts[];
  readonly shapes: readonly { readonly name: string; readonly type: string }[];
  /** True when the params schema admits undeclared keys, or is not a plain object we can list. */
  readonly openKeys: boolean;
}

/** Inline shapes deeper than this read as `object`: help text, not a type printer. */
const MAX_INLINE_DEPTH = 3;

/** Kinds a reader understands better spelled out than named: `string`, not `Token`. */
function isScalar(node: TypeNode): boolean {
  return node.kind === "primitive" || node.kind === "literal" || node.kind === "enum";
}

class TypeText {
  readonly #byId: ReadonlyMap<TypeId, NamedType>;
  /** Named object-like types the text referred to, in first-use order. */
  readonly shapes = new Map<string, NamedType>();

  constructor(model: ContractModel) {
    this.#byId = new Map(model.types.map((type) => [type.id, type]));
  }

  named(id: TypeId): NamedType | undefined {
    return this.#byId.get(id);
  }

  /** Follows refs to scalars (`Token` → its string node) so the text says what to type. */
  resolve(node: TypeNode, seen: ReadonlySet<TypeId> = new Set()): { node: TypeNode; chain: TypeNode[] } {
    if (node.kind !== "ref" || seen.has(node.target)) return { node, chain: [node] };
    const target = this.named(node.target);
    if (target === undefined) return { node, chain: [node] };
    const inner = this.resolve(target.type, new Set([...seen, node.target]));
    if (!isScalar(inner.node) && inner.node.kind !== "ref") return { node, chain: [node] };
    return { node: inner.node, chain: [node, ...inner.chain] };
  }

  text(node: TypeNode, depth = 0): string {
    switch (node.kind) {
      case "any":
        return "any";
      case "never":
        return "never";
      case "primitive":
        return node.type;
      case "literal":
        return JSON.stringify(node.value);
      case "enum":
        return node.values.map((value) => JSON.stringify(value)).join(" | ");
      case "array": {
        const items = node.items === undefined ? undefined : this.#grouped(node.items, depth);
        if (node.prefix.length === 0) return `${items ?? "unknown"}[]`;
        const prefix = node.prefix.map((item) => this.text(item, depth + 1));
        return `[${[...prefix, ...(items === undefined ? [] : [`...${items}[]`])].join(", ")}]`;
      }
      case "object":
        return this.#object(node, depth);
      case "union":
        return node.members.map((member) => this.#grouped(member, depth)).join(" | ");
      case "intersection":
        return node.members.map((member) => this.#grouped(member, depth)).join(" & ");
      case "ref": {
        const resolved = this.resolve(node);
        if (resolved.node !== node) return this.text(resolved.node, depth);
        const target = this.named(node.target);
        if (target === undefined) return "unknown";
        if (!this.shapes.has(target.name)) this.shapes.set(target.name, target);
        return target.name;
      }
      default:
        return assertNever(node);
    }
  }

  /** Unions and intersections inside arrays and other unions need parentheses to read right. */
  #grouped(node: TypeNode, depth: number): string {
    const text = this.text(node, depth + 1);
    const resolved = this.resolve(node).node;
    const compound =
      resolved.kind === "union" || resolved.kind === "intersection" || (resolved.kind === "enum" && resolved.values.length > 1);
    return compound ? `(${text})` : text;
  }

  #object(node: Extract<TypeNode, { kind: "object" }>, depth: number): string {
    if (depth >= MAX_INLINE_DEPTH) return "object";
    const fields = node.properties.map((property) => {
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(property.name) ? property.name : JSON.stringify(property.name);
      return `${key}${property.required ? "" : "?"}: ${this.text(property.type, depth + 1)}`;
    });
    if (node.additional !== undefined) fields.push(`[key: string]: ${this.text(node.additional, depth + 1)}`);
    return fields.length === 0 ? "{}" : `{ ${fields.join("; ")} }`;
  }

  /** A param's type text with the constraints a TypeScript type cannot hold: `Step[] (1 to 20 items)`. */
  paramText(node: TypeNode): string {
    const constraints = this.resolve(node).chain.flatMap((link) => this.#docs(link).constraints);
    const text = this.text(node);
    return constraints.length === 0 ? text : `${text} (${[...new Set(constraints)].join(", ")})`;
  }

  /** The first description along the ref chain: the property's own, else its type's. */
  description(node: TypeNode): string {
    const refs = node.kind === "ref" ? [node, ...this.#refTargets(node)] : [node];
    const found = refs
      .map((link) => this.#docs(link).description ?? this.#docs(link).title)
      .find((text) => text !== undefined && text.trim() !== "");
    return (found ?? "").replace(/\s+/g, " ").trim();
  }

  #refTargets(node: Extract<TypeNode, { kind: "ref" }>): TypeNode[] {
    const out: TypeNode[] = [];
    const seen = new Set<TypeId>();
    let current: TypeNode | undefined = node;
    while (current?.kind === "ref" && !seen.has(current.target)) {
      seen.add(current.target);
      current = this.named(current.target)?.type;
      if (current !== undefined) out.push(current);
    }
    return out;
  }

  #docs(node: TypeNode): Docs {
    if (node.kind !== "ref") return node.docs;
    return node.docs.constraints.length > 0 || node.docs.description !== undefined
      ? node.docs
      : (this.named(node.target)?.type.docs ?? node.docs);
  }

  /** The object a params type is, following refs; undefined when it is something else. */
  paramsObject(id: TypeId): Extract<TypeNode, { kind: "object" }> | undefined {
    let node = this.named(id)?.type;
    const seen = new Set<TypeId>([id]);
    while (node?.kind === "ref" && !seen.has(node.target)) {
      seen.add(node.target);
      node = this.named(node.target)?.type;
    }
    return node?.kind === "object" ? node : undefined;
  }
}

/** Required params first, then by name: the usage line reads in the order a person types. */
function byRequiredThenName(a: CliParamFacts, b: CliParamFacts): number {
  return a.required === b.required ? byCodeUnits(a.name, b.name) : a.required ? -1 : 1;
}

export function cliToolFacts(model: ContractModel, method: Method): CliToolFacts {
  const texts = new TypeText(model);
  const object = texts.paramsObject(method.params);
  if (object === undefined) return { params: [], shapes: [], openKeys: true };
  const params = object.properties
    .map((property) => ({
      name: property.name,
      required: property.required,
      type: texts.paramText(property.type),
      description: texts.description(property.type),
    }))
    .sort(byRequiredThenName);
  // Each shape's own text may name further shapes; spell those out too, once each.
  const shapes: { name: string; type: string }[] = [];
  for (const [name, type] of texts.shapes) shapes.push({ name, type: texts.text(type.type, 1) });
  return { params, shapes, openKeys: object.additional !== undefined };
}
