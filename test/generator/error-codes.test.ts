/** The contract document's error-code table, the schema's errorCode enum and the binding file agree. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { CONTRACT_DOC, EMBEDDED } from "../support/bindgen.js";

it("the error codes agree across document, schema and binding", () => {
  const doc = readFileSync(CONTRACT_DOC, "utf8");
  const table = doc.slice(doc.indexOf("## Error codes"), doc.indexOf("## Limits"));
  const documented = [...table.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
  const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8"));
  const binding = JSON.parse(readFileSync(EMBEDDED.binding, "utf8"));
  expect(documented).toHaveLength(13);
  expect(schema.$defs.errorCode.enum).toEqual(documented);
  expect(binding.errors.kind).toBe("codes");
  expect(Object.keys(binding.errors.codes)).toEqual(documented);
});
