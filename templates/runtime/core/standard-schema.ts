import type { ValidationIssue, ValidationResult } from "./validation.js";

/**
 * Standard Schema v1 (standardschema.dev) with the Standard JSON Schema extension, for every
 * binding's validators: a binding hands each of its types to `SchemaTable.standard` and exports
 * the result as `standard<Name>`, which any library taking a Standard Schema accepts. Contract-
 * neutral; a binding holds only its table of schemas.
 */

// --- The Standard Schema v1 and Standard JSON Schema v1 interfaces -------------------------------
// The same shapes as @standard-schema/spec 1.1.0 declares (the spec lets a library restate them),
// flat rather than in namespaces, so every tsconfig compiles them.

/** A validator: `validate` gives `{ value }` for a valid value, `{ issues }` for any other. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
    ) => StandardSchemaV1Result<Output> | Promise<StandardSchemaV1Result<Output>>;
    /** For type inference only: never set at run time. */
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type StandardSchemaV1Result<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaV1Issue> };

/** `path` holds the keys from the value to the offending part: property names, and array indices as numbers. */
export interface StandardSchemaV1Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** A schema that can state itself as JSON Schema, for the value it takes (`input`) and the one it gives (`output`). */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    readonly jsonSchema: {
      readonly input: (options: StandardJSONSchemaV1Options) => Record<string, unknown>;
      readonly output: (options: StandardJSONSchemaV1Options) => Record<string, unknown>;
    };
  };
}

/** Which JSON Schema to state; a target the schema cannot give exactly throws. */
export interface StandardJSONSchemaV1Options {
  readonly target: "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * What every binding's standard<Name> is: a Standard Schema whose validate is synchronous and
 * wraps validate<Name>, and a Standard JSON Schema whose one target is "draft-2020-12". Input and
 * output are the same type: validating never changes a value.
 */
export type StandardValidator<T> = StandardSchemaV1<T> & StandardJSONSchemaV1<T>;

// --- A binding's schemas, and how a validator becomes a Standard Schema ---------------------------

/**
 * A binding's JSON Schemas, as draft 2020-12. `definitions`: every definition a type's schema
 * reaches, by `$defs` name. `types`: each type's root, its own keywords or the name of the
 * definition that is it; null for a type with no exact schema (a `$dynamicRef` resolves against
 * anchors a self-contained copy drops).
 */
export type SchemaTableData = {
  readonly definitions: Readonly<Record<string, unknown>>;
  readonly types: Readonly<Record<string, Record<string, unknown> | string | null>>;
};

/** The one target the table states exactly. */
const TARGET = "draft-2020-12";

/**
 * A binding's schema table, given as its JSON text and parsed on first use (a binding that never
 * asks for a JSON Schema never pays for one); never handed out: each document given is a fresh
 * copy. Text, not an object literal: the compiler then reads one string, not every schema's
 * properties, in each binding's every build.
 */
export class SchemaTable {
  readonly #json: string;
  #data: SchemaTableData | undefined;

  /** `json`: the table, a `SchemaTableData` as JSON text. */
  constructor(json: string) {
    this.#json = json;
  }

  /** `name`: the type's name, which finds its JSON Schema in the table and names it in errors. */
  standard<T>(name: string, validate: (value: unknown) => ValidationResult<T>): StandardValidator<T> {
    const jsonSchema = (options: StandardJSONSchemaV1Options): Record<string, unknown> =>
      this.#document(name, String(options.target));
    return {
      "~standard": {
        version: 1,
        vendor: "rightkit-bindgen",
        validate: (value: unknown) => {
          const result = validate(value);
          if (result.ok === false)
            return { issues: result.issues.map((issue) => issueWithKeys(value, issue)) };
          return { value: result.value };
        },
        jsonSchema: { input: jsonSchema, output: jsonSchema },
      },
    };
  }

  #table(): SchemaTableData {
    if (this.#data === undefined) this.#data = JSON.parse(this.#json) as SchemaTableData;
    return this.#data;
  }

  /**
   * One self-contained draft 2020-12 document: `$schema`, the root's keywords, then `$defs` with
   * every definition its refs reach, directly or through others, by name. All of it copied, so a
   * caller may change what it is given.
   */
  #document(name: string, target: string): Record<string, unknown> {
    const { definitions, types } = this.#table();
    const root = Object.prototype.hasOwnProperty.call(types, name) ? types[name] : undefined;
    if (root === undefined || root === null) {
      throw new Error(
        `rightkit-bindgen: ${name} has no exact JSON Schema in any target, "${target}" included: its schema uses $dynamicRef, which a self-contained copy cannot keep`,
      );
    }
    if (target !== TARGET) {
      throw new Error(
        `rightkit-bindgen: ${name} has no exact JSON Schema in target "${target}"; the target it supports is "${TARGET}"`,
      );
    }
    const body = copyJson(typeof root === "string" ? definitions[root] : root) as Record<string, unknown>;
    const document: Record<string, unknown> = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...body,
    };
    const reached = new Set<string>();
    const visit = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      for (const [key, item] of Object.entries(value)) {
        const named = key === "$ref" ? definitionNamed(item) : undefined;
        if (named === undefined) visit(item);
        else if (!reached.has(named) && Object.prototype.hasOwnProperty.call(definitions, named)) {
          reached.add(named);
          visit(definitions[named]);
        }
      }
    };
    visit(body);
    if (reached.size > 0) {
      const defs: Record<string, unknown> = {};
      for (const named of [...reached].sort()) {
        // defineProperty, not assignment: a definition called __proto__ must stay an own key.
        Object.defineProperty(defs, named, {
          value: copyJson(definitions[named]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      document["$defs"] = defs;
    }
    return document;
  }
}

/** Our issue as a Standard Schema issue: the same message, the JSON pointer as keys; none for the value itself. */
function issueWithKeys(value: unknown, issue: ValidationIssue): StandardSchemaV1Issue {
  const path = keysAlong(value, issue.instancePath);
  return path.length === 0 ? { message: issue.message } : { message: issue.message, path };
}

/**
 * An RFC 6901 pointer into `value` as the keys it follows: `~1` is "/" and `~0` is "~", and a
 * segment is a number exactly where it indexes an array, which only the value can tell (a pointer
 * spells an object's key "0" and an array's index 0 alike).
 */
function keysAlong(value: unknown, pointer: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  let at: unknown = value;
  // Segment by segment with indexOf, not split and replace: a third of the time, on the failure path only.
  for (let start = 1; start <= pointer.length;) {
    const slash = pointer.indexOf("/", start);
    const end = slash === -1 ? pointer.length : slash;
    const segment = pointer.slice(start, end);
    const key = segment.indexOf("~") === -1 ? segment : segment.replace(/~1/g, "/").replace(/~0/g, "~");
    start = end + 1;
    if (Array.isArray(at) && /^(?:0|[1-9][0-9]*)$/.test(key)) {
      const index = Number(key);
      const item: unknown = at[index];
      keys.push(index);
      at = item;
    } else {
      keys.push(key);
      const own = typeof at === "object" && at !== null && Object.prototype.hasOwnProperty.call(at, key);
      at = own ? (at as Record<string, unknown>)[key] : undefined;
    }
  }
  return keys;
}

/** `#/$defs/a~1b` → `a/b`: the definition a ref names (a URI fragment, then an RFC 6901 segment); undefined for any other value. */
function definitionNamed(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/") || ref.indexOf("/", 8) !== -1) return undefined;
  try {
    return decodeURIComponent(ref.slice(8)).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return undefined;
  }
}

/** A deep copy of JSON data; JSON.parse defines keys, so `__proto__` stays an own key. */
function copyJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
