/**
 * Regression: a `$defs` entry `issue` gave the export `standardIssue`, the name of the helper
 * standard-schema.ts declared for turning our issues into Standard Schema ones, and `generate`
 * failed its type check ("Duplicate identifier 'standardIssue'") on valid input; `validator` did
 * the same to `standardValidator`. The module's private names now keep off every prefix the
 * exports and imports use (`standard`, `validate`, a capital); the interfaces and the adapter are
 * the runtime's now, whose every export the naming stage keeps contract types off.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { generate } from "../../generator/index.js";
import { runtimeExportNames } from "../../generator/naming/runtime-exports.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-standard-helper-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEMPLATE = readFileSync("templates/binding/standard-schema.ts.hbs", "utf8");
/** The module's own top-level declarations, exported or not. */
const declared = (pattern: RegExp): string[] => [...TEMPLATE.matchAll(pattern)].map((match) => match[1] as string);
const PRIVATE_VALUES = declared(/^(?:function|let|const)\s+([A-Za-z_$][\w$]*)/gm);
const EXPORTED_TYPES = declared(/^export (?:interface|type)\s+([A-Za-z_$][\w$]*)/gm);

it("declares no private name an export or an import could take, and no type of its own", () => {
  expect(PRIVATE_VALUES).toEqual(["schemas"]);
  for (const name of PRIVATE_VALUES) expect(name, name).toMatch(/^(?!standard|validate)[a-z]/);
  expect(EXPORTED_TYPES).toEqual([]);
  for (const name of ["SchemaTable", "StandardValidator", "StandardSchemaV1"])
    expect(runtimeExportNames().has(name), name).toBe(true);
});

it("$defs named issue, validator and like every helper generate a binding that compiles", async () => {
  const names = ["issue", "validator", "standardIssue", "schemaTable", "standardValidator", ...PRIVATE_VALUES];
  const contract = join(dir, "helpers.schema.json");
  writeFileSync(
    contract,
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "test.standard-helper-names.v1",
      $defs: Object.fromEntries(names.map((name) => [name, { type: "object", properties: { [name]: { type: "string" } } }])),
    }),
  );
  // `generate` type-checks the whole binding: a clash is a compile error, exit 3 on the command line.
  const files = await generate({ contract });
  const source = files.get("test.standard-helper-names.v1/standard-schema.ts") as string;
  expect(source).toContain("export const standardIssue: StandardValidator<Issue> = schemas.standard(");
  expect(source).toContain("export const standardValidator: StandardValidator<Validator> = schemas.standard(");
  // A contract type may not take a runtime export's name: `SchemaTable` is the runtime's.
  expect(source).toMatch(/export const standardSchemaTable\d*\w*: StandardValidator<SchemaTable\w+>/);
});
