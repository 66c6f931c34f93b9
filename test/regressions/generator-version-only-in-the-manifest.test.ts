/**
 * Regression: the generator's version (and the inputs' hashes) stood in every generated file's
 * header, so a generator release rewrote every file of every binding and a one-method schema
 * change touched every header. They live in each binding's manifest.ts alone now, and `check`
 * still fails when files were made by another generator version.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { GENERATOR_VERSION } from "../../generator/version.js";
import { EMBEDDED, runCli } from "../support/bindgen.js";

const out = mkdtempSync(join(tmpdir(), "rightkit-bindgen-manifest-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

it("names the generator version only in manifest.ts, and check fails when another version made the files", async () => {
  const args = ["--contract", EMBEDDED.contract, "--binding", EMBEDDED.binding, "--out", out];
  expect((await runCli(["generate", ...args])).code).toBe(0);
  const withVersion = filesUnder(out).filter((file) => readFileSync(file, "utf8").includes(GENERATOR_VERSION));
  // api.md lists the manifest constant's value: the public surface says which generator made it.
  expect(withVersion.map((file) => file.slice(out.length + 1)).sort()).toEqual([
    "rightkit.agent.demo.v1/api.md",
    "rightkit.agent.demo.v1/manifest.ts",
  ]);
  for (const file of filesUnder(out)) expect(readFileSync(file, "utf8")).not.toMatch(/sha256: [0-9a-f]{64} \*\//);

  const manifest = join(out, "rightkit.agent.demo.v1/manifest.ts");
  const text = readFileSync(manifest, "utf8");
  writeFileSync(manifest, text.replace(`generatorVersion: "${GENERATOR_VERSION}"`, 'generatorVersion: "0.0.1"'));
  const check = await runCli(["check", ...args]);
  expect(check.code).toBe(1);
  expect(check.stdout + check.stderr).toContain("manifest.ts");
});
