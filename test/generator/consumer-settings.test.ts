/**
 * Generated code compiles under the consumer's settings (issue 19), not only under the pipeline's
 * own: everything generated — the committed bindings and runtime (generated/) and the output for
 * every schema of the real corpus — in one tree, as one binding repo with many contracts, and one
 * tsgo run over all of it per setting of test/support/consumer-settings.ts (docs/binding-repo.md →
 * "The settings it compiles under").
 *
 * The runs prove themselves: each also compiles canary/broken.ts, whose one error must be the only
 * one reported (so a run that reported nothing, or whose output stopped parsing, fails), and a
 * canary for its setting whose `@ts-expect-error` lines hold only while that setting's options are
 * in effect (an unused directive is an error).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import {
  compileUnder,
  consumerPackage,
  describeDiagnostics,
  SETTING_NAMES,
  writeTree,
  type ConsumerSetting,
} from "../support/consumer-settings.js";

const CORPUS = "test/fixtures/corpus";
const INT64 = "test/fixtures/int64/generated";
const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-consumer-settings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BROKEN = { file: "canary/broken.ts", line: 2, code: "TS2322" };

/** Per setting, code that compiles only while the setting's own options are in effect. */
const CANARIES: Readonly<Record<ConsumerSetting, string>> = {
  loose: [
    "// Without strictNullChecks null is in every type, and without noImplicitAny a parameter may be untyped.",
    "export const absent: string = null;",
    "export const echo = (value) => value;",
  ].join("\n"),
  strict: [
    "// @ts-expect-error strictNullChecks",
    "export const absent: string = null;",
    "// Without exactOptionalPropertyTypes and noUncheckedIndexedAccess:",
    "export const optional: { a?: string } = { a: undefined };",
    "const table: Record<string, string> = {};",
    'export const read: string = table["key"];',
  ].join("\n"),
  exact: [
    "// @ts-expect-error exactOptionalPropertyTypes",
    "export const optional: { a?: string } = { a: undefined };",
    "const table: Record<string, string> = {};",
    "// @ts-expect-error noUncheckedIndexedAccess",
    'export const read: string = table["key"];',
  ].join("\n"),
  erasable: [
    "// @ts-expect-error verbatimModuleSyntax: PathLike is a type, imported without `type`",
    'import { PathLike } from "node:fs";',
    'export const path: PathLike = "";',
    "// @ts-expect-error erasableSyntaxOnly",
    "export enum NotErasable { A }",
  ].join("\n"),
  // An extensionless relative import resolves only under bundler resolution (nodenext: TS2835).
  bundler: 'export { EXTENSIONLESS } from "./extensionless";',
};

/** Which generated folders are the committed bindings; the others are the corpus's output. */
let bindingDirs: readonly string[] = [];
let corpusDirs: readonly string[] = [];

beforeAll(async () => {
  consumerPackage(root);
  cpSync("generated", join(root, "generated"), { recursive: true, filter: (path) => !path.endsWith(".md") });
  // The test-only int64 binding too (bigint mode, issue 23): its runtime is the same bytes.
  cpSync(join(INT64, "rightkit.test.int64.v1"), join(root, "generated", "rightkit.test.int64.v1"), {
    recursive: true,
    filter: (path) => !path.endsWith(".md"),
  });
  for (const path of readdirSync(join(INT64, "runtime"), { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".ts")))
    expect(readFileSync(join(INT64, "runtime", path), "utf8"), `int64 runtime: ${path}`).toBe(
      readFileSync(join("generated", "runtime", path), "utf8"),
    );
  bindingDirs = readdirSync(join(root, "generated"));
  const corpus = readdirSync(CORPUS).filter((name) => name.endsWith(".json"));
  const dirs = new Set<string>();
  for (const name of corpus.sort()) {
    // Not type-checked here: the matrix compiles it, under every setting.
    const { files } = await generateFiles({ contract: join(CORPUS, name) }, { typeCheck: "never" });
    const sources = [...files].filter(([path]) => path.endsWith(".ts"));
    for (const [path, text] of sources.filter(([path]) => path.startsWith("runtime/"))) {
      // One runtime for every contract, as in a binding repo: the committed copy is the same.
      expect(readFileSync(join(root, "generated", path), "utf8"), `${name}: ${path}`).toBe(text);
    }
    const own = sources.filter(([path]) => !path.startsWith("runtime/"));
    for (const dir of new Set(own.map(([path]) => path.split("/")[0] as string))) {
      expect(bindingDirs.includes(dir) || dirs.has(dir), `${name}: its folder ${dir} is taken`).toBe(false);
      dirs.add(dir);
    }
    writeTree(join(root, "generated"), own);
  }
  corpusDirs = [...dirs];
  writeTree(root, [
    [BROKEN.file, `// The one error every run must report.\nexport const notANumber: number = "one";\n`],
    ["canary/extensionless.ts", "export const EXTENSIONLESS = 1;\n"],
    ...SETTING_NAMES.map((setting): [string, string] => [`canary/${setting}.ts`, `${CANARIES[setting]}\n`]),
  ]);
}, 180_000);

describe("generated code under every consumer setting", () => {
  it("has both bindings, the runtime and every corpus schema's output to compile", () => {
    expect(bindingDirs).toEqual(expect.arrayContaining(["runtime", "rightkit.agent.demo.v1", "agentcli.v0.2", "rightkit.test.int64.v1"]));
    expect(corpusDirs.length).toBe(readdirSync(CORPUS).filter((name) => name.endsWith(".json")).length);
    expect(existsSync(join(root, "generated", "runtime", "index.ts"))).toBe(true);
  });

  for (const setting of SETTING_NAMES) {
    it(`compiles with no error under ${setting}`, { timeout: 120_000 }, async () => {
      const diagnostics = await compileUnder(root, setting, ["generated/**/*.ts", BROKEN.file, `canary/${setting}.ts`]);
      const ours = diagnostics.filter((d) => d.file !== BROKEN.file);
      // The first errors, as `file:line TSn message`, or nothing.
      expect(describeDiagnostics(ours), `${ours.length} errors under ${setting}`).toBe("");
      expect(diagnostics.map(({ file, line, code }) => ({ file, line, code }))).toEqual([BROKEN]);
    });
  }
});
