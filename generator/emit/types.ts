/**
 * Model → TypeScript declarations (types.ts). Bounds and patterns that a type cannot express
 * go into JSDoc; the validators enforce them. An index signature appears only where the schema
 * declares extra properties (additionalProperties or patternProperties). Every declaration
 * compiles under any common consumer tsconfig (docs/types-and-validators.md → Types), not only ours.
 */
import { assertNever } from "../errors.js";
import type {
  ContractModel,
  Docs,
  JsonValue,
  NamedType,
  ObjectNode,
  PrimitiveType,
  PropertyNode,
  TypeNode,
} from "../model/types.js";
import { code, docComment, EMPTY, ident, join, lines, literal, propertyKey, type Code } from "./code.js";

/** JSON Schema's `integer` is a mathematical integer; TypeScript has only `number` for it. */
const PRIMITIVE_TYPES: Readonly<Record<PrimitiveType, Code>> = {
  string: code`string`,
  number: code`number`,
  integer: code`number`,
  bigint: code`bigint`,
  boolean: code`boolean`,
  null: code`null`,
};

export function emitTypes(model: ContractModel): Code {
  const declarations = model.types.map((named) => declaration(named, model));
  return lines([...declarations, toolErrorCodeType(model)].map((part) => code`${part}\n`));
}

function declaration(named: NamedType, model: ContractModel): Code {
  const name = ident(named.name);
  const doc = docs(named.type.docs);
  if (named.type.kind === "object" && !splitsIndexSignature(named.type, model)) {
    return lines([doc, code`export interface ${name} ${objectBody(named.type, model)}`]);
  }
  return lines([doc, code`export type ${name} = ${typeExpr(named.type, model)};`]);
}

function docs(d: Docs): Code {
  const constraints = d.constraints.length > 0 ? `${d.constraints.join(", ")}.` : undefined;
  const title = d.title !== undefined && d.title !== d.description ? d.title : undefined;
  return docComment(title, d.description, constraints, d.deprecated ? "@deprecated" : undefined);
}

function typeExpr(node: TypeNode, model: ContractModel): Code {
  switch (node.kind) {
    case "any":
      return code`unknown`;
    case "never":
      return code`never`;
    case "primitive":
      return PRIMITIVE_TYPES[node.type];
    case "literal":
      return literalType(node.value);
    case "enum":
      return node.values.length === 0 ? code`never` : union(node.values.map(literalType));
    case "array":
      return arrayType(node.prefix, node.requiredPrefix, node.items, model);
    case "object":
      return objectBody(node, model);
    case "union":
      return node.members.length === 0 ? code`never` : union(node.members.map((member) => typeExpr(member, model)));
    case "intersection":
      return join(
        node.members.map((member) => grouped(member, model)),
        code` & `,
      );
    case "ref":
      return ident(model.typeNames.get(node.target) as string);
    default:
      return assertNever(node, "type node");
  }
}

/** Distinct members only: `"a" | "a"` reads as a bug even where TypeScript accepts it. */
function union(members: readonly Code[]): Code {
  const seen = new Set<string>();
  const distinct = members.filter((member) => !seen.has(member.toString()) && seen.add(member.toString()));
  return join(distinct, code` | `);
}

/** A type that must be parenthesised before a postfix `[]` or `?`: `(A | B)[]`, `(A | B)?`. */
function grouped(node: TypeNode, model: ContractModel): Code {
  const text = typeExpr(node, model);
  const compound =
    node.kind === "union" ||
    node.kind === "enum" ||
    node.kind === "intersection" ||
    (node.kind === "object" && splitsIndexSignature(node, model));
  return compound ? code`(${text})` : text;
}

function arrayType(prefix: readonly TypeNode[], requiredPrefix: number, items: TypeNode | undefined, model: ContractModel): Code {
  if (prefix.length === 0) return items === undefined ? code`[]` : code`${grouped(items, model)}[]`;
  // JSON Schema lets an array stop before its prefix ends, so the elements past minItems are optional.
  const elements = prefix.map((element, i) =>
    i < requiredPrefix ? typeExpr(element, model) : code`${grouped(element, model)}?`,
  );
  if (items !== undefined) elements.push(code`...${grouped(items, model)}[]`);
  return code`[${join(elements)}]`;
}

function objectBody(node: ObjectNode, model: ContractModel): Code {
  const members = node.properties.map((property) => propertyLine(property, model));
  const value = indexValue(node, model);
  if (value === undefined) return members.length === 0 ? code`{}` : code`{\n${lines(members)}\n}`;
  const index = code`[key: string]: ${value};`;
  if (splitsIndexSignature(node, model)) return code`{\n${lines(members)}\n} & { ${index} }`;
  return code`{\n${lines([...members, index])}\n}`;
}

/** The type of `[key: string]: …` when the schema declares extra properties. */
function indexValue(node: ObjectNode, model: ContractModel): Code | undefined {
  if (node.additional === undefined) return undefined;
  // It must admit every declared property's type as well: any key may be a declared one.
  const valueTypes = [node.additional, ...node.properties.map((p) => p.type)].map((t) => typeExpr(t, model));
  return valueTypes.some((t) => t.toString() === "unknown") ? code`unknown` : union(valueTypes);
}

/**
 * An optional property beside an index signature: without exactOptionalPropertyTypes (plain
 * `strict`) `"a"?: Level` reads as `Level | undefined`, which `[key: string]: Level` does not admit
 * (TS2411). Adding `undefined` to the index signature would loosen every extra key for everyone;
 * instead the declared properties and the index signature become the two sides of an
 * intersection, which the compiler does not check against each other. Reads and object literals
 * are typed as before under every setting (`{ a: undefined }` is refused: the index side holds).
 * An `unknown` index signature admits `undefined` already and stays in the object.
 */
function splitsIndexSignature(node: ObjectNode, model: ContractModel): boolean {
  if (!node.properties.some((property) => !property.required)) return false;
  const value = indexValue(node, model);
  return value !== undefined && value.toString() !== "unknown";
}

function propertyLine(property: PropertyNode, model: ContractModel): Code {
  const optional = property.required ? EMPTY : code`?`;
  return lines([docs(property.type.docs), code`${propertyKey(property.name)}${optional}: ${typeExpr(property.type, model)};`]);
}

function literalType(value: JsonValue): Code {
  if (value === null || typeof value !== "object") return literal(value);
  if (Array.isArray(value)) return code`readonly [${join(value.map(literalType))}]`;
  const record = value as { readonly [key: string]: JsonValue };
  const members = Object.keys(record).map((key) => code`readonly ${propertyKey(key)}: ${literalType(record[key] as JsonValue)};`);
  return code`{ ${join(members, code` `)} }`;
}

/**
 * The code a ToolError may carry: the binding's known codes autocomplete, and any other string
 * from the transport still types, because unknown codes pass through unchanged.
 */
function toolErrorCodeType(model: ContractModel): Code {
  if (model.errors.kind === "jsonrpc") {
    const numbers = model.errors.codes.map(({ code: value }) => literal(Number(value)));
    const rpcKnown = numbers.length === 0 ? code`never` : join(numbers, code` | `);
    return code`/** The JSON-RPC error codes this contract documents; an RpcError may carry any other. */\nexport type KnownRpcErrorCode = ${rpcKnown};\n\n/** A ToolError code: the call got no usable answer (timeout, aborted, service_unavailable, malformed_response, ...). */\nexport type ToolErrorCode = string;`;
  }
  const known = model.errors.codes.map(({ code: value }) => literal(value));
  const doc = docComment(
    "A ToolError code: one of the codes this contract documents, or any other code the transport passes through unchanged.",
  );
  const knownType = known.length === 0 ? code`never` : join(known, code` | `);
  return code`/** The error codes this contract documents. */\nexport type KnownErrorCode = ${knownType};\n\n${doc}\nexport type ToolErrorCode = KnownErrorCode | (string & {});`;
}
