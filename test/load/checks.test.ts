/**
 * The precompiled input checks (generator/load/precompiled/, made by load/checks-source.ts): the
 * committed modules are what Ajv makes today, and they judge as live Ajv does — the same verdict
 * and the same first error — on every JSON document the tests and contracts hold (the Rust corpus
 * and the JSON-Schema-Test-Suite among them, in test/fixtures), each also broken in one place many
 * times over. Refresh them, after an Ajv upgrade or an edit of binding.schema.json, with
 *   RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/load/checks.test.ts
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { isBindgenError } from "../../generator/errors.js";
import { parseBinding } from "../../generator/load/binding.js";
import type { Check } from "../../generator/load/check.js";
import validateBinding from "../../generator/load/precompiled/binding.js";
import validateDraft07 from "../../generator/load/precompiled/draft-07.js";
import validateDraft201909 from "../../generator/load/precompiled/draft-2019-09.js";
import validateDraft202012 from "../../generator/load/precompiled/draft-2020-12.js";
import { BINDING_OPTIONS, checkModules, CHECKS_DIR, META_OPTIONS } from "../../generator/load/checks-source.js";
import { checkMetaSchema } from "../../generator/load/meta-schema.js";
import { BINDING_SCHEMA } from "../../generator/package-files.js";
import { Random, seedOf, type Json } from "../support/schema-sampler.js";

const UPDATE_COMMAND = "RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/load/checks.test.ts";
const CORPUS = "test/fixtures/corpus";
/** Broken copies of every document, per check: fewer of the large ones, more of the few binding files. */
const MUTANTS = 40;
const LARGE_MUTANTS = 4;
const LARGE = 100_000;
const BINDING_MUTANTS = 400;

describe("precompiled input checks", () => {
  it("are what Ajv makes of the meta-schemas and binding.schema.json today", () => {
    const expected = checkModules();
    const dir = fileURLToPath(CHECKS_DIR);
    if (process.env.RIGHTKIT_UPDATE_GOLDEN === "1") {
      if (process.env.CI === "true") throw new Error("RIGHTKIT_UPDATE_GOLDEN is refused on CI: refresh locally and commit");
      for (const [file, text] of expected) writeFileSync(join(dir, file), text);
    }
    // Every file there is machine-made: the type the modules share is load/check.ts, beside it.
    expect(readdirSync(dir).sort()).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected)
      expect(readFileSync(join(dir, file), "utf8") === text, `load/precompiled/${file} is stale: run \`${UPDATE_COMMAND}\``).toBe(
        true,
      );
  });

  const documents = jsonDocuments();
  it("have documents to judge", () => expect(documents.length).toBeGreaterThan(100));

  // The reference is what the loader did before: Ajv of the draft, built with the same options.
  const meta: readonly [string, Check, () => Check][] = [
    ["2020-12", validateDraft202012, () => live(new Ajv2020(META_OPTIONS), "https://json-schema.org/draft/2020-12/schema")],
    ["2019-09", validateDraft201909, () => live(new Ajv2019(META_OPTIONS), "https://json-schema.org/draft/2019-09/schema")],
    ["draft-07", validateDraft07, () => live(new Ajv(META_OPTIONS), "http://json-schema.org/draft-07/schema")],
  ];
  for (const [draft, check, reference] of meta) {
    it(`draft ${draft}: the meta-schema check judges as Ajv does`, () => agree(check, reference(), documents, `meta ${draft}`));
  }

  it("binding files: the binding check judges as Ajv does", () => {
    const reference = new Ajv2020(BINDING_OPTIONS).compile(JSON.parse(readFileSync(BINDING_SCHEMA, "utf8")) as object);
    const bindings = documents.filter(([file]) => /binding/.test(file));
    expect(bindings.length).toBeGreaterThanOrEqual(5);
    agree(validateBinding, reference, bindings, "binding", BINDING_MUTANTS);
  });

  it("can fail: the 2019-09 check does not judge as 2020-12 Ajv", () => {
    const small = documents.filter(([file]) => !file.startsWith(CORPUS));
    const reference = live(new Ajv2020(META_OPTIONS), "https://json-schema.org/draft/2020-12/schema");
    expect(compare(validateDraft201909, reference, small, "can fail").mismatches).not.toEqual([]);
  });

  it("a draft-07 schema naming its draft by https is checked against draft-07 (Ajv alone knows only http)", () => {
    const schema = { $schema: "https://json-schema.org/draft-07/schema", type: 5 };
    expect(() => checkMetaSchema(schema, "x.json")).toThrow(/^not a valid draft draft-07 schema: must be equal to one of/);
    expect(checkMetaSchema({ ...schema, type: "string" }, "x.json")).toBe("draft-07");
  });

  it("report the first error, located, as the loader always has (a binding's in words of its own)", () => {
    const error = caught(() => checkMetaSchema({ $defs: { a: { type: "nope" } } }, "s.json"));
    expect(error).toMatchObject({ code: "meta_schema", file: "s.json", pointer: "#/$defs/a/type" });
    expect(error.message).toMatch(/^not a valid draft 2020-12 schema: must be equal to one of the allowed values$/);
    const binding = caught(() => parseBinding(JSON.stringify({ contract: "x", methods: { a: { timeoutMs: 0 } } }), "b.json"));
    expect(binding).toMatchObject({ code: "bad_binding", file: "b.json", pointer: "#/methods/a/timeoutMs" });
    expect(binding.message).toBe('"timeoutMs" must be at least 1, not 0');
  });
});

function live(ajv: Ajv, id: string): Check {
  const validate = ajv.getSchema(id);
  if (validate === undefined) throw new Error(`Ajv holds no ${id}`);
  return validate;
}

function caught(run: () => unknown): Error & { code?: string; file?: string; pointer?: string } {
  try {
    run();
  } catch (error) {
    if (isBindgenError(error)) return error as never;
    throw error;
  }
  throw new Error("did not throw");
}

type Verdict = { valid: boolean; first: Partial<ErrorObject> | undefined };

function verdict(check: Check, data: unknown): Verdict {
  const valid = check(data);
  const first = check.errors?.[0];
  return {
    valid,
    first:
      first === undefined
        ? undefined
        : {
            instancePath: first.instancePath,
            schemaPath: first.schemaPath,
            keyword: first.keyword,
            message: first.message ?? "",
          },
  };
}

interface Comparison {
  readonly total: number;
  readonly invalid: number;
  /** The first few instances judged differently, described. */
  readonly mismatches: readonly string[];
}

/** Each document and `mutants` broken copies of it (fewer when it is large), judged by both. */
function compare(
  check: Check,
  reference: Check,
  documents: readonly [string, Json][],
  label: string,
  mutants = MUTANTS,
): Comparison {
  let invalid = 0;
  let total = 0;
  const mismatches: string[] = [];
  for (const [file, document] of documents) {
    const random = new Random(seedOf(`${label} ${file}`));
    const count = JSON.stringify(document).length > LARGE ? LARGE_MUTANTS : mutants;
    for (let n = 0; n <= count; n++) {
      const data = n === 0 ? document : mutate(document, random);
      const [ours, theirs] = [verdict(check, data), verdict(reference, data)];
      total++;
      if (!ours.valid) invalid++;
      if (mismatches.length < 5 && JSON.stringify(ours) !== JSON.stringify(theirs))
        mismatches.push(
          `${file}, mutant ${n}: ${JSON.stringify(data).slice(0, 300)}: ours ${JSON.stringify(ours)}, Ajv's ${JSON.stringify(theirs)}`,
        );
    }
  }
  return { total, invalid, mismatches };
}

function agree(...args: Parameters<typeof compare>): void {
  const { total, invalid, mismatches } = compare(...args);
  expect(mismatches).toEqual([]);
  // Both outcomes are well represented: the documents are not all broken, nor the mutants all whole.
  expect(invalid).toBeGreaterThan(total / 10);
  expect(invalid).toBeLessThan(total - total / 10);
}

/** Every JSON document under test/fixtures (the corpus among them) and contract/ that parses. */
function jsonDocuments(): [string, Json][] {
  const roots = ["test/fixtures", "contract"];
  const files = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  return files.sort().flatMap((file): [string, Json][] => {
    try {
      return [[file, JSON.parse(readFileSync(file, "utf8")) as Json]];
    } catch {
      return [];
    }
  });
}

/** Values a keyword may wrongly (or rightly) hold: each check reads some of them as errors. */
const ODD_VALUES: readonly Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  "",
  "x",
  "string",
  "#/$defs/a",
  "^(",
  [],
  ["a", "a"],
  [1],
  {},
  { type: "nope" },
];
const KEYWORDS = [
  "type",
  "required",
  "properties",
  "items",
  "enum",
  "minimum",
  "maxLength",
  "pattern",
  "$ref",
  "$id",
  "$anchor",
  "$defs",
  "definitions",
  "additionalProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "const",
  "uniqueItems",
  "dependentRequired",
  "contract",
  "methods",
  "timeoutMs",
  "tool",
  "transport",
  "kind",
];

/** A copy of `value` with one place changed: a value replaced, a keyword added, or one removed. */
function mutate(value: Json, random: Random): Json {
  const places: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = [];
  const visit = (node: Json): void => {
    if (places.length > 5000 || node === null || typeof node !== "object") return;
    for (const [key, child] of Object.entries(node)) {
      places.push({ parent: node, key: Array.isArray(node) ? Number(key) : key });
      visit(child);
    }
  };
  const copy = structuredClone(value);
  visit(copy);
  const objects = [copy, ...places.map(({ parent, key }) => (parent as Record<string, Json>)[key] as Json)].filter(
    (node): node is { [key: string]: Json } => node !== null && typeof node === "object" && !Array.isArray(node),
  );
  const choice = random.int(0, 2);
  if (choice === 0 && places.length > 0) {
    const { parent, key } = random.pick(places);
    (parent as Record<string | number, Json>)[key] = random.pick(ODD_VALUES);
  } else if (choice === 1 && objects.length > 0) {
    random.pick(objects)[random.pick(KEYWORDS)] = random.pick(ODD_VALUES);
  } else if (places.length > 0) {
    const { parent, key } = random.pick(places);
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else return random.pick(ODD_VALUES);
  return copy;
}
