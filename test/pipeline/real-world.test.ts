/**
 * The real corpus: every schema generated from Rust types in test/fixtures/corpus (serde tagged
 * enums, maps, recursion, draft-07 `definitions`; provenance in PROVENANCE.tsv there) is
 * generated once, type-checked by the pipeline under strict options, and then:
 *
 * - its names: every named type declared, with its validator and guard, no numbered names;
 * - its validators, differentially: for every named type (`model.types`, name → pointer) the
 *   generated `validate<Name>(x).ok` and `is<Name>(x)` both equal Ajv's verdict, Ajv matched to
 *   the schema's draft (test/support/ajv-dialect.ts), on seeded instances sampled from the
 *   type's schema, valid and mutated (test/support/schema-sampler.ts).
 *
 * A failure prints the file, pointer, seed and instance; `reproduce()` in the support module
 * rebuilds it.
 * Mismatches that are not ours to fix here are listed in KNOWN_MISMATCHES with their reason, and
 * an entry that no longer mismatches fails, so the list stays true.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { corpusDifferential, describeMismatch } from "../support/corpus-differential.js";

const DIR = "test/fixtures/corpus";
const schemas = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .sort();

/** Instances per named type at least; every fifth is valid by construction, the rest mutated. */
const INSTANCES = 200;
/**
 * Instances per schema at least: small schemas' types get more each. At 20,000 the differential
 * noticed 216 of 231 one-keyword breakages of the generator's input (a required name dropped, a
 * bound moved by one, an enum value removed, `null` allowed, …) against 194 at 200 per type.
 */
const PER_SCHEMA = 20_000;
const SEED = 20_261_201;

/**
 * Patterns valid only without the `u` flag: tauri's config schema has `^[^/\\:*?"<>|]+$`, whose
 * `\:` is an identity escape the `u` flag forbids. They compile without it, with one warning each.
 */
const WITHOUT_U: Readonly<Record<string, RegExp>> = {
  "tauri-apps__tauri__crates_tauri-cli_config.schema.json": /^#\/properties\/productName\/.*pattern$/,
};

/**
 * Patterns only a backtracking RegExp can run (lookaround, backreferences), each with its warning
 * (docs/types-and-validators.md, Patterns): omicron's `Name` refuses a UUID with a negative lookahead.
 */
const BACKTRACKING: Readonly<Record<string, readonly string[]>> = {
  "oxidecomputer__omicron__schema_all-zones-requests.json": ["#/definitions/Name/pattern"],
};

/** Schemas the generator refuses today, with why. Every schema must generate: keep this empty. */
const REFUSED: Readonly<Record<string, string>> = {};

interface KnownMismatch {
  readonly file: string;
  /** The named type's pointer. */
  readonly pointer: string;
  readonly reason: string;
}

/** Mismatches with Ajv that are pinned, not fixed; each must still occur. */
const KNOWN_MISMATCHES: readonly KnownMismatch[] = [];

describe("real-world Rust-generated schemas", () => {
  it("has schemas to test", () => expect(schemas.length).toBeGreaterThan(30));
  it("lists no schema that is not in the corpus", () => {
    for (const name of [...Object.keys(REFUSED), ...KNOWN_MISMATCHES.map((m) => m.file)]) expect(schemas).toContain(name);
  });

  for (const name of schemas) {
    it(`${name}: generates, type-checks, and its validators agree with Ajv`, { timeout: 300_000 }, async () => {
      const path = `${DIR}/${name}`;
      const refused = REFUSED[name];
      if (refused !== undefined) {
        await expect(generateFiles({ contract: path }, { typeCheck: "always" }), refused).rejects.toThrow();
        return;
      }
      const { model, files } = await generateFiles({ contract: path }, { typeCheck: "always" });
      const backtracking = BACKTRACKING[name] ?? [];
      const warned = model.warnings.map((warning) => warning.pointer).filter((pointer) => !backtracking.includes(pointer));
      expect(model.warnings.filter((warning) => backtracking.includes(warning.pointer)).length).toBe(backtracking.length);
      const withoutU = WITHOUT_U[name];
      if (withoutU === undefined) expect(warned).toEqual([]);
      else {
        expect(warned.length).toBeGreaterThan(0);
        for (const pointer of warned) expect(pointer).toMatch(withoutU);
      }
      expect(model.types.length).toBeGreaterThan(0);
      const file = (suffix: string): string => [...files].find(([p]) => p.endsWith(suffix))?.[1] ?? "";
      const types = file("/types.ts");
      const validators = file("/validators.ts");
      // Every named type is declared, and has its validator and guard; names are unique.
      for (const { name: typeName } of model.types) {
        expect(types).toMatch(new RegExp(`^export (interface|type) ${typeName}\\b`, "m"));
        expect(validators).toContain(`export function validate${typeName}(`);
        expect(validators).toContain(`export function is${typeName}(`);
      }
      expect(new Set(model.types.map((t) => t.name)).size).toBe(model.types.length);

      // The differential.
      const { mismatches, pinned, verdicts } = corpusDifferential(name, path, model.types, validators, {
        instances: INSTANCES,
        perSchema: PER_SCHEMA,
        seed: SEED,
        known: KNOWN_MISMATCHES.filter((m) => m.file === name).map((m) => m.pointer),
      });
      const known = KNOWN_MISMATCHES.filter((m) => m.file === name);
      const shown = mismatches.slice(0, 5).map((m) => describeMismatch(name, path, m));
      expect(mismatches.length, `${mismatches.length} mismatches with Ajv:\n${shown.join("\n")}`).toBe(0);
      for (const entry of known) expect(pinned, `stale KNOWN_MISMATCHES entry: ${entry.pointer}`).toContain(entry.pointer);
      // Both verdicts in earnest, or the agreement proves little.
      const total = verdicts.valid + verdicts.invalid;
      expect(verdicts.valid, `valid verdicts of ${total}`).toBeGreaterThan(total / 10);
      expect(verdicts.invalid, `invalid verdicts of ${total}`).toBeGreaterThan(total / 4);
    });
  }

  /**
   * The harness itself: validators generated from a schema broken in one keyword must disagree
   * with Ajv reading the original, or the agreement above would prove little.
   */
  describe("notices validators generated from a schema broken in one place", () => {
    const name =
      "GREsau__schemars__schemars_tests_integration_snapshots_schemars_tests_integration_validator.rs_validate_attrs.json";
    type Schema = { required: string[]; properties: Record<string, Record<string, unknown>> };
    const BREAKAGES: Readonly<Record<string, (schema: Schema) => void>> = {
      "a required name dropped": (schema) => void (schema.required = schema.required.filter((key) => key !== "x")),
      "a maximum raised by one": (schema) => void ((schema.properties.x as { maximum: number }).maximum += 1),
      "a pattern loosened": (schema) => void ((schema.properties.regex_str as { pattern: string }).pattern = "^[Hh]ell"),
      "null allowed": (schema) => void ((schema.properties.pair as { items: unknown }).items = { type: ["string", "null"] }),
      "maxItems raised": (schema) => void ((schema.properties.pair as { maxItems: number }).maxItems = 3),
    };
    for (const [breakage, edit] of Object.entries(BREAKAGES)) {
      it(breakage, async () => {
        const path = `${DIR}/${name}`;
        const schema = JSON.parse(readFileSync(path, "utf8")) as Schema;
        edit(schema);
        const dir = mkdtempSync(join(tmpdir(), "bindgen-broken-"));
        try {
          writeFileSync(join(dir, name), JSON.stringify(schema));
          const { model, files } = await generateFiles({ contract: join(dir, name) }, { typeCheck: "never" });
          const validators = [...files].find(([p]) => p.endsWith("/validators.ts"))?.[1] ?? "";
          const { mismatches } = corpusDifferential(name, path, model.types, validators, {
            instances: INSTANCES,
            perSchema: PER_SCHEMA,
            seed: SEED,
          });
          expect(mismatches.length).toBeGreaterThan(0);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  });
});
