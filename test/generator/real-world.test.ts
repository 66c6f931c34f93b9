/**
 * The model is general: real schemas generated from Rust types (serde tagged enums, maps,
 * recursion, draft-07 `definitions`) become types that compile. Each schema's result is only
 * checked for compiling and for names: no numbered names, every definition present.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";

const DIR = "../shared/schemas/rust";
const schemas = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .sort();

/**
 * Patterns valid only without the `u` flag: tauri's config schema has `^[^/\\:*?"<>|]+$`, whose
 * `\:` is an identity escape the `u` flag forbids. They compile without it, with one warning each.
 */
const WITHOUT_U: Readonly<Record<string, RegExp>> = {
  "tauri-apps__tauri__crates_tauri-cli_config.schema.json": /^#\/properties\/productName\/.*pattern$/,
};

describe("real-world Rust-generated schemas", () => {
  it("has schemas to test", () => expect(schemas.length).toBeGreaterThan(30));
  for (const name of schemas) {
    it(name, async () => {
      const { model, files } = await generateFiles({ contract: `${DIR}/${name}` }, { typeCheck: "always" });
      const warned = model.warnings.map((warning) => warning.pointer);
      const withoutU = WITHOUT_U[name];
      if (withoutU === undefined) expect(warned).toEqual([]);
      else {
        expect(warned.length).toBeGreaterThan(0);
        for (const pointer of warned) expect(pointer).toMatch(withoutU);
      }
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
