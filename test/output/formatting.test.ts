/**
 * Generated code is formatted by oxfmt (generator/output/format.ts), many times faster than
 * prettier on megabytes of validators; the layout promised is prettier's. This proves prettier
 * would change nothing: in every committed generated file and in what the generator makes of
 * every schema of the Rust corpus. If it fails, an emitter made a construct the two formatters
 * lay out differently: write it another way (as typeMiss in emit/validators/keyword-emitters/guard.ts
 * does for `!(a || b)`), or teach format.ts prettier's layout for it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatTypeScript } from "../../generator/output/format.js";
import { formatWithPrettier } from "../support/prettier.js";
import { generateFiles } from "../../generator/pipeline.js";

const CORPUS = "test/fixtures/corpus";

function committed(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe("generated code is in prettier's layout", () => {
  const files = committed("generated");

  it("has committed files", () => expect(files.length).toBeGreaterThan(20));
  for (const file of files) {
    it(file, async () => {
      const text = readFileSync(file, "utf8");
      expect(await formatWithPrettier(text, file)).toBe(text);
    });
  }

  it("lays out a long union alias as prettier does, on the line after `=` when it fits", async () => {
    const name = `Alias${"X".repeat(60)}`;
    const fits = `export type ${name} = ${"A".repeat(40)} | ${"B".repeat(40)};\n`;
    const long = `export type ${name} = ${"A".repeat(60)} | ${"B".repeat(60)};\n`;
    // `  A | B;` of 109, 110 and 111 columns: the print width is 110.
    const edges = [103, 104, 105].map((n) => `export type ${name} = ${"A".repeat(50)} | ${"B".repeat(n - 50)};\n`);
    const latin = `export type ${name} = "é" | "ж" | "${"a".repeat(80)}";\n`;
    for (const source of [fits, long, ...edges, latin])
      expect(await formatTypeScript(source)).toBe(await formatWithPrettier(source));
  });

  const schemas = readdirSync(CORPUS)
    .filter((name) => name.endsWith(".json"))
    .sort();
  for (const name of schemas) {
    // prettier on biome's megabytes of validators takes seconds: this is the slow part.
    it(`corpus: ${name}`, { timeout: 300_000 }, async () => {
      const { files: generated } = await generateFiles({ contract: `${CORPUS}/${name}` }, { typeCheck: "never" });
      for (const [path, text] of generated) {
        if (!path.endsWith(".ts") || path.startsWith("runtime/")) continue;
        expect(await formatWithPrettier(text, path), path).toBe(text);
      }
    });
  }
});
