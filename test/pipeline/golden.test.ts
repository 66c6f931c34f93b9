/**
 * The committed binding in generated/ is exactly what the generator makes from contract/, and
 * the contract itself is the approved upstream one: the schema of the upstream document, whose
 * sha256 is in its contract facts. To refresh generated/: `npm run generate`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { discoverContracts } from "../../generator/load/discover.js";
import { compareGeneration } from "../../generator/output/files.js";
import { generateFiles } from "../../generator/pipeline.js";
import { schemaFromMarkdown } from "../../generator/load/markdown.js";
import { CONTRACT_DOC, EMBEDDED } from "../support/bindgen.js";
import { contractFacts, fact } from "../support/contract-facts.js";

describe("golden: generated/ matches the generator", () => {
  for (const source of discoverContracts({})) {
    it(`reproduces every committed file of ${source.contract} byte for byte, and the result compiles`, async () => {
      const { files } = await generateFiles(source, { typeCheck: "always" });
      const drift = compareGeneration("generated", files);
      expect(drift.map((d) => d.patch).join("\n"), "generated/ is stale: run `npm run generate` and commit").toBe("");
    });
  }

  it("contract/ holds the upstream document's schema: its fence's sha256 and size, from the contract facts", () => {
    const facts = contractFacts("rightkit-agent-demo-contract-v1");
    expect(facts.document.version).toBe("rightkit-agent-tools 0.1.5");
    const committed = readFileSync(EMBEDDED.contract);
    expect(fact(facts, "JSON Schema", "schemas")).toEqual([
      { $id: "rightkit.agent.demo.v1", sha256: createHash("sha256").update(committed).digest("hex"), bytes: committed.length },
    ]);
  });

  it("our contract document's schema fence is contract/'s schema byte for byte", () => {
    const { text } = schemaFromMarkdown(readFileSync(CONTRACT_DOC, "utf8"), CONTRACT_DOC, "rightkit.agent.demo.v1");
    expect(`${text}\n`).toBe(readFileSync(EMBEDDED.contract, "utf8"));
  });

  it("generates the same files from the .md document as from the .json schema", async () => {
    const fromJson = await generateFiles(EMBEDDED, { typeCheck: "never" });
    const fromDoc = await generateFiles({ contract: CONTRACT_DOC, binding: EMBEDDED.binding }, { typeCheck: "never" });
    expect([...fromDoc.files]).toEqual([...fromJson.files]);
  });
});
