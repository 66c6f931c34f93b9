/**
 * Generated code is compiled before it is written: an in-memory TypeScript program over all the
 * files of one generation, with the strictest options a binding repo might use. Code that does
 * not compile is refused with its diagnostics; nothing is written.
 */
import { Project, ts } from "ts-morph";
import { BindgenError } from "../errors.js";
import { nodeTypeRoots } from "../package-files.js";

export const STRICT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2022.d.ts"],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noEmit: true,
  skipLibCheck: true,
};

/**
 * `files` maps output-relative paths to contents. Runtime code uses Node's standard library,
 * so Node's type declarations are loaded from this package's own dependencies.
 */
export function typeCheck(files: ReadonlyMap<string, string>): void {
  const project = new Project({
    compilerOptions: { ...STRICT_OPTIONS, types: ["node"], typeRoots: [nodeTypeRoots()] },
    skipAddingFilesFromTsConfig: true,
  });
  const root = "/__rightkit_bindgen_check__/";
  for (const [path, text] of files) project.createSourceFile(`${root}${path}`, text, { overwrite: true });
  const diagnostics = project.getPreEmitDiagnostics().filter((d) => d.getCategory() === ts.DiagnosticCategory.Error);
  if (diagnostics.length === 0) return;
  const first = diagnostics[0]!;
  const file = first.getSourceFile()?.getFilePath().replace(root, "") ?? "generated";
  const line = first.getLineNumber() ?? 0;
  const text = ts.flattenDiagnosticMessageText(first.getMessageText() as string | ts.DiagnosticMessageChain, " ");
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
  // Plain text (no colour codes): the diagnostics may land in a CI log or a file.
  const details = ts.formatDiagnostics(
    diagnostics.map((d) => d.compilerObject),
    { getCanonicalFileName: (name) => name.replace(root, ""), getCurrentDirectory: () => root, getNewLine: () => "\n" },
  );
  throw new BindgenError("type_check", `generated code does not compile: ${text}${more}`, {
    file,
    location: String(line),
    details,
  });
}
