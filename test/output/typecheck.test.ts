/** The post-check refuses generated code that does not compile, and says why, under every supported compiler. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { BindgenError } from "../../generator/errors.js";
import { builtRuntimeDeclarations, consumerCompiler, typeCheck } from "../../generator/output/typecheck.js";
import { generateFiles } from "../../generator/pipeline.js";
import { COMPILER_NAMES, COMPILERS } from "../support/compilers.js";

describe.each(COMPILER_NAMES)("TypeScript %s", (name) => {
  const compiler = COMPILERS[name];

  it("refuses a generation that does not compile, naming the file and line, with every diagnostic", async () => {
    const files = new Map([
      ["demo/types.ts", "export interface A {\n  x: string;\n}\n"],
      [
        "demo/index.ts",
        'import type { A } from "./types.js";\n\nexport const a: A = { x: 1 };\nexport const b: number | undefined = [1][0];\nexport const c: number = b;\n',
      ],
    ]);
    const caught = await typeCheck(files, compiler).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(caught).toBeInstanceOf(BindgenError);
    const error = caught as BindgenError;
    expect(error.code).toBe("type_check");
    expect(error.oneLine()).toMatch(
      /^demo\/index\.ts:3: generated code does not compile: Type 'number' is not assignable to type 'string'\. \(and 1 more\)$/,
    );
    expect(error.details).toContain("Type 'number | undefined' is not assignable to type 'number'");
  });

  it("accepts code that compiles under the strict options", async () => {
    await expect(typeCheck(new Map([["ok/index.ts", "export const n: number = 1;\n"]]), compiler)).resolves.toBeUndefined();
  });
});

describe("the runtime, read through the built declarations", () => {
  const generation = async (): Promise<Map<string, string>> => {
    const { files } = await generateFiles({ contract: "contract/rightkit.agent.demo.v1.schema.json" }, { typeCheck: "never" });
    return new Map([...files].filter(([path]) => path.endsWith(".ts")));
  };
  const runtimeSources = (files: ReadonlyMap<string, string>): string[] =>
    [...files.keys()].filter((path) => path.startsWith("runtime/"));

  it("stands in for the runtime's sources exactly when they are the ones the package was built from", async () => {
    const files = await generation();
    const declarations = builtRuntimeDeclarations(files);
    expect([...(declarations?.keys() ?? [])].sort()).toEqual(
      runtimeSources(files)
        .map((path) => path.replace(/\.ts$/, ".d.ts"))
        .sort(),
    );
    for (const source of runtimeSources(files)) {
      const changed = new Map(files).set(source, `${files.get(source) as string} `);
      expect(builtRuntimeDeclarations(changed), `${source} changed`).toBeUndefined();
      const missing = new Map(files);
      missing.delete(source);
      expect(builtRuntimeDeclarations(missing), `${source} missing`).toBeUndefined();
    }
    const runtimeOnly = new Map([...files].filter(([path]) => path.startsWith("runtime/")));
    expect(builtRuntimeDeclarations(runtimeOnly)).toBeUndefined();
  });

  it("still refuses a binding file that does not compile, and a runtime that differs is checked from its sources", async () => {
    const files = await generation();
    const refusal = (changed: ReadonlyMap<string, string>): Promise<string> =>
      typeCheck(changed, COMPILERS["7"]).then(
        () => "compiles",
        (error: unknown) => (error instanceof BindgenError ? error.oneLine() : String(error)),
      );
    const broken = 'export const n: number = "one";\n';
    expect(await refusal(new Map(files).set("rightkit.agent.demo.v1/broken.ts", broken))).toMatch(
      /^rightkit\.agent\.demo\.v1\/broken\.ts:1: generated code does not compile/,
    );
    expect(await refusal(new Map(files).set("runtime/core/never.ts", broken))).toMatch(
      /^runtime\/core\/never\.ts:1: generated code does not compile/,
    );
    expect(await refusal(files)).toBe("compiles");
  });
});

describe("the project's own compiler", () => {
  const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-compiler-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A project folder whose node_modules/typescript is `compilerDir` (or a fake of `version`). */
  function project(name: string, typescript: { link: string } | { version: string }): string {
    const dir = join(root, name);
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    writeFileSync(join(dir, "package.json"), "{}\n");
    if ("link" in typescript) symlinkSync(typescript.link, join(dir, "node_modules", "typescript"), "dir");
    else {
      mkdirSync(join(dir, "node_modules", "typescript", "bin"), { recursive: true });
      writeFileSync(
        join(dir, "node_modules", "typescript", "package.json"),
        JSON.stringify({ name: "typescript", version: typescript.version, bin: { tsc: "./bin/tsc" } }),
      );
    }
    return dir;
  }

  it("is the one the working directory's project resolves, whichever supported version", () => {
    const older = project("older", { link: dirname(dirname(COMPILERS["5.9"].tsc)) });
    expect(consumerCompiler(older).version).toBe(COMPILERS["5.9"].version);
  });

  it("generate and check run with TypeScript 5.9 as the project's compiler", async () => {
    const dir = project("with-5.9", { link: dirname(dirname(COMPILERS["5.9"].tsc)) });
    const run = (command: string) =>
      promisify(execFile)(
        process.execPath,
        [
          resolve("generator/bin/rightkit-bindgen.js"),
          command,
          "--contract",
          resolve("contract/rightkit.agent.demo.v1.schema.json"),
          "--binding",
          resolve("contract/rightkit.agent.demo.v1.binding.json"),
          "--out",
          join(dir, "generated"),
        ],
        { cwd: dir },
      );
    const generated = await run("generate");
    expect(generated.stdout).toContain("wrote ");
    await expect(run("check")).resolves.toMatchObject({ stdout: expect.stringContaining("is up to date") });
  }, 120_000);

  it("a project without TypeScript, and none beside the package, is told to install it (exit 2)", () => {
    const dir = join(root, "without");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), "{}\n");
    const nowhere = pathToFileURL(join(dir, "package.json")).href;
    expect(() => consumerCompiler(dir, nowhere)).toThrow(BindgenError);
    expect(() => consumerCompiler(dir, nowhere)).toThrow(
      /no TypeScript compiler found: .*npm install --save-dev typescript, >=5\.9\.3 <8/,
    );
  });

  it.each([
    ["5.8.3", /TypeScript 5\.8\.3 .* is not supported: generated code is checked with TypeScript >=5\.9\.3 <8/],
    ["8.0.0", /TypeScript 8\.0\.0 .* is not supported/],
  ])("refuses TypeScript %s as bad input (exit 2), naming the range", (version, message) => {
    const dir = project(`v${version}`, { version });
    expect(() => consumerCompiler(dir)).toThrow(BindgenError);
    expect(() => consumerCompiler(dir)).toThrow(message);
  });
});
