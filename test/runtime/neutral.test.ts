import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";

const templatesDir = fileURLToPath(new URL("../../templates/runtime/", import.meta.url));
const generatedIndex = fileURLToPath(new URL("../../generated/runtime/index.ts", import.meta.url));

async function templates(): Promise<{ name: string; text: string }[]> {
  const names = (await readdir(templatesDir)).filter((name) => name.endsWith(".ts.hbs")).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(templatesDir + name, "utf8") })));
}

describe("runtime templates", () => {
  it("are plain TypeScript that Handlebars renders unchanged", async () => {
    const found = await templates();
    expect(found.length).toBeGreaterThan(0);
    for (const { name, text } of found) {
      expect(text.includes("{{"), name).toBe(false);
      const render = Handlebars.compile(text, { noEscape: true, strict: true });
      expect(render({}), name).toBe(text);
    }
  });

  it("import only Node's standard library and each other", async () => {
    for (const { name, text } of await templates()) {
      for (const [, specifier] of text.matchAll(/from "([^"]+)"/g)) {
        expect(specifier?.startsWith("node:") || specifier?.startsWith("./"), `${name}: ${specifier}`).toBe(true);
      }
    }
  });
});

describe("the bundled runtime", () => {
  it("names no tool, service or fixture of any contract", async () => {
    const bundle = await build({
      entryPoints: [generatedIndex],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      logLevel: "silent",
    });
    const code = bundle.outputFiles.map((file) => file.text).join("\n");
    expect(code).toContain("JsonRpcSocketTransport");
    for (const forbidden of ["demo.", "rightkit.agent", "orthiclabs", "demo-fixture", "demo_"]) {
      expect(code.includes(forbidden), forbidden).toBe(false);
    }
  });
});
