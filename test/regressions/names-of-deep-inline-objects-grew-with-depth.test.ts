/**
 * Regression (issue 22, found by `npm run bench`'s nesting row): an inline object was named after
 * the whole path of inline objects above it, so objects nested n deep had names of n words
 * (`Def0Level49Level48…Level1`, 350 characters at 50 levels), and the types, the validators and
 * api.md that spell them grew with n². From the third level of inline objects down, a property's
 * shape asks first for the outermost named type's stem and its own key (`DeepLevel7`); the whole
 * path stays its fallback, for two keys of one name at different places. Names up to two levels
 * deep are as before, so existing bindings keep theirs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { generate } from "../../generator/index.js";
import { nestedTypes } from "../support/nested-types.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-deep-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function typeNames(schema: object, file: string): Promise<string[]> {
  const contract = join(dir, `${file}.schema.json`);
  writeFileSync(contract, JSON.stringify({ ...schema, $id: `${file}.v1` }));
  const files = await generate({ contract });
  const types = [...files].find(([path]) => path.endsWith("/types.ts"))?.[1] ?? "";
  return [...types.matchAll(/^export interface (\w+)/gm)].map((match) => match[1] as string);
}

it("names objects nested 40 deep after their definition and their key, each name short", async () => {
  const names = await typeNames(nestedTypes(40).schema, "deep");
  expect(names).toHaveLength(41);
  expect(names).toEqual(expect.arrayContaining(["Deep", "DeepLevel1", "DeepLevel1Level2", "DeepLevel3", "DeepLevel40"]));
  expect(Math.max(...names.map((name) => name.length))).toBeLessThanOrEqual("DeepLevel1Level2".length);
}, 60_000);

it("falls back to the path when two deep keys of one name would share a name", async () => {
  const leaf = { type: "object", properties: { name: { type: "string" } } };
  const nest = (key: string): object => ({ type: "object", properties: { b: { type: "object", properties: { [key]: leaf } } } });
  const names = await typeNames(
    {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { Root: { type: "object", properties: { a: nest("same"), c: nest("same") } } },
    },
    "clash",
  );
  expect(names).toEqual(expect.arrayContaining(["RootSame", "RootCBSame"]));
}, 60_000);
