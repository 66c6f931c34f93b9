/**
 * The house's floors (.dependency-cruiser.cjs, described in docs/architecture.md) hold over the
 * whole tree, and every rule can fail: planted in a small tree of its own, each forbidden import
 * is reported by the rule that forbids it, and the imports the floors allow are not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ICruiseResult, IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import { typescriptForTools } from "../support/typescript-for-tools.js";

// dependency-cruiser reads TypeScript with TypeScript's JavaScript API, which 7 does not have.
typescriptForTools();
const { cruise } = await import("dependency-cruiser");

const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as {
  forbidden: IForbiddenRuleType[];
  options: { tsPreCompilationDeps: boolean };
};

async function violations(roots: string[], baseDir?: string): Promise<string[]> {
  const { output } = await cruise(roots, {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: config.options.tsPreCompilationDeps,
    doNotFollow: { path: "node_modules" },
    ...(baseDir === undefined ? {} : { baseDir }),
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe("the layering rules", () => {
  it("hold over generator/, the runtime templates and generated/: no upward import, no circle", async () => {
    expect(await violations(["generator", "templates/runtime", "generated"])).toEqual([]);
  }, 60_000);

  const planted = mkdtempSync(join(tmpdir(), "rightkit-layering-"));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  /**
   * Each file of the planted tree imports the modules listed for it: one forbidden import per
   * rule (two circles among them), and allowed ones beside them (schema → floor, pipeline → emit,
   * evolution → pipeline, commands → pipeline and host, host → floor, emitters and tools →
   * analyses, the validator compiler and binding.ts → the graph, anyone → the code door, conform →
   * the validator emitter, mock → values and the validator emitter, proxy → values, a runtime floor
   * → core, the runtime's entry → any floor).
   */
  const tree: Record<string, string[]> = {
    "generator/json.ts": [],
    "generator/schema/table.ts": ["../json.js"],
    "generator/schema/reaches-up.ts": ["../model/build.js"],
    "generator/model/build.ts": ["../schema/table.js", "../naming/plan.js"],
    "generator/naming/plan.ts": ["../model/build.js"],
    "generator/emit/code.ts": ["../naming/plan.js", "../output/header.js"],
    "generator/output/header.ts": ["../host/start.js"],
    "generator/pipeline.ts": ["./emit/code.js", "./evolution/diff.js"],
    "generator/evolution/diff.ts": ["../json.js", "../introspect/probe.js"],
    "generator/introspect/probe.ts": ["../json.js"],
    "generator/commands/run.ts": ["../pipeline.js", "../host/start.js", "../cli.js"],
    "generator/cli.ts": ["./commands/run.js"],
    "generator/host/start.ts": ["../json.js", "../resolve/index.js"],
    "generator/resolve/index.ts": ["../json.js", "./document-index.js"],
    "generator/resolve/document-index.ts": ["../json.js", "./uri.js"],
    "generator/resolve/uri.ts": [],
    "templates/runtime/core/call.ts": ["../../../generator/json.js"],
    "generator/analyses/bundle.ts": ["../naming/plan.js", "../emit/code.js", "../resolve/index.js"],
    "generator/emit/cli.ts": ["./code.js", "../analyses/bundle.js", "../resolve/index.js"],
    "generator/emit/binding.ts": ["./cli.js", "./validators/index.js", "../resolve/index.js"],
    "generator/emit/validators/index.ts": ["../code.js", "../../resolve/index.js", "../../resolve/uri.js"],
    "generator/mcp/tools.ts": ["../analyses/bundle.js", "../emit/code.js", "../emit/cli.js"],
    "generator/conform/plan.ts": ["../analyses/bundle.js", "../emit/validators/index.js", "../emit/cli.js"],
    "generator/values/arbitrary.ts": ["../resolve/index.js", "../resolve/document-index.js", "../mcp/tools.js"],
    "generator/mock/serve.ts": [
      "../values/arbitrary.js",
      "../emit/validators/index.js",
      "../emit/cli.js",
      "../conform/plan.js",
      "../host/start.js",
    ],
    "generator/proxy/watch.ts": ["../values/arbitrary.js", "../emit/validators/index.js", "../mock/serve.js", "../host/start.js"],
    // The runtime's floors, one upward import each, in a line so that none closes a circle.
    "templates/runtime/core/errors.ts": ["./json.js", "../framing/ndjson.js"],
    "templates/runtime/core/json.ts": [],
    "templates/runtime/framing/ndjson.ts": ["../core/json.js", "../protocols/jsonrpc.js"],
    "templates/runtime/protocols/jsonrpc.ts": ["../core/json.js", "../transports/socket.js"],
    "templates/runtime/transports/socket.ts": ["../core/json.js", "../cli/args.js"],
    "templates/runtime/cli/args.ts": ["../core/json.js"],
    "templates/runtime/index.ts": ["./cli/args.js", "./transports/socket.js"],
  };
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(dirname(join(planted, file)), { recursive: true });
    writeFileSync(
      join(planted, file),
      imports.map((spec, i) => `import { x${i} } from "${spec}";\n`).join("") + "export const x = 1;\n",
    );
  }

  it("each rule reports the import it forbids, and nothing the floors allow", async () => {
    expect(await violations(["generator", "templates"], planted)).toEqual([
      "analyses-imports-only-below: generator/analyses/bundle.ts → generator/emit/code.ts",
      "commands-imports-only-below: generator/commands/run.ts → generator/cli.ts",
      "conform-reaches-only-the-validator-emitter: generator/conform/plan.ts → generator/emit/cli.ts",
      "conform-reaches-only-the-validator-emitter: generator/mock/serve.ts → generator/emit/cli.ts",
      "emit-imports-only-below: generator/emit/code.ts → generator/output/header.ts",
      "emitters-read-the-graph-not-the-document: generator/emit/validators/index.ts → generator/resolve/uri.ts",
      "host-stands-beside: generator/host/start.ts → generator/resolve/index.ts",
      "model-imports-only-below: generator/model/build.ts → generator/naming/plan.ts",
      "no-circular: generator/cli.ts → generator/commands/run.ts",
      "no-circular: generator/model/build.ts → generator/naming/plan.ts",
      "only-commands-start-the-host: generator/mock/serve.ts → generator/host/start.ts",
      "only-commands-start-the-host: generator/output/header.ts → generator/host/start.ts",
      "only-commands-start-the-host: generator/proxy/watch.ts → generator/host/start.ts",
      "only-the-validator-compiler-reads-the-graph: generator/emit/cli.ts → generator/resolve/index.ts",
      "pipeline-imports-only-below: generator/pipeline.ts → generator/evolution/diff.ts",
      "runtime-core-imports-only-below: templates/runtime/core/errors.ts → templates/runtime/framing/ndjson.ts",
      "runtime-framing-imports-only-below: templates/runtime/framing/ndjson.ts → templates/runtime/protocols/jsonrpc.ts",
      "runtime-imports-nothing-of-the-generator: templates/runtime/core/call.ts → generator/json.ts",
      "runtime-protocols-imports-only-below: templates/runtime/protocols/jsonrpc.ts → templates/runtime/transports/socket.ts",
      "runtime-transports-imports-only-below: templates/runtime/transports/socket.ts → templates/runtime/cli/args.ts",
      "schema-imports-only-below: generator/schema/reaches-up.ts → generator/model/build.ts",
      "stages-read-the-graph-not-the-document-index: generator/values/arbitrary.ts → generator/resolve/document-index.ts",
      "tools-above-the-pipeline-stand-apart: generator/evolution/diff.ts → generator/introspect/probe.ts",
      "tools-above-the-pipeline-stand-apart: generator/mock/serve.ts → generator/conform/plan.ts",
      "tools-above-the-pipeline-stand-apart: generator/proxy/watch.ts → generator/mock/serve.ts",
      "tools-read-analyses-not-emitters: generator/mcp/tools.ts → generator/emit/cli.ts",
      "tools-read-analyses-not-emitters: generator/proxy/watch.ts → generator/emit/validators/index.ts",
      "values-imports-only-below: generator/values/arbitrary.ts → generator/mcp/tools.ts",
    ]);
  }, 60_000);
});
