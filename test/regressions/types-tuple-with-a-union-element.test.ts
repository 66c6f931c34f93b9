/**
 * Regression (issue 12, found on real schemars output): a tuple whose optional element is a union
 * (`"prefixItems": [{…}, {"type": ["number","string"]}]`) emitted `number | string?`, which does not
 * compile, so `generate` exited 3 on valid input; and a tuple whose minItems equals its length
 * (serde's fixed tuples) still made every element optional.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { generate } from "../../generator/index.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-tuple-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function typesOf(pair: Record<string, unknown>, draft = "https://json-schema.org/draft/2020-12/schema"): Promise<string> {
  const contract = join(dir, `tuple${Object.keys(pair).length}${draft.length}.schema.json`);
  writeFileSync(contract, JSON.stringify({ $schema: draft, $id: "tuple.v1", $defs: { pair } }));
  const files = await generate({ contract });
  return [...files].find(([path]) => path.endsWith("/types.ts"))?.[1] ?? "";
}

it("parenthesises an optional union element, so the tuple compiles", async () => {
  const types = await typesOf({ type: "array", prefixItems: [{ type: "string" }, { type: ["number", "string"] }], items: false });
  expect(types).toContain("export type Pair = [string?, (number | string)?];");
}, 60_000);

it("makes the elements below minItems required: serde's fixed tuple", async () => {
  const types = await typesOf({
    type: "array",
    prefixItems: [{ type: "string" }, { type: ["number", "string"] }],
    minItems: 2,
    maxItems: 2,
    items: false,
  });
  expect(types).toContain("export type Pair = [string, number | string];");
}, 60_000);

it("reads a draft-07 array-form items tuple the same way", async () => {
  const types = await typesOf(
    { type: "array", items: [{ type: "integer" }, { type: ["string", "null"] }], minItems: 1, additionalItems: false },
    "http://json-schema.org/draft-07/schema#",
  );
  expect(types).toContain("export type Pair = [number, (string | null)?];");
}, 60_000);
