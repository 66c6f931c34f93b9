/**
 * The one place TypeScript becomes JavaScript in this process: the code our emitters made, its
 * types erased, for `conform` (the validators it judges with) and `mcp` (a binding generated on
 * the spot). oxc's transformer does it file by file, natively, in milliseconds; imports stay
 * exactly as written and only `import type` goes, the `verbatimModuleSyntax` rule every
 * generated file is type-checked under, so each file strips on its own.
 */
import { transformSync } from "oxc-transform";

/** `source` (the TypeScript file `fileName`) as ES2022 JavaScript, an ES module still. */
export function stripTypes(fileName: string, source: string): string {
  const { code, errors } = transformSync(fileName, source, {
    lang: "ts",
    sourceType: "module",
    target: "es2022",
    typescript: { onlyRemoveTypeImports: true },
  });
  const [error] = errors;
  // The source is our emitters' and has been parsed as TypeScript before: an error is our bug.
  if (error !== undefined) throw new Error(`${fileName}: types not erased: ${error.message}`);
  return code;
}

/** An ES module that imports nothing, loaded from its text alone (a `data:` URL: no file). */
export async function importStandalone<T>(javascript: string): Promise<T> {
  return (await import(`data:text/javascript;base64,${Buffer.from(javascript, "utf8").toString("base64")}`)) as T;
}
