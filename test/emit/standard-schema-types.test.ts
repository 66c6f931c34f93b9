/**
 * The binding's own statement of the Standard Schema interfaces is the spec's (issue 23): every
 * `standard<Name>` of both committed bindings is assignable to `StandardSchemaV1` and
 * `StandardJSONSchemaV1` as @standard-schema/spec (a pinned dev dependency) declares them, with
 * the named type as input and output, under every consumer setting
 * (test/support/consumer-settings.ts). The check is one tsgo run per setting over a consumer
 * package that has the spec installed beside the generated code; its `@ts-expect-error` lines
 * prove the types are not `any` (an unused directive is an error).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileUnder, consumerPackage, describeDiagnostics, SETTING_NAMES, writeTree } from "../support/consumer-settings.js";

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-standard-types-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BINDINGS = { demo: "rightkit.agent.demo.v1", agentcli: "agentcli.v0.2" } as const;

const CHECK = `import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import * as demo from "../generated/${BINDINGS.demo}/index.js";
import * as agentcli from "../generated/${BINDINGS.agentcli}/index.js";
import type { BatchParams, ErrorCode } from "../generated/${BINDINGS.demo}/index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The module's standard<Name> exports, by name. */
type Standards<M> = { [K in keyof M as K extends \`standard\${string}\` ? K : never]: M[K] };
/** True when every one is both a Standard Schema and a Standard JSON Schema of the spec. */
type AllStandard<M> = Standards<M>[keyof Standards<M>] extends StandardSchemaV1 & StandardJSONSchemaV1 ? true : false;

export const demoAll: AllStandard<typeof demo> = true;
export const agentcliAll: AllStandard<typeof agentcli> = true;

export const asSchema: StandardSchemaV1<BatchParams> = demo.standardBatchParams;
export const asJsonSchema: StandardJSONSchemaV1<BatchParams> = demo.standardBatchParams;
export const output: Equal<StandardSchemaV1.InferOutput<typeof demo.standardBatchParams>, BatchParams> = true;
export const input: Equal<StandardSchemaV1.InferInput<typeof demo.standardBatchParams>, BatchParams> = true;
export const enumOutput: Equal<StandardJSONSchemaV1.InferOutput<typeof demo.standardErrorCode>, ErrorCode> = true;

// The binding's own interfaces are the spec's both ways round.
export const specIssue = (issue: StandardSchemaV1.Issue): demo.StandardSchemaV1Issue => issue;
export const ourIssue = (issue: demo.StandardSchemaV1Issue): StandardSchemaV1.Issue => issue;
export const specOptions = (options: StandardJSONSchemaV1.Options): demo.StandardJSONSchemaV1Options => options;
export const specSchema = (schema: StandardSchemaV1<number>): demo.StandardSchemaV1<number> => schema;

export async function results(value: unknown): Promise<void> {
  const result: StandardSchemaV1.Result<BatchParams> = await demo.standardBatchParams["~standard"].validate(value);
  // \`in\`, not \`issues === undefined\`: without strictNullChecks only this narrows the spec's union.
  if ("value" in result) {
    const steps: BatchParams["steps"] = result.value.steps;
    void steps;
  }
}

// @ts-expect-error the output is the named type, not any other
export const wrongType: StandardSchemaV1<number> = demo.standardBatchParams;
// @ts-expect-error input and output are the named type, not unknown
export const notUnknown: Equal<StandardSchemaV1.InferOutput<typeof demo.standardBatchParams>, unknown> = true;
`;

beforeAll(() => {
  consumerPackage(root);
  for (const dir of ["runtime", ...Object.values(BINDINGS)]) {
    cpSync(join("generated", dir), join(root, "generated", dir), { recursive: true, filter: (path) => !path.endsWith(".md") });
  }
  // The package exports no package.json: its entry point is dist/index.*.
  const spec = dirname(dirname(createRequire(import.meta.url).resolve("@standard-schema/spec")));
  mkdirSync(join(root, "node_modules", "@standard-schema"), { recursive: true });
  symlinkSync(spec, join(root, "node_modules", "@standard-schema", "spec"), "dir");
  writeTree(root, [["check/standard.ts", CHECK]]);
});

describe("standard<Name> against @standard-schema/spec", () => {
  for (const setting of SETTING_NAMES) {
    it(`is assignable to StandardSchemaV1 and StandardJSONSchemaV1 under ${setting}`, { timeout: 120_000 }, async () => {
      const diagnostics = await compileUnder(root, setting, ["check/standard.ts"]);
      expect(describeDiagnostics(diagnostics), setting).toBe("");
    });
  }

  it("fails when the check does not hold (a wrong assertion is reported)", { timeout: 120_000 }, async () => {
    writeTree(root, [["check/wrong.ts", `${CHECK.replace(/\/\/ @ts-expect-error [^\n]*\n/g, "")}`]]);
    const diagnostics = await compileUnder(root, "strict", ["check/wrong.ts"]);
    expect(diagnostics.map(({ file, code }) => `${file} ${code}`)).toEqual(["check/wrong.ts TS2322", "check/wrong.ts TS2322"]);
  });
});
