/**
 * Reads the official JSON-Schema-Test-Suite files (drafts 2020-12, 2019-09 and 7) and compiles
 * each group's schema through emitValidatorModule. Shared by the suite test and the type-check
 * test. The suite assumes a file's draft from its folder; the compiler reads `$schema`, so a group
 * schema without one gets its draft's. The suite's remote documents (`remotes/`, served at
 * http://localhost:1234/ by its own runner) and the drafts' meta-schemas are handed to the compiler
 * as a registry, the remotes read in the same draft: nothing is fetched.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isBindgenError, type BindgenError } from "../../../generator/errors.js";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";
import type { SchemaRegistry } from "../../../generator/resolve/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const JSTS_DIR = resolve(HERE, "../../fixtures/json-schema-test-suite");

/** A draft's folder of the suite and the `$schema` its groups are read in. */
export interface SuiteDraft {
  readonly folder: "draft2020-12" | "draft2019-09" | "draft7";
  readonly schema: string;
}

export const DRAFTS: readonly SuiteDraft[] = [
  { folder: "draft2020-12", schema: "https://json-schema.org/draft/2020-12/schema" },
  { folder: "draft2019-09", schema: "https://json-schema.org/draft/2019-09/schema" },
  { folder: "draft7", schema: "http://json-schema.org/draft-07/schema#" },
];

export interface SuiteCase {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface SuiteGroup {
  readonly description: string;
  readonly schema: object | boolean;
  readonly tests: readonly SuiteCase[];
}

export type Compiled =
  { readonly kind: "module"; readonly source: string } | { readonly kind: "refused"; readonly error: BindgenError };

/** The `.json` files of a draft's folder, sorted; `optional/` and `optional/format/` are folders of their own. */
export function suiteFiles(draft: SuiteDraft, folder: "" | "optional" | "optional/format"): readonly string[] {
  const dir = resolve(JSTS_DIR, draft.folder, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => (folder === "" ? name : `${folder}/${name}`));
}

/** JSON.parse, never object literals: `__proto__` must stay an own property of the data. */
export function readGroups(draft: SuiteDraft, file: string): readonly SuiteGroup[] {
  return JSON.parse(readFileSync(resolve(JSTS_DIR, draft.folder, file), "utf8")) as SuiteGroup[];
}

/** The group's schema as a document of its draft: a boolean is wrapped (a document must be an object to carry `$schema`). */
export function groupSchema(draft: SuiteDraft, group: SuiteGroup): object {
  const schema: object = typeof group.schema === "boolean" ? { allOf: [group.schema] } : group.schema;
  return Object.hasOwn(schema, "$schema") ? schema : { $schema: draft.schema, ...schema };
}

const REMOTES_DIR = resolve(JSTS_DIR, "remotes");
const REMOTES_URI = "http://localhost:1234/";

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(resolve(dir, entry.name)) : entry.name.endsWith(".json") ? [resolve(dir, entry.name)] : [],
  );
}

/** The drafts' own meta-schemas, which groups `$ref`, from the copies Ajv ships (by their `$id`). */
const META_SCHEMA_DIRS = ["json-schema-draft-07.json", "json-schema-2019-09", "json-schema-2020-12"].map((name) =>
  resolve(HERE, "../../../node_modules/ajv/dist/refs", name),
);

function metaSchemas(): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const path of META_SCHEMA_DIRS) {
    for (const file of path.endsWith(".json") ? [path] : jsonFiles(path)) {
      const document = JSON.parse(readFileSync(file, "utf8")) as { $id: string };
      found[document.$id.replace(/#$/, "")] = document;
    }
  }
  return found;
}

const registries = new Map<string, SchemaRegistry>();

/** Every remote document by the URI the suite serves it at, each read in `draft` unless it names its own. */
export function remotes(draft: SuiteDraft): SchemaRegistry {
  const known = registries.get(draft.folder);
  if (known !== undefined) return known;
  const registry: Record<string, unknown> = metaSchemas();
  for (const file of jsonFiles(REMOTES_DIR).sort()) {
    const document = JSON.parse(readFileSync(file, "utf8")) as unknown;
    const uri = REMOTES_URI + relative(REMOTES_DIR, file).split("\\").join("/");
    const object = typeof document === "object" && document !== null && !Array.isArray(document);
    registry[uri] = object && !Object.hasOwn(document, "$schema") ? { $schema: draft.schema, ...document } : document;
  }
  registries.set(draft.folder, registry);
  return registry;
}

export function compileGroup(draft: SuiteDraft, group: SuiteGroup): Compiled {
  try {
    return { kind: "module", source: emitValidatorModule(groupSchema(draft, group), { registry: remotes(draft) }) };
  } catch (error) {
    if (isBindgenError(error)) return { kind: "refused", error };
    throw error;
  }
}
