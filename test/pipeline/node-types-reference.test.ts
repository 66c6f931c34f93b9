/**
 * A generated file that uses Node's types says so itself (issue 35): `/// <reference types="node" />`
 * at its top, so a consumer whose tsconfig lists no types (TypeScript 6 and 7 default `types` to
 * []) compiles it. The no-node-types setting of the matrix compiles everything together, where one
 * file's reference serves them all; this test holds each file to it. With every reference taken
 * out, the files that fail to compile under that setting are exactly the ones that had one: none
 * lacks it, and none has it without needing it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compileUnder, consumerPackage } from "../support/consumer-settings.js";

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-node-types-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const REFERENCE = '/// <reference types="node" />\n';

/** The generated files that referenced Node's types, by path under `root`, before the references were taken out. */
const referencing = new Set<string>();

beforeAll(() => {
  consumerPackage(root);
  const notMarkdown = (path: string): boolean => !path.endsWith(".md");
  cpSync("generated", join(root, "generated"), { recursive: true, filter: notMarkdown });
  // The int64 binding's CLI too: its runtime is the committed one.
  cpSync("test/fixtures/int64/generated/rightkit.test.int64.v1", join(root, "generated", "rightkit.test.int64.v1"), {
    recursive: true,
    filter: notMarkdown,
  });
  for (const path of readdirSync(join(root, "generated"), { recursive: true, encoding: "utf8" }).filter((p) =>
    p.endsWith(".ts"),
  )) {
    const file = join(root, "generated", path);
    const text = readFileSync(file, "utf8");
    if (!text.includes(REFERENCE)) continue;
    referencing.add(`generated/${path}`);
    writeFileSync(file, text.replace(REFERENCE, ""));
  }
});

it("references Node's types in exactly the files that use them", { timeout: 120_000 }, async () => {
  const diagnostics = await compileUnder(root, "no-node-types", ["generated/**/*.ts"]);
  const failing = new Set(diagnostics.map((diagnostic) => diagnostic.file));
  expect(referencing.size).toBeGreaterThan(0);
  expect([...failing].sort(), "the files that need Node's types").toEqual([...referencing].sort());
});
