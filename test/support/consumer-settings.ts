/**
 * The tsconfig settings a binding's consumer commonly compiles with (docs/binding-repo.md →
 * "The settings it compiles under"), and one compiler run under one of them over a folder of files laid
 * out as a binding repo's generated/ is. Generated code is the consumer's code: it must compile
 * under their settings, not only under the pipeline's own (generator/output/typecheck.ts).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, parseDiagnostics, type Compiler, type Diagnostic } from "../../generator/output/typecheck.js";
import { generateFiles } from "../../generator/pipeline.js";
import { COMPILERS, LATEST, type CompilerName } from "./compilers.js";

/** A consumer's tsconfig: a preset it extends (resolved from its node_modules, as `extends` resolves a package), and its own options. */
export interface ConsumerTsconfig {
  readonly extends?: string;
  readonly compilerOptions: Readonly<Record<string, unknown>>;
}

/** What a setting of its own says beside its options: a Node 20 ES2022 package. */
const NODE_PACKAGE = { target: "es2022", lib: ["es2022"], types: ["node"], skipLibCheck: true } as const;
const NODENEXT = { module: "nodenext", moduleResolution: "nodenext" } as const;

/** The presets the settings extend, installed in the consumer's node_modules as a binding repo would install them. */
const PRESETS = ["@tsconfig/strictest", "@tsconfig/node20"] as const;

export const CONSUMER_SETTINGS = {
  loose: { compilerOptions: { ...NODE_PACKAGE, ...NODENEXT, strict: false } },
  strict: { compilerOptions: { ...NODE_PACKAGE, ...NODENEXT, strict: true } },
  exact: {
    compilerOptions: {
      ...NODE_PACKAGE,
      ...NODENEXT,
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  },
  /** Only syntax a strip-only compiler (esbuild, swc, Node's type stripping) can remove. */
  erasable: {
    compilerOptions: {
      ...NODE_PACKAGE,
      ...NODENEXT,
      strict: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      erasableSyntaxOnly: true,
    },
  },
  bundler: { compilerOptions: { ...NODE_PACKAGE, module: "esnext", moduleResolution: "bundler", strict: true } },
  /** Every check @tsconfig/strictest turns on: unused locals and parameters, index signatures read with brackets, … */
  strictest: { extends: "@tsconfig/strictest/tsconfig.json", compilerOptions: { ...NODE_PACKAGE, ...NODENEXT } },
  /** The Node 20 preset as it is: its own lib (es2023), module and resolution. */
  node20: { extends: "@tsconfig/node20/tsconfig.json", compilerOptions: { strict: true } },
  /** Declarations a tool can write file by file (oxc, swc): every export's type is spelled out. */
  isolated: { compilerOptions: { ...NODE_PACKAGE, ...NODENEXT, strict: true, declaration: true, isolatedDeclarations: true } },
  /**
   * A tsconfig that lists no types (TypeScript 6 and 7 default `types` to []): a generated file
   * that needs Node's types must reference them itself.
   */
  "no-node-types": { compilerOptions: { ...NODE_PACKAGE, ...NODENEXT, strict: true, types: [] } },
} as const satisfies Readonly<Record<string, ConsumerTsconfig>>;

export type ConsumerSetting = keyof typeof CONSUMER_SETTINGS;
export const SETTING_NAMES = Object.keys(CONSUMER_SETTINGS) as ConsumerSetting[];

/**
 * An @types package the consumer has installed beside @types/node, declaring one global: visible
 * only while `types` is not an explicit list (TypeScript 5.9 then loads every @types package), so
 * the no-node-types canary can prove the list is in effect.
 */
export const CANARY_TYPES = { name: "rightkit-canary", global: "RIGHTKIT_CANARY_GLOBAL" } as const;

/** Writes `files` (path relative to `root` → text) into `root`. */
export function writeTree(root: string, files: Iterable<readonly [string, string]>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * Makes `root` a consumer's package: `"type": "module"`, and a node_modules holding only
 * @types/node and the one package it imports (undici-types), linked from ours, the tsconfig
 * presets the settings extend, and the canary @types package. Generated code that imported
 * anything else would not resolve, as in a binding repo that installed nothing more.
 */
export function consumerPackage(root: string): void {
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  const require = createRequire(import.meta.url);
  const nodeTypes = dirname(require.resolve("@types/node/package.json"));
  const undiciTypes = dirname(createRequire(join(nodeTypes, "package.json")).resolve("undici-types/package.json"));
  mkdirSync(join(root, "node_modules", "@types"), { recursive: true });
  mkdirSync(join(root, "node_modules", "@tsconfig"), { recursive: true });
  symlinkSync(nodeTypes, join(root, "node_modules", "@types", "node"), "dir");
  symlinkSync(undiciTypes, join(root, "node_modules", "undici-types"), "dir");
  for (const preset of PRESETS)
    symlinkSync(dirname(require.resolve(`${preset}/tsconfig.json`)), join(root, "node_modules", preset), "dir");
  writeTree(join(root, "node_modules", "@types", CANARY_TYPES.name), [
    ["package.json", `{ "name": "@types/${CANARY_TYPES.name}", "version": "1.0.0", "types": "index.d.ts" }\n`],
    ["index.d.ts", `declare var ${CANARY_TYPES.global}: number;\n`],
  ]);
}

/**
 * One compiler run under `setting` over the files `include` names (globs relative to `root`);
 * paths in the diagnostics are relative to `root`. Nothing is written but the tsconfig, and for a
 * setting that declares (isolated) its declarations, into `out/`.
 */
export async function compileUnder(
  root: string,
  setting: ConsumerSetting,
  include: readonly string[],
  compiler: Compiler = LATEST,
): Promise<Diagnostic[]> {
  const project = `tsconfig.${setting}.${compiler.version}.json`;
  const tsconfig: ConsumerTsconfig = CONSUMER_SETTINGS[setting];
  const declares = tsconfig.compilerOptions.declaration === true;
  // Under noEmit, TypeScript 5.9 and 6.0 skip the checks isolatedDeclarations adds: a declaring setting emits its declarations, and only those.
  const emit = declares
    ? { emitDeclarationOnly: true, rootDir: ".", outDir: `out/${setting}.${compiler.version}` }
    : { noEmit: true };
  const compilerOptions = { ...tsconfig.compilerOptions, ...emit };
  writeFileSync(join(root, project), JSON.stringify({ ...tsconfig, compilerOptions, include }, null, 2));
  const run = await compile(compiler, project, root);
  const diagnostics = parseDiagnostics(run.stdout);
  // A failed run with nothing parsed is the compiler's failure (or output this parser misreads), never a pass.
  const failed = run.status !== 0;
  if (failed !== diagnostics.length > 0) {
    throw new Error(
      `tsc ${compiler.version} exited with ${run.status} and ${diagnostics.length} diagnostics: ${run.stderr || run.stdout}`,
    );
  }
  return diagnostics;
}

/** The first `shown` diagnostics as `file:line TSn message`, then how many more. */
export function describeDiagnostics(diagnostics: readonly Diagnostic[], shown = 20): string {
  const lines = diagnostics.slice(0, shown).map((d) => `${d.file}:${d.line} ${d.code} ${d.text}`);
  if (diagnostics.length > shown) lines.push(`… and ${diagnostics.length - shown} more`);
  return lines.join("\n");
}

const CORPUS = "test/fixtures/corpus";
const INT64 = "test/fixtures/int64/generated";

/** What `consumerTree` laid out under generated/: the committed bindings' folders (and the runtime's), and the corpus's. */
export interface ConsumerTree {
  readonly bindingDirs: readonly string[];
  readonly corpusDirs: readonly string[];
  /** How many corpus schemas there are: each must have given its folder. */
  readonly corpusSchemas: number;
}

/**
 * Lays out everything generated under `root`/generated, as one binding repo with many contracts:
 * the committed bindings and runtime (generated/), the test-only int64 binding (bigint mode,
 * issue 23) and the output for every schema of the real corpus. Every contract shares one runtime,
 * so each copy of it must be the committed one, byte for byte; and no two contracts may share a folder.
 */
export async function consumerTree(root: string): Promise<ConsumerTree> {
  const notMarkdown = (path: string): boolean => !path.endsWith(".md");
  cpSync("generated", join(root, "generated"), { recursive: true, filter: notMarkdown });
  cpSync(join(INT64, "rightkit.test.int64.v1"), join(root, "generated", "rightkit.test.int64.v1"), {
    recursive: true,
    filter: notMarkdown,
  });
  const sameRuntime = (path: string, text: string, whose: string): void => {
    if (readFileSync(join(root, "generated", path), "utf8") !== text)
      throw new Error(`${whose}: its ${path} is not the committed runtime's`);
  };
  for (const path of readdirSync(join(INT64, "runtime"), { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".ts")))
    sameRuntime(join("runtime", path), readFileSync(join(INT64, "runtime", path), "utf8"), "the int64 binding");
  const bindingDirs = readdirSync(join(root, "generated"));
  const schemas = readdirSync(CORPUS)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const corpusDirs = new Set<string>();
  for (const name of schemas) {
    // Not type-checked here: the matrix compiles it, under every setting.
    const { files } = await generateFiles({ contract: join(CORPUS, name) }, { typeCheck: "never" });
    const sources = [...files].filter(([path]) => path.endsWith(".ts"));
    for (const [path, text] of sources.filter(([path]) => path.startsWith("runtime/"))) sameRuntime(path, text, name);
    const own = sources.filter(([path]) => !path.startsWith("runtime/"));
    for (const dir of new Set(own.map(([path]) => path.split("/")[0] as string))) {
      if (bindingDirs.includes(dir) || corpusDirs.has(dir)) throw new Error(`${name}: its folder ${dir} is taken`);
      corpusDirs.add(dir);
    }
    writeTree(join(root, "generated"), own);
  }
  return { bindingDirs, corpusDirs: [...corpusDirs], corpusSchemas: schemas.length };
}

/** A diagnostic a run must report, by where it is and its code. */
export interface ExpectedReport {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

/** The one error every run must report: a run that reported nothing, or whose output stopped parsing, fails. */
export const BROKEN: ExpectedReport = { file: "canary/broken.ts", line: 2, code: "TS2322" };

/**
 * Per setting, code that compiles only while the setting's own options are in effect: its
 * `@ts-expect-error` lines hold only then (an unused directive is an error). A check no directive
 * can silence (isolatedDeclarations') is instead a report the run must make, at `reports`.
 */
export const CANARIES: Readonly<
  Record<ConsumerSetting, { readonly text: string; readonly reports?: readonly ExpectedReport[] }>
> = {
  loose: {
    text: [
      "// Without strictNullChecks null is in every type, and without noImplicitAny a parameter may be untyped.",
      "export const absent: string = null;",
      "export const echo = (value) => value;",
    ].join("\n"),
  },
  strict: {
    text: [
      "// @ts-expect-error strictNullChecks",
      "export const absent: string = null;",
      "// Without exactOptionalPropertyTypes and noUncheckedIndexedAccess:",
      "export const optional: { a?: string } = { a: undefined };",
      "const table: Record<string, string> = {};",
      'export const read: string = table["key"];',
    ].join("\n"),
  },
  exact: {
    text: [
      "// @ts-expect-error exactOptionalPropertyTypes",
      "export const optional: { a?: string } = { a: undefined };",
      "const table: Record<string, string> = {};",
      "// @ts-expect-error noUncheckedIndexedAccess",
      'export const read: string = table["key"];',
    ].join("\n"),
  },
  erasable: {
    text: [
      "// @ts-expect-error verbatimModuleSyntax: PathLike is a type, imported without `type`",
      'import { PathLike } from "node:fs";',
      'export const path: PathLike = "";',
      "// @ts-expect-error erasableSyntaxOnly",
      "export enum NotErasable { A }",
    ].join("\n"),
  },
  // An extensionless relative import resolves only under bundler resolution (nodenext: TS2835).
  bundler: { text: 'export { EXTENSIONLESS } from "./extensionless";' },
  strictest: {
    text: [
      "const table: Record<string, string> = {};",
      "// @ts-expect-error noPropertyAccessFromIndexSignature",
      "export const dotted = table.key;",
      "// @ts-expect-error noUnusedLocals",
      "const unused = 1;",
      "// @ts-expect-error noUnusedParameters",
      "export const ignores = (unread: number): number => 0;",
      "// @ts-expect-error exactOptionalPropertyTypes",
      "export const optional: { a?: string } = { a: undefined };",
    ].join("\n"),
  },
  node20: {
    text: [
      "// The preset's lib is es2023, where arrays have findLast (es2022's have not).",
      "export const last: number | undefined = [1].findLast((n) => n > 0);",
      "// @ts-expect-error strictNullChecks",
      "export const absent: string = null;",
    ].join("\n"),
  },
  isolated: {
    text: [
      "// isolatedDeclarations: an exported value needs a type a declaration emitter can copy.",
      "export const inferred = [1].map(String);",
    ].join("\n"),
    reports: [{ file: "canary/isolated.ts", line: 2, code: "TS9010" }],
  },
  "no-node-types": {
    text: [
      "// @ts-expect-error types is an explicit list: an installed @types package is not loaded unless a file references it",
      `export const loaded: number = ${CANARY_TYPES.global};`,
    ].join("\n"),
  },
};

/** The canary files, and the file the bundler canary re-exports. */
export function canaryFiles(): [string, string][] {
  return [
    [BROKEN.file, `// The one error every run must report.\nexport const notANumber: number = "one";\n`],
    ["canary/extensionless.ts", "export const EXTENSIONLESS = 1;\n"],
    ...SETTING_NAMES.map((setting): [string, string] => [`canary/${setting}.ts`, `${CANARIES[setting].text}\n`]),
  ];
}

/**
 * Compiles the files `include` names beside the canaries (`canaryFiles`, already in `root`) under
 * `setting`, and expects no report but the canaries' own: the first others, as
 * `file:line TSn message`, if there are any.
 */
export async function expectOnlyCanaries(
  root: string,
  setting: ConsumerSetting,
  include: readonly string[],
  compiler: Compiler = LATEST,
): Promise<void> {
  const diagnostics = await compileUnder(root, setting, [...include, BROKEN.file, `canary/${setting}.ts`], compiler);
  const expected = [BROKEN, ...(CANARIES[setting].reports ?? [])];
  const isExpected = (d: Diagnostic): boolean =>
    expected.some(({ file, line, code }) => d.file === file && d.line === line && d.code === code);
  const ours = diagnostics.filter((d) => !isExpected(d));
  expect(describeDiagnostics(ours), `${ours.length} errors under ${setting}`).toBe("");
  expect(diagnostics.map(({ file, line, code }) => ({ file, line, code }))).toEqual(expected);
}

/**
 * The matrix's row for one compiler: everything generated (`consumerTree`) compiled once per
 * setting, with the canaries, and no error but the canaries' own. One test file per compiler, so
 * vitest runs the rows side by side (TypeScript 5.9 and 6.0 are the slow, single-threaded ones).
 */
export function describeConsumerSettings(name: CompilerName): void {
  const compiler = COMPILERS[name];
  const root = mkdtempSync(join(tmpdir(), `rightkit-bindgen-consumer-settings-${name}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let tree: ConsumerTree = { bindingDirs: [], corpusDirs: [], corpusSchemas: 0 };

  beforeAll(async () => {
    consumerPackage(root);
    tree = await consumerTree(root);
    writeTree(root, canaryFiles());
  }, 180_000);

  describe(`generated code under every consumer setting, TypeScript ${compiler.version}`, () => {
    it("has both bindings, the runtime and every corpus schema's output to compile", () => {
      expect(tree.bindingDirs).toEqual(
        expect.arrayContaining(["runtime", "rightkit.agent.demo.v1", "agentcli.v0.2", "rightkit.test.int64.v1"]),
      );
      expect(tree.corpusDirs.length).toBe(tree.corpusSchemas);
      expect(existsSync(join(root, "generated", "runtime", "index.ts"))).toBe(true);
    });

    for (const setting of SETTING_NAMES) {
      it(`compiles with no error under ${setting}`, { timeout: 600_000 }, async () => {
        await expectOnlyCanaries(root, setting, ["generated/**/*.ts"], compiler);
      });
    }
  });
}
