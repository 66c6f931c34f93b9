/**
 * Regression: a binding file's `$schema` (the editor's pointer to binding.schema.json) was part
 * of the binding's fingerprint, so the same binding in a binding repo (where the schema sits in
 * node_modules/rightkit-bindgen/) got another `bindingSha256` in manifest.ts than in this
 * repository. `$schema` says where the file sits, not what the binding is: it is dropped on load.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadContract } from "../../generator/load/contract.js";
import { EMBEDDED } from "../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-binding-hint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bindingWithSchemaHint(hint: string | undefined): string {
  const { $schema: _hint, ...facts } = JSON.parse(readFileSync(EMBEDDED.binding, "utf8")) as Record<string, unknown>;
  const file = join(dir, `binding-${hint === undefined ? "none" : hint.length}.json`);
  writeFileSync(file, JSON.stringify(hint === undefined ? facts : { $schema: hint, ...facts }, null, 2));
  return file;
}

it("the binding's fingerprint and contents do not depend on its $schema", () => {
  const loads = [
    undefined,
    "../generator/load/binding.schema.json",
    "../node_modules/rightkit-bindgen/generator/load/binding.schema.json",
  ].map((hint) => loadContract({ contract: EMBEDDED.contract, binding: bindingWithSchemaHint(hint) }));
  const [plain, ...hinted] = loads;
  for (const load of hinted) {
    expect(load.bindingSha256).toBe(plain?.bindingSha256);
    expect(load.binding).toEqual(plain?.binding);
    expect(load.binding).not.toHaveProperty("$schema");
  }
});
