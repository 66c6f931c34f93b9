/**
 * Every schema is checked against its draft's meta-schema before anything else looks at it:
 * draft 2020-12 (the default and the contract's draft) or draft-07, which many Rust-generated
 * schemas still declare. Ajv holds the meta-schemas; it validates our input, never our output.
 */
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { BindgenError } from "../errors.js";
import { isJsonObject } from "../resolve/pointer.js";

const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

export type Draft = "2020-12" | "draft-07";

export function draftOf(schema: unknown, file: string): Draft {
  const declared = isJsonObject(schema) ? schema.$schema : undefined;
  if (declared === undefined || declared === DRAFT_2020 || declared === `${DRAFT_2020}#`) return "2020-12";
  if (typeof declared === "string" && DRAFT_07.test(declared)) return "draft-07";
  throw new BindgenError("meta_schema", `unsupported $schema ${JSON.stringify(declared)} (draft 2020-12 or draft-07 expected)`, {
    file,
    pointer: "#/$schema",
  });
}

export function checkMetaSchema(schema: unknown, file: string): Draft {
  if (!isJsonObject(schema) && typeof schema !== "boolean") {
    throw new BindgenError("meta_schema", "a schema must be a JSON object or a boolean", { file, pointer: "#" });
  }
  const draft = draftOf(schema, file);
  // A fresh instance per check: no cache may survive from one input to the next.
  const ajv =
    draft === "2020-12"
      ? new Ajv2020({ strict: false, validateFormats: false })
      : new Ajv({ strict: false, validateFormats: false });
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
