/**
 * The tsconfig settings a binding's consumer commonly compiles with (docs/binding-repo.md →
 * "The settings it compiles under"), and one tsgo run under one of them over a folder of files laid
 * out as a binding repo's generated/ is. Generated code is the consumer's code: it must compile
 * under their settings, not only under the pipeline's own (generator/output/typecheck.ts).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compile, parseDiagnostics, tsgoExecutable, type Diagnostic } from "../../generator/output/typecheck.js";

/** What every setting shares: a Node 20 ES2022 package that type-checks only. */
const COMMON = { target: "es2022", lib: ["es2022"], types: ["node"], skipLibCheck: true, noEmit: true } as const;
const NODENEXT = { module: "nodenext", moduleResolution: "nodenext" } as const;

export const CONSUMER_SETTINGS = {
  loose: { ...NODENEXT, strict: false },
  strict: { ...NODENEXT, strict: true },
  exact: { ...NODENEXT, strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true },
  /** Only syntax a strip-only compiler (esbuild, swc, Node's type stripping) can remove. */
  erasable: { ...NODENEXT, strict: true, isolatedModules: true, verbatimModuleSyntax: true, erasableSyntaxOnly: true },
  bundler: { module: "esnext", moduleResolution: "bundler", strict: true },
} as const;

export type ConsumerSetting = keyof typeof CONSUMER_SETTINGS;
export const SETTING_NAMES = Object.keys(CONSUMER_SETTINGS) as ConsumerSetting[];

/** Writes `files` (path relative to `root` → text) into `root`. */
export function writeTree(root: string, files: Iterable<readonly [string, string]>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * Makes `root` a consumer's package: `"type": "module"`, and a node_modules holding only
 * @types/node and the one package it imports (undici-types), linked from ours. Generated code that
 * imported anything else would not resolve, as in a binding repo that installed nothing more.
 */
export function consumerPackage(root: string): void {
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  const nodeTypes = dirname(createRequire(import.meta.url).resolve("@types/node/package.json"));
  const undiciTypes = dirname(createRequire(join(nodeTypes, "package.json")).resolve("undici-types/package.json"));
  mkdirSync(join(root, "node_modules", "@types"), { recursive: true });
  symlinkSync(nodeTypes, join(root, "node_modules", "@types", "node"), "dir");
  symlinkSync(undiciTypes, join(root, "node_modules", "undici-types"), "dir");
}

/** One tsgo run under `setting` over the files `include` names (globs relative to `root`); paths in the diagnostics are relative to `root`. */
export async function compileUnder(root: string, setting: ConsumerSetting, include: readonly string[]): Promise<Diagnostic[]> {
  const project = `tsconfig.${setting}.json`;
  const compilerOptions = { ...COMMON, ...CONSUMER_SETTINGS[setting] };
  writeFileSync(join(root, project), JSON.stringify({ compilerOptions, include }, null, 2));
  const run = await compile(await tsgoExecutable(), project, root);
  const diagnostics = parseDiagnostics(run.stdout);
  // A failed run with nothing parsed is the compiler's failure (or output this parser misreads), never a pass.
  const failed = run.status !== 0;
  if (failed !== diagnostics.length > 0) {
    throw new Error(`tsgo exited with ${run.status} and ${diagnostics.length} diagnostics: ${run.stderr || run.stdout}`);
  }
  return diagnostics;
}

/** The first `shown` diagnostics as `file:line TSn message`, then how many more. */
export function describeDiagnostics(diagnostics: readonly Diagnostic[], shown = 20): string {
  const lines = diagnostics.slice(0, shown).map((d) => `${d.file}:${d.line} ${d.code} ${d.text}`);
  if (diagnostics.length > shown) lines.push(`… and ${diagnostics.length - shown} more`);
  return lines.join("\n");
}
