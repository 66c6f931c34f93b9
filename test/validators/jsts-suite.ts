/**
 * Reads the official JSON-Schema-Test-Suite files (drafts 2020-12, 2019-09 and 7) and compiles
 * each group's schema through emitValidatorModule. Shared by the suite test and the type-check
 * test. The suite assumes a file's draft from its folder; the compiler reads `$schema`, so a group
 * schema without one gets its draft's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isBindgenError, type BindgenError } from "../../generator/errors.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const JSTS_DIR = resolve(HERE, "../../../shared/jsts");

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

/** The `.json` files of a draft's folder, sorted; `optional/` is its own folder. */
export function suiteFiles(draft: SuiteDraft, folder: "" | "optional"): readonly string[] {
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

export function compileGroup(draft: SuiteDraft, group: SuiteGroup): Compiled {
  try {
    return { kind: "module", source: emitValidatorModule(groupSchema(draft, group)) };
  } catch (error) {
    if (isBindgenError(error)) return { kind: "refused", error };
    throw error;
  }
}
