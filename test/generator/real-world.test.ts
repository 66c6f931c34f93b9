/**
 * The model is general: real schemas generated from Rust types (serde tagged enums, maps,
 * recursion, draft-07 `definitions`) become types that compile. Each schema's result is only
 * checked for compiling and for names: no numbered names, every definition present.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BindgenError } from "../../generator/errors.js";
import { generateFiles } from "../../generator/pipeline.js";

const DIR = "../shared/schemas/rust";
const schemas = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .sort();

/**
 * Refused on purpose: tauri's config schema has the pattern `^[^/\\:*?"<>|]+$`, whose `\:` is an
 * identity escape that only sloppy (non-`u`) regular expressions allow. Patterns are compiled
 * with the `u` flag (draft 2020-12 says ECMA-262 with Unicode semantics), so it is bad input.
 */
const REFUSED: Readonly<Record<string, RegExp>> = {
  "tauri-apps__tauri__crates_tauri-cli_config.schema.json": /^bad_pattern #\/properties\/productName\/.*pattern$/,
};

describe("real-world Rust-generated schemas", () => {
  it("has schemas to test", () => expect(schemas.length).toBeGreaterThan(30));
  for (const name of schemas) {
    const refusal = REFUSED[name];
    if (refusal !== undefined) {
      it(`${name} (refused: invalid u-mode pattern)`, async () => {
        const error = await generateFiles({ contract: `${DIR}/${name}` }, { typeCheck: "never" }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BindgenError);
        const { code, pointer } = error as BindgenError;
        expect(`${code} ${String(pointer)}`).toMatch(refusal);
      });
      continue;
    }
    it(name, async () => {
      const { model, files } = await generateFiles({ contract: `${DIR}/${name}` }, { typeCheck: "always" });
      expect(model.types.length).toBeGreaterThan(0);
      const file = (suffix: string): string => [...files].find(([path]) => path.endsWith(suffix))?.[1] ?? "";
      const types = file("/types.ts");
      const validators = file("/validators.ts");
      // Every named type is declared, and has its validator and guard; names are unique.
      for (const { name: typeName } of model.types) {
        expect(types).toMatch(new RegExp(`^export (interface|type) ${typeName}\\b`, "m"));
        expect(validators).toContain(`export function validate${typeName}(`);
        expect(validators).toContain(`export function is${typeName}(`);
      }
      expect(new Set(model.types.map((t) => t.name)).size).toBe(model.types.length);
    });
  }
});
