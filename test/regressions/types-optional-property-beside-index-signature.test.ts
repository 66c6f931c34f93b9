/**
 * Regression (issue 19, found on the real corpus: ruff's `ty` rules, moon's project schema, cargo's
 * lints, schemars' `maps`): an optional property beside an index signature,
 * `"duplicate-kw-only"?: Level` beside `[key: string]: Level`, compiled only with
 * exactOptionalPropertyTypes. Under plain `strict` the property reads as `Level | undefined`, which
 * the index signature does not admit (TS2411): 154 errors over the corpus. The declared properties
 * and the index signature are now the two sides of an intersection, typed as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { compileUnder, consumerPackage, describeDiagnostics, SETTING_NAMES, writeTree } from "../support/consumer-settings.js";

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-optional-index-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const level = { $ref: "#/$defs/level" };
const SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "optional-index.v1",
  $defs: {
    level: { enum: ["warn", "error"] },
    // ty's rules: optional properties of the index signature's own type.
    rules: { type: "object", properties: { "duplicate-kw-only": level, "zero-stepsize": level }, additionalProperties: level },
    // cargo's lints: an optional property of another type than the extra ones.
    lints: {
      type: "object",
      properties: { workspace: { type: "boolean" } },
      additionalProperties: { type: "object", additionalProperties: level },
    },
    // Inline (beside a `$ref` an object is not named), under a postfix `[]`.
    ruleSets: {
      type: "array",
      items: { $ref: "#/$defs/rules", properties: { severity: level }, additionalProperties: level },
    },
    // Required properties only: an interface, as before.
    required: { type: "object", properties: { name: { type: "string" } }, required: ["name"], additionalProperties: level },
  },
};

/** What a consumer writes against the types; the same under every setting. */
const USE = `import type { Lints, Required, Rules, RuleSets } from "./generated/optional-index.v1/types.js";
export const rules: Rules = { "duplicate-kw-only": "warn", unlisted: "error" };
export const read: "warn" | "error" | undefined = rules["zero-stepsize"];
export const lints: Lints = { workspace: true, clippy: { pedantic: "warn" } };
export const sets: RuleSets = [{ severity: "warn", other: "error" }];
export const required: Required = { name: "x", other: "warn" };
// @ts-expect-error an extra key holds a Level
export const wrongExtra: Rules = { unlisted: "loud" };
// @ts-expect-error a declared key holds a Level
export const wrongDeclared: Rules = { "duplicate-kw-only": "loud" };
`;

let types = "";
beforeAll(async () => {
  const contract = join(root, "optional-index.schema.json");
  writeFileSync(contract, JSON.stringify(SCHEMA));
  const { files } = await generateFiles({ contract }, { typeCheck: "never" });
  writeTree(
    join(root, "generated"),
    [...files].filter(([path]) => path.endsWith(".ts")),
  );
  writeTree(root, [["use.ts", USE]]);
  consumerPackage(root);
  types = files.get("optional-index.v1/types.ts") ?? "";
}, 60_000);

it("splits an object with an optional property from its index signature, and only such an object", () => {
  expect(types).toContain(
    'export type Rules = {\n  "duplicate-kw-only"?: Level;\n  "zero-stepsize"?: Level;\n} & { [key: string]: Level };',
  );
  expect(types).toMatch(/export type Lints = \{\n {2}workspace\?: boolean;\n\} & \{\n {2}\[key: string\]:/);
  expect(types).toContain("export type RuleSets = (Rules &\n  ({\n    severity?: Level;\n  } & { [key: string]: Level }))[];");
  expect(types).toContain("export interface Required {\n  name: string;\n  [key: string]: Level | string;\n}");
});

for (const setting of SETTING_NAMES) {
  it(`compiles, and types its uses as before, under ${setting}`, { timeout: 60_000 }, async () => {
    const diagnostics = await compileUnder(root, setting, ["generated/**/*.ts", "use.ts"]);
    expect(describeDiagnostics(diagnostics)).toBe("");
  });
}
