/**
 * Every schema is checked against its draft's meta-schema before anything else looks at it: the
 * dialect its root's `$schema` names in the dialect table (schema/dialects.ts), or draft 2020-12
 * without one. Ajv holds the meta-schemas; it validates our input, never our output.
 */
import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { BindgenError } from "../errors.js";
import { isJsonObject } from "../resolve/pointer.js";
import { DEFAULT_DIALECT, DIALECTS, dialectNamed, type Dialect } from "../schema/dialects.js";

export type Draft = Dialect;

/**
 * The meta-schema checker of each dialect; a fresh instance per check, so no cache survives from
 * one input to the next. Ajv has no meta-schema for OpenAPI 3.0's Schema Object, so that dialect
 * is not checked here: the compiler and the model check the keywords they read as they read them.
 */
const CHECKERS: { readonly [dialect in Dialect]: (() => Ajv) | undefined } = {
  "2020-12": () => new Ajv2020({ strict: false, validateFormats: false }),
  "2019-09": () => new Ajv2019({ strict: false, validateFormats: false }),
  "draft-07": () => new Ajv({ strict: false, validateFormats: false }),
  "openapi-3.0": undefined,
};

export function draftOf(schema: unknown, file: string): Draft {
  const declared = isJsonObject(schema) ? schema.$schema : undefined;
  if (declared === undefined) return DEFAULT_DIALECT;
  const dialect = dialectNamed(declared);
  if (dialect !== undefined) return dialect;
  const expected = Object.keys(DIALECTS).join(", ");
  throw new BindgenError("meta_schema", `unsupported $schema ${JSON.stringify(declared)} (one of ${expected} expected)`, {
    file,
    pointer: "#/$schema",
  });
}

export function checkMetaSchema(schema: unknown, file: string): Draft {
  if (!isJsonObject(schema) && typeof schema !== "boolean") {
    throw new BindgenError("meta_schema", "a schema must be a JSON object or a boolean", { file, pointer: "#" });
  }
  const draft = draftOf(schema, file);
  const checker = CHECKERS[draft];
  if (checker === undefined) return draft;
  const ajv = checker();
  const valid = ajv.validateSchema(schema as object);
  if (valid !== true) {
    const first = ajv.errors?.[0];
    const pointer = `#${first?.instancePath ?? ""}`;
    throw new BindgenError(
      "meta_schema",
      `not a valid draft ${draft} schema: ${first?.message ?? "rejected by the meta-schema"}`,
      {
        file,
        pointer,
      },
    );
  }
  return draft;
}
