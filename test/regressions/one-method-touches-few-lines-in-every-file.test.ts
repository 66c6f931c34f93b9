/**
 * Regression (issue 11): a schema gaining one method rewrote lines all over the binding —
 * renumbered validators, and the schema hash in every file's header. Now every generated file
 * only gains lines for the new method: nothing of what was there is rewritten except sorted lists
 * (a type import reflowed by the formatter) and the manifest's input hashes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffLines } from "diff";
import { afterAll, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { EMBEDDED } from "../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-every-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCROLL = {
  params: {
    type: "object",
    properties: { token: { $ref: "#/$defs/token" }, pixels: { type: "integer", minimum: 1 } },
    required: ["token"],
  },
  result: { type: "object", properties: { scrolled: { type: "boolean" } }, required: ["scrolled"] },
};

async function generation(name: string, schema: unknown, binding: unknown): Promise<ReadonlyMap<string, string>> {
  const source = { contract: join(dir, `${name}.schema.json`), binding: join(dir, `${name}.binding.json`) };
  writeFileSync(source.contract, JSON.stringify(schema));
  writeFileSync(source.binding, JSON.stringify(binding));
  return (await generateFiles(source, { typeCheck: "never" })).files;
}

/** A file may lose this many lines to reflowed sorted lists (imports, unions) when one name joins them. */
const REFLOW_ALLOWANCE = 6;

it("adding one method removes (almost) no line from any generated file", async () => {
  const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8")) as { $defs: Record<string, unknown> };
  const binding = JSON.parse(readFileSync(EMBEDDED.binding, "utf8")) as { methods: Record<string, unknown> };
  const before = await generation("before", schema, binding);
  const after = await generation(
    "after",
    { ...schema, $defs: { ...schema.$defs, scroll: SCROLL } },
    { ...binding, methods: { ...binding.methods, scroll: { tool: "demo.scroll", sensitiveParams: ["token"] } } },
  );
  const removedPerFile: Record<string, number> = {};
  for (const [path, text] of after) {
    if (path.startsWith("runtime/")) {
      expect(text, path).toBe(before.get(path));
      continue;
    }
    const parts = diffLines(before.get(path) ?? "", text);
    const removed = parts.filter((part) => part.removed).reduce((sum, part) => sum + part.count, 0);
    removedPerFile[path.slice(path.indexOf("/") + 1)] = removed;
    expect(removed, `${path}: lines rewritten`).toBeLessThanOrEqual(REFLOW_ALLOWANCE);
  }
  // The header no longer carries the schema hash: only the manifest's two hash lines change there.
  expect(removedPerFile["manifest.ts"]).toBe(2);
});
