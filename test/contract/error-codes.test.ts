/**
 * The upstream document's error-code table (from its contract facts), the schema's errorCode enum
 * and the binding file agree.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { EMBEDDED } from "../support/bindgen.js";
import { contractFacts, fact } from "../support/contract-facts.js";

it("the error codes agree across document, schema and binding", () => {
  const [table] = fact(contractFacts("rightkit-agent-demo-contract-v1"), "Error codes", "tables");
  expect(table?.column).toBe("code");
  const documented = table?.values;
  const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8"));
  const binding = JSON.parse(readFileSync(EMBEDDED.binding, "utf8"));
  expect(documented).toHaveLength(13);
  expect(schema.$defs.errorCode.enum).toEqual(documented);
  expect(binding.errors.kind).toBe("codes");
  expect(Object.keys(binding.errors.codes)).toEqual(documented);
});
