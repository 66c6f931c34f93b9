/**
 * A tiny shape vocabulary for the documents this server knows (manifests, RPC envelopes...).
 * One shape serves three jobs, so they cannot disagree: the JSON Schema 2020-12 fragment and the
 * legacy descriptor that agentcli.schema returns, and the check agentcli.validate runs.
 * Objects are open: a field no shape names is kept, and the check only warns about it.
 */
import { assertNever } from "../../../errors.js";
import { isJsonObject } from "../../../json.js";

export type Shape =
  | { kind: "string"; enum?: readonly string[]; pattern?: string; nonEmpty?: true }
  | { kind: "boolean" }
  | { kind: "integer"; minimum?: number }
  | { kind: "null" }
  | { kind: "any" }
  | { kind: "object"; title?: string; fields: Readonly<Record<string, Field>> }
  | { kind: "array"; items: Shape; minItems?: number }
  | { kind: "anyOf"; of: readonly Shape[] };

export type Field = { shape: Shape; required: boolean };

/** One finding of a check: where (a JSONPath from the checked value, `$` itself) and what. */
export type Issue = { path: string; message: string };

export type Findings = { errors: Issue[]; warnings: Issue[] };

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

export function required(shape: Shape): Field {
  return { shape, required: true };
}

export function optional(shape: Shape): Field {
  return { shape, required: false };
}

/** The shape as a JSON Schema 2020-12 document. */
export function toJsonSchema(shape: Shape): Record<string, unknown> {
  return { $schema: DRAFT_2020_12, ...jsonSchemaOf(shape) };
}

function jsonSchemaOf(shape: Shape): Record<string, unknown> {
  switch (shape.kind) {
    case "string":
      return {
        type: "string",
        ...(shape.enum ? { enum: shape.enum } : {}),
        ...(shape.pattern ? { pattern: shape.pattern } : {}),
        ...(shape.nonEmpty ? { minLength: 1 } : {}),
      };
    case "boolean":
    case "null":
      return { type: shape.kind };
    case "integer":
      return { type: "integer", ...(shape.minimum === undefined ? {} : { minimum: shape.minimum }) };
    case "any":
      return {};
    case "object": {
      const fields = Object.entries(shape.fields);
      const names = fields.filter(([, field]) => field.required).map(([name]) => name);
      return {
        ...(shape.title ? { title: shape.title } : {}),
        type: "object",
        ...(names.length > 0 ? { required: names } : {}),
        properties: Object.fromEntries(fields.map(([name, field]) => [name, jsonSchemaOf(field.shape)])),
        additionalProperties: true,
      };
    }
    case "array":
      return { type: "array", items: jsonSchemaOf(shape.items), ...(shape.minItems ? { minItems: shape.minItems } : {}) };
    case "anyOf":
      return { anyOf: shape.of.map(jsonSchemaOf) };
    default:
      return assertNever(shape, "shape");
  }
}

/** The shape as agentcli's legacy descriptor: kinds and named field lists instead of JSON Schema keywords. */
export function toLegacyDescriptor(shape: Shape): Record<string, unknown> {
  switch (shape.kind) {
    case "string":
      return {
        kind: "string",
        ...(shape.enum ? { values: shape.enum } : {}),
        ...(shape.pattern ? { pattern: shape.pattern } : {}),
        ...(shape.nonEmpty ? { non_empty: true } : {}),
      };
    case "boolean":
    case "null":
    case "any":
      return { kind: shape.kind };
    case "integer":
      return { kind: "integer", ...(shape.minimum === undefined ? {} : { min: shape.minimum }) };
    case "object":
      return {
        kind: "object",
        fields: Object.entries(shape.fields).map(([name, field]) => ({
          name,
          required: field.required,
          ...toLegacyDescriptor(field.shape),
        })),
      };
    case "array":
      return { kind: "list", of: toLegacyDescriptor(shape.items), ...(shape.minItems ? { min_items: shape.minItems } : {}) };
    case "anyOf":
      return { kind: "one_of", of: shape.of.map(toLegacyDescriptor) };
    default:
      return assertNever(shape, "shape");
  }
}

/** Checks `value` against `shape`: errors for what breaks it, a warning per field no shape names. */
export function check(shape: Shape, value: unknown, path = "$"): Findings {
  const findings: Findings = { errors: [], warnings: [] };
  checkInto(shape, value, path, findings);
  return findings;
}

function checkInto(shape: Shape, value: unknown, path: string, findings: Findings): void {
  const error = (message: string): void => void findings.errors.push({ path, message });
  switch (shape.kind) {
    case "string":
      if (typeof value !== "string") return error("must be a string");
      if (shape.nonEmpty && value.trim() === "") return error("cannot be empty");
      if (shape.enum && !shape.enum.includes(value)) return error(`must be one of: ${shape.enum.join(", ")}`);
      if (shape.pattern && !new RegExp(shape.pattern).test(value)) return error(`must match /${shape.pattern}/`);
      return;
    case "boolean":
      if (typeof value !== "boolean") error("must be a boolean");
      return;
    case "integer":
      if (!Number.isSafeInteger(value)) return error("must be an integer");
      if (shape.minimum !== undefined && (value as number) < shape.minimum) error(`must be >= ${shape.minimum}`);
      return;
    case "null":
      if (value !== null) error("must be null");
      return;
    case "any":
      return;
    case "object":
      return checkObject(shape, value, path, findings);
    case "array":
      if (!Array.isArray(value)) return error("must be an array");
      if (shape.minItems !== undefined && value.length < shape.minItems) {
        return error(shape.minItems === 1 ? "must be a non-empty array" : `must hold at least ${shape.minItems} items`);
      }
      value.forEach((item, index) => checkInto(shape.items, item, `${path}[${index}]`, findings));
      return;
    case "anyOf":
      if (!shape.of.some((branch) => check(branch, value, path).errors.length === 0)) error("matches none of its forms");
      return;
    default:
      return assertNever(shape, "shape");
  }
}

function checkObject(shape: Extract<Shape, { kind: "object" }>, value: unknown, path: string, findings: Findings): void {
  if (!isJsonObject(value)) {
    findings.errors.push({ path, message: "must be an object" });
    return;
  }
  for (const [name, field] of Object.entries(shape.fields)) {
    const at = `${path}.${name}`;
    if (value[name] === undefined) {
      if (field.required) findings.errors.push({ path: at, message: "is required" });
      continue;
    }
    checkInto(field.shape, value[name], at, findings);
  }
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(shape.fields, name)) {
      findings.warnings.push({ path: `${path}.${name}`, message: "is not a field this server knows; it is kept as is" });
    }
  }
}
