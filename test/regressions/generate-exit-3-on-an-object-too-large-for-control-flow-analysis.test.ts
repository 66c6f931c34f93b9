/**
 * Regression (issue 22): one object with 1,999 properties, each a `$ref` to its own definition,
 * made `generate` exit 3 on a valid schema: its validator compiled to one function body, and the
 * type check of the output failed with TS2563, "The containing function or module body is too
 * large for control flow analysis". Long runs of property checks are now cut into parts
 * (generator/emit/validators/flow-budget.ts); the parts still report the first issue, with its
 * paths, as one body would.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { FLOW_BUDGET } from "../../generator/emit/validators/flow-budget.js";
import { loadModule } from "../support/load-module.js";

const PROPERTIES = 1999;

/** `Wide` has one property per definition; each definition is its own small object. */
function wideSchema(inline: boolean): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < PROPERTIES; i++) {
    const shape = { type: "object", properties: { [`field${i}`]: { type: "string" } }, required: [`field${i}`] };
    if (inline) properties[`p${i}`] = shape;
    else {
      $defs[`Def${i}`] = shape;
      properties[`p${i}`] = { $ref: `#/$defs/Def${i}` };
    }
  }
  $defs.Wide = { type: "object", properties, required: ["p0"] };
  return { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "regression.wide.v1", $defs };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("an object with 1,999 properties", () => {
  it.each([
    ["each a $ref to its own definition", false],
    ["each an inline object", true],
  ])(
    "%s: generate type-checks its output and succeeds",
    async (_, inline) => {
      const dir = mkdtempSync(join(tmpdir(), "rightkit-wide-"));
      dirs.push(dir);
      writeFileSync(join(dir, "wide.json"), JSON.stringify(wideSchema(inline)));
      // typeCheck "always" runs tsgo over the output, as `generate` does: before the fix it threw TS2563.
      const { files } = await generateFiles({ contract: join(dir, "wide.json") }, { typeCheck: "always" });
      const validators = files.get("regression.wide.v1/validators.ts") ?? "";
      expect(validators).toContain("function part1()");
    },
    180_000,
  );

  it("still reports the first issue with its paths, from whichever part finds it", () => {
    const schema = { ...wideSchema(false), $ref: "#/$defs/Wide" };
    const source = emitValidatorModule(schema);
    expect(source.split("function part").length - 1).toBeGreaterThan(1);
    const { validate } = loadModule(source);
    const valid = Object.fromEntries(Array.from({ length: PROPERTIES }, (_, i) => [`p${i}`, { [`field${i}`]: "x" }]));
    expect(validate(valid).ok).toBe(true);
    const broken = { ...valid, p1998: { field1998: 7 } };
    const result = validate(broken);
    expect(result.ok === false && result.issues[0]).toMatchObject({
      instancePath: "/p1998/field1998",
      schemaPath: "#/$ref/properties/p1998/$ref/properties/field1998/type",
      message: "/p1998/field1998: must be string, got integer",
    });
    expect(validate({ p1: { field1: "x" } })).toMatchObject({ ok: false, issues: [{ keyword: "required" }] });
    expect(FLOW_BUDGET).toBeLessThan(2000);
  });
});
