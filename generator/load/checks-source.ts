/**
 * The source of the precompiled input checks in load/precompiled/: Ajv's standalone code for each
 * draft's meta-schema and for the binding file's schema, made with the options the loader has
 * always given Ajv. Compiling them on every run took 0.1 s of the demo `check`'s 0.85 s (the
 * 2020-12 meta-schema alone is eight documents, and the binding schema was compiled once per
 * contract); the generated modules load in milliseconds and validate exactly as the compiled
 * schemas do, errors included, because they are the code Ajv compiles them to.
 *
 * Nothing at run time imports this: test/load/checks.test.ts proves the committed files
 * are what it makes now (a new Ajv or an edited binding.schema.json fails it until they are
 * refreshed with `RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/load/checks.test.ts`), and
 * that they agree with live Ajv on every schema and binding file the tests hold, broken and whole.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type Options } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
// A CommonJS module whose `module.exports` is the function, with itself as `default` too.
import standalone from "ajv/dist/standalone/index.js";
import { BINDING_SCHEMA, PACKAGE_JSON } from "../package-files.js";
import { GENERATOR_NAME } from "../version.js";

/** The machine-made checks' folder, beside this module: nothing in it is edited by hand. */
export const CHECKS_DIR = new URL("precompiled/", import.meta.url);

/** Meta-schema checks: unknown keywords are the compiler's to judge, and formats are annotations. */
export const META_OPTIONS = { strict: false, validateFormats: false } as const satisfies Options;
/** The binding schema is ours, so strict mode holds it to Ajv's rules (checked when its module is made). */
export const BINDING_OPTIONS = { strict: true, allowUnionTypes: true, allErrors: false } as const satisfies Options;

interface CheckSource {
  /** The module's file name in load/precompiled/. */
  readonly file: string;
  /** What it checks, for its header. */
  readonly what: string;
  /** Ajv configured as the loader configured it, keeping the generated code's source. */
  readonly ajv: (options: Options) => Ajv;
  readonly options: Options;
  /** The schema to compile: a meta-schema Ajv holds, by `$id`, or a schema object. */
  readonly schema: () => string | object;
}

function metaSchema(draft: string, ajv: (options: Options) => Ajv, id: string): CheckSource {
  return { file: `${draft}.ts`, what: `the ${draft} meta-schema`, ajv, options: META_OPTIONS, schema: () => id };
}

const SOURCES: readonly CheckSource[] = [
  metaSchema("draft-2020-12", (options) => new Ajv2020(options), "https://json-schema.org/draft/2020-12/schema"),
  metaSchema("draft-2019-09", (options) => new Ajv2019(options), "https://json-schema.org/draft/2019-09/schema"),
  metaSchema("draft-07", (options) => new Ajv(options), "http://json-schema.org/draft-07/schema"),
  {
    file: "binding.ts",
    what: "generator/load/binding.schema.json",
    ajv: (options) => new Ajv2020(options),
    options: BINDING_OPTIONS,
    schema: () => JSON.parse(readFileSync(BINDING_SCHEMA, "utf8")) as object,
  },
];

function ajvVersion(): string {
  return (createRequire(PACKAGE_JSON)("ajv/package.json") as { version: string }).version;
}

function moduleText(source: CheckSource, version: string): string {
  const ajv = source.ajv({ ...source.options, code: { source: true, esm: true, lines: true } });
  const schema = source.schema();
  const validate = typeof schema === "string" ? ajv.getSchema(schema) : ajv.compile(schema);
  if (validate === undefined) throw new Error(`Ajv holds no schema ${String(schema)}`);
  // Ajv's ES module output still calls `require` for its runtime helpers (deep equality, string
  // length in code points); a module-local one resolves them from wherever this module runs.
  const code = standalone.default(ajv, validate).replace(/^"use strict";\n/, "");
  return [
    `// ${GENERATOR_NAME}: Ajv ${version}'s standalone code for ${source.what}, options ${JSON.stringify(source.options)}.`,
    "// Do not edit: made by generator/load/checks-source.ts; refresh with",
    "// RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/load/checks.test.ts",
    "// @ts-nocheck -- Ajv's code is plain JavaScript.",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    code,
  ].join("\n");
}

/** File name in load/precompiled/ → the text it should hold. */
export function checkModules(): Map<string, string> {
  const version = ajvVersion();
  return new Map(SOURCES.map((source) => [source.file, moduleText(source, version)]));
}
