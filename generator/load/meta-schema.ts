/**
 * Every schema is checked against its draft's meta-schema before anything else looks at it: the
 * dialect its root's `$schema` names in the dialect table (schema/dialects.ts), or draft 2020-12
 * without one. The checks are Ajv's, precompiled (load/checks-source.ts): Ajv validates our
 * input, never our output.
 */
import { BindgenError } from "../errors.js";
import type { Check } from "./check.js";
import checkDraft07 from "./precompiled/draft-07.js";
import checkDraft201909 from "./precompiled/draft-2019-09.js";
import checkDraft202012 from "./precompiled/draft-2020-12.js";
import { isJsonObject } from "../json.js";
import { DEFAULT_DIALECT, DIALECTS, dialectNamed, type Dialect } from "../schema/dialects.js";

export type Draft = Dialect;

/**
 * The meta-schema check of each dialect. Ajv has no meta-schema for OpenAPI 3.0's Schema Object,
 * so that dialect is not checked here: the compiler and the model check the keywords they read
 * as they read them.
 */
const CHECKS: { readonly [dialect in Dialect]: Check | undefined } = {
  "2020-12": checkDraft202012,
  "2019-09": checkDraft201909,
  "draft-07": checkDraft07,
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
  const check = CHECKS[draft];
  if (check === undefined || check(schema)) return draft;
  const first = check.errors?.[0];
  throw new BindgenError("meta_schema", `not a valid draft ${draft} schema: ${first?.message ?? "rejected by the meta-schema"}`, {
    file,
    pointer: `#${first?.instancePath ?? ""}`,
  });
}
