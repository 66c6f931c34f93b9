/**
 * The reference layout: what prettier itself makes of a source with the generator's options.
 * Generation never calls it (oxfmt lays the code out, generator/output/format.ts); the tests use
 * it to prove the two agree.
 */
import { format } from "prettier";
import { PRETTIER_OPTIONS } from "../../generator/output/format.js";

export async function formatWithPrettier(source: string, fileName = "generated.ts"): Promise<string> {
  return format(source, { ...PRETTIER_OPTIONS, filepath: fileName });
}
