/**
 * Reads the official JSON-Schema-Test-Suite files (draft 2020-12) and compiles each group's
 * schema through emitValidatorModule. Shared by the suite test and the type-check test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isBindgenError, type BindgenError } from "../../generator/errors.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SUITE_DIR = resolve(HERE, "../../../shared/jsts/draft2020-12");

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

/** The `.json` files of a suite folder, sorted; `optional/` is its own folder. */
export function suiteFiles(folder: "" | "optional"): readonly string[] {
  const dir = resolve(SUITE_DIR, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => (folder === "" ? name : `${folder}/${name}`));
}

/** JSON.parse, never object literals: `__proto__` must stay an own property of the data. */
export function readGroups(file: string): readonly SuiteGroup[] {
  return JSON.parse(readFileSync(resolve(SUITE_DIR, file), "utf8")) as SuiteGroup[];
}

export function compileGroup(group: SuiteGroup): Compiled {
  try {
    // A boolean root schema is wrapped, as a schema document must be an object to carry an index.
    const schema = typeof group.schema === "boolean" ? { allOf: [group.schema] } : group.schema;
    return { kind: "module", source: emitValidatorModule(schema) };
  } catch (error) {
    if (isBindgenError(error)) return { kind: "refused", error };
    throw error;
  }
}
