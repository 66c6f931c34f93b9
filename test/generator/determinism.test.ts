/** Same contract, same bytes: across runs and whatever the key order of the inputs. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { EMBEDDED } from "../support/bindgen.js";

/** Reverses the key order of every object, recursively; arrays keep their order (it is data). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(out, key, {
      value: reverseKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

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
