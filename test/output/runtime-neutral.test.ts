import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { RUNTIME_TEMPLATES_DIR } from "../../generator/package-files.js";
import { runtimeSourceNames } from "../../generator/output/runtime-sources.js";

const generatedIndex = fileURLToPath(new URL("../../generated/runtime/index.ts", import.meta.url));

async function sources(): Promise<{ name: string; text: string }[]> {
  return Promise.all(
    runtimeSourceNames().map(async (name) => ({ name, text: await readFile(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8") })),
  );
}

describe("runtime sources", () => {
  it("are plain TypeScript in folders by job, with no template placeholders", async () => {
    const found = await sources();
    expect(new Set(found.map(({ name }) => name.split("/").slice(0, -1).join("/")))).toEqual(
      new Set(["", "cli", "core", "framing", "protocols", "transports", "transports/daemon"]),
    );
    for (const { name, text } of found) expect(text.includes("{{"), name).toBe(false);
  });

  it("import only Node's standard library and each other", async () => {
    for (const { name, text } of await sources()) {
      for (const [, specifier] of text.matchAll(/from "([^"]+)"/g)) {
        const relative = specifier?.startsWith("./") || specifier?.startsWith("../");
        expect(specifier?.startsWith("node:") || relative, `${name}: ${specifier}`).toBe(true);
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
