/**
 * An independent oracle for the types emitter: json-schema-to-typescript compiles every
 * method's params and result of the embedded contract, and the TypeScript compiler proves each
 * is mutually assignable with ours. (Why our emitter does not delegate to it: docs/decisions.md, "Design
 * decisions".)
 */
import { readFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";
import { Project, ts } from "ts-morph";
import { expect, it } from "vitest";
import { STRICT_TSCONFIG } from "../../generator/output/typecheck.js";
import { EMBEDDED } from "../support/bindgen.js";

const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8"));
const pascal = (name: string): string => name[0]!.toUpperCase() + name.slice(1);
const methods = Object.keys(schema.$defs).filter((name) => schema.$defs[name].params !== undefined);

it("our types and json-schema-to-typescript's agree for every params and result", async () => {
  const compilerOptions = ts.convertCompilerOptionsFromJson(STRICT_TSCONFIG, "/").options;
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions });
  project.createSourceFile("/ours.ts", readFileSync("generated/rightkit.agent.demo.v1/types.ts", "utf8"));
  const checks: string[] = [];
  for (const method of methods) {
    for (const part of ["params", "result"] as const) {
      const name = `${pascal(method)}${pascal(part)}`;
      const standalone = { ...schema.$defs[method][part], $defs: schema.$defs };
      const text = await compile(standalone, name, {
        bannerComment: "",
        additionalProperties: false,
        ignoreMinAndMaxItems: true,
        declareExternallyReferenced: true,
        format: false,
        $refOptions: { resolve: { external: false } },
      });
      project.createSourceFile(`/jstt/${name}.ts`, text);
      checks.push(
        `import type { ${name} as Jstt${name} } from "./jstt/${name}.js";`,
        `export const agree${name}: Equivalent<Ours.${name}, Jstt${name}> = true;`,
      );
    }
  }
  project.createSourceFile(
    "/check.ts",
    [
      `import type * as Ours from "./ours.js";`,
      "type Equivalent<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
      ...checks,
    ].join("\n"),
  );
  const diagnostics = project
    .getPreEmitDiagnostics()
    .map((d) => `${d.getSourceFile()?.getBaseName()}: ${String(d.getMessageText())}`);
  expect(diagnostics).toEqual([]);
  expect(checks).toHaveLength(methods.length * 4);
});
