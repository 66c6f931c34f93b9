/** Same contract, same bytes: across runs and whatever the key order of the inputs. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { EMBEDDED } from "../support/bindgen.js";
import { reverseKeys } from "../support/json.js";

it("is byte-identical across runs and across the key order of schema and binding", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bindgen-order-"));
  const reordered = { contract: join(dir, "c.schema.json"), binding: join(dir, "c.binding.json") };
  writeFileSync(reordered.contract, JSON.stringify(reverseKeys(JSON.parse(readFileSync(EMBEDDED.contract, "utf8"))), null, 4));
  writeFileSync(reordered.binding, JSON.stringify(reverseKeys(JSON.parse(readFileSync(EMBEDDED.binding, "utf8")))));
  const first = await generateFiles(EMBEDDED, { typeCheck: "never" });
  const second = await generateFiles(EMBEDDED, { typeCheck: "never" });
  const shuffled = await generateFiles(reordered, { typeCheck: "never" });
  expect([...second.files]).toEqual([...first.files]);
  expect([...shuffled.files]).toEqual([...first.files]);
  for (const text of first.files.values()) {
    expect(text).not.toContain("\r");
    expect(text).not.toContain(process.cwd());
  }
});
