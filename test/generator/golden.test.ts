/**
 * The committed binding in generated/ is exactly what the generator makes from contract/, and
 * the contract itself is the approved upstream one. To refresh generated/: `npm run generate`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { discoverContracts } from "../../generator/load/discover.js";
import { compareGeneration } from "../../generator/output/files.js";
import { generateFiles } from "../../generator/pipeline.js";
import { CONTRACT_DOC, EMBEDDED } from "../support/bindgen.js";

describe("golden: generated/ matches the generator", () => {
  for (const source of discoverContracts({})) {
    it(`reproduces every committed file of ${source.contract} byte for byte, and the result compiles`, async () => {
      const { files } = await generateFiles(source, { typeCheck: "always" });
      const drift = compareGeneration("generated", files);
      expect(drift.map((d) => d.patch).join("\n"), "generated/ is stale: run `npm run generate` and commit").toBe("");
    });
  }

  it("loads the same schema from the contract document as from contract/", () => {
    const doc = readFileSync(CONTRACT_DOC, "utf8");
    const fence = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(fence).toBeDefined();
    expect(readFileSync(EMBEDDED.contract, "utf8")).toBe(fence);
  });

  it("generates the same files from the .md document as from the .json schema", async () => {
    const fromJson = await generateFiles(EMBEDDED, { typeCheck: "never" });
    const fromDoc = await generateFiles({ contract: CONTRACT_DOC, binding: EMBEDDED.binding }, { typeCheck: "never" });
    expect([...fromDoc.files]).toEqual([...fromJson.files]);
  });
});
