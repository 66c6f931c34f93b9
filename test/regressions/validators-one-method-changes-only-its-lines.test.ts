/**
 * Regression (issue 11): validators.ts numbered its functions, constants and locals in the order
 * the compiler met them (`is7`, `allowed0`, `v38`), so one new method in the demo contract
 * rewrote about half of the file. Names now say what they are and the module is sorted by them:
 * a new method only inserts its own functions (and its type names in the import).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffLines } from "diff";
import { afterAll, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { EMBEDDED } from "../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-churn-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A method that reaches shared `$defs`, nests an inline shape and hoists a pattern and an enum Set. */
const SCROLL = {
  params: {
    type: "object",
    properties: {
      token: { $ref: "#/$defs/token" },
      ref: { $ref: "#/$defs/elementRef" },
      pixels: { type: "integer", minimum: 1 },
      anchor: { type: "string", pattern: "^[a-z]+$" },
    },
    required: ["token", "ref"],
  },
  result: {
    type: "object",
    properties: {
      scrolled: { type: "boolean" },
      edge: {
        oneOf: [{ type: "string", enum: ["top", "bottom", "left", "right", "none", "both", "unknown"] }, { type: "null" }],
      },
      visible: {
        type: "array",
        items: { type: "object", properties: { ref: { $ref: "#/$defs/elementRef" } }, required: ["ref"] },
      },
    },
    required: ["scrolled"],
  },
};

async function validatorsOf(name: string, schema: unknown, binding: unknown): Promise<string> {
  const source = { contract: join(dir, `${name}.schema.json`), binding: join(dir, `${name}.binding.json`) };
  writeFileSync(source.contract, JSON.stringify(schema));
  writeFileSync(source.binding, JSON.stringify(binding));
  const { files } = await generateFiles(source, { typeCheck: "never" });
  const path = [...files.keys()].find((file) => file.endsWith("/validators.ts"));
  return files.get(path as string) as string;
}

/** Lines of the top-level blocks (a doc comment and what follows) whose doc comment names a pointer under `prefix`. */
function linesUnder(source: string, prefix: string): number {
  const blocks: string[][] = [];
  for (const line of source.split("\n")) {
    if (line.startsWith("/**") || blocks.length === 0) blocks.push([]);
    blocks[blocks.length - 1]?.push(line);
  }
  return blocks
    .filter((block) => block.slice(0, 4).some((line) => line.includes(prefix)))
    .reduce((sum, block) => sum + block.length, 0);
}

it("a schema gaining one method only adds lines to validators.ts, at most twice that method's own", async () => {
  const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8")) as { $defs: Record<string, unknown> };
  const binding = JSON.parse(readFileSync(EMBEDDED.binding, "utf8")) as { methods: Record<string, unknown> };
  const before = await validatorsOf("before", schema, binding);
  const after = await validatorsOf(
    "after",
    { ...schema, $defs: { ...schema.$defs, scroll: SCROLL } },
    { ...binding, methods: { ...binding.methods, scroll: { tool: "demo.scroll", summary: "Scroll." } } },
  );
  const parts = diffLines(before, after);
  const removed = parts.filter((part) => part.removed).reduce((sum, part) => sum + part.count, 0);
  const added = parts.filter((part) => part.added).reduce((sum, part) => sum + part.count, 0);
  const own = linesUnder(after, "#/$defs/scroll/");
  expect(own).toBeGreaterThan(100);
  expect(linesUnder(before, "#/$defs/scroll/")).toBe(0);
  expect(removed).toBe(0);
  expect(added).toBeGreaterThanOrEqual(own);
  expect(added + removed).toBeLessThanOrEqual(2 * own);
});
