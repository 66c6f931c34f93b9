/**
 * Regression: a `$defs` entry `multipleOf` gave the exported guard `isMultipleOf`, the name of the
 * runtime helper validators.ts defines for the multipleOf keyword, and `generate` exited 3
 * ("generated code does not compile") on valid input. Every symbol of the module now goes
 * through one planner: the contract's `validate*`/`is*` names are API and win, and a helper
 * that clashes takes a hashed suffix. Checked for the names that bit, JavaScript's awkward ones,
 * and one entry per helper in the helper table.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { HELPER_NAMES } from "../../generator/emit/validators/runtime-helpers.js";
import { generate } from "../../generator/index.js";
import { loadModule } from "../support/load-module.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-helper-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One schema that makes the module use every helper: issue, kindOf, gather, multipleOf, lengths, uniqueItems, key escaping. */
const USES_EVERY_HELPER = {
  anyOf: [
    { type: "number", multipleOf: 0.01 },
    { type: "string", minLength: 2 },
    { type: "array", uniqueItems: true },
    { type: "object", additionalProperties: { type: "integer" } },
  ],
};

const DEF_NAMES = ["multipleOf", "then", "constructor", "default", ...HELPER_NAMES];

type Guard = (value: unknown) => boolean;
type Validate = (value: unknown) => { ok: boolean; issues?: { instancePath: string }[] };

it("$defs named multipleOf, then, constructor, default and like every runtime helper generate validators that compile", async () => {
  const contract = join(dir, "helpers.schema.json");
  writeFileSync(
    contract,
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "test.helper-names.v1",
      $defs: Object.fromEntries(DEF_NAMES.map((name) => [name, USES_EVERY_HELPER])),
    }),
  );
  // `generate` type-checks the whole binding: a clash is a compile error, exit 3 on the command line.
  const files = await generate({ contract });
  const source = files.get("test.helper-names.v1/validators.ts") as string;
  const module = loadModule<Record<string, Guard | Validate>>(source);
  for (const name of DEF_NAMES) {
    const type = `${name[0]?.toUpperCase()}${name.slice(1)}`;
    const guard = module[`is${type}`] as Guard | undefined;
    const validate = module[`validate${type}`] as Validate | undefined;
    expect(guard, name).toBeTypeOf("function");
    // The helpers still do their work under their planned names.
    expect(guard?.(19.99), name).toBe(true);
    expect(guard?.(0.005), name).toBe(false);
    expect(guard?.("ab"), name).toBe(true);
    expect(guard?.([1, 1]), name).toBe(false);
    expect(guard?.({ "a/b": 1.5 }), name).toBe(false);
    expect(
      validate?.({ "a/b": 1.5 }).issues?.map((issue) => issue.instancePath),
      name,
    ).toContain("/a~1b");
  }
});
