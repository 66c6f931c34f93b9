/**
 * Scope and gating: the package's "./runtime" export (what a default build of a binding
 * imports) holds no demo tool name, service name or fixture app id; "./demo" holds them all.
 * Both are bundled the way an application would bundle them, from the package's exports map:
 * the compiled dist/ files the package ships (built by the suite's global setup).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
const DEMO_NAMES = [
  "demo.request",
  "demo.apps",
  "demo.snapshot",
  "demo.act",
  "demo.batch",
  "demo.end",
  "rightkit.agent.demo",
  "app.orthiclabs.demo-fixture",
];

type ExportsMap = Record<string, { import: string; types: string } | undefined>;
let exportsMap: ExportsMap;

beforeAll(async () => {
  exportsMap = (JSON.parse(await readFile(new URL("package.json", ROOT), "utf8")) as { exports: ExportsMap }).exports;
});

async function bundle(exportName: string): Promise<string> {
  const target = exportsMap[exportName]?.import;
  expect(target, exportName).toBeDefined();
  const result = await build({
    entryPoints: [fileURLToPath(new URL(target as string, ROOT))],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles.map((file) => file.text).join("\n");
}

describe("the package's exports", () => {
  it("./runtime bundles the transports, exports only the public API, and holds no demo name", async () => {
    const code = await bundle("./runtime");
    expect(code).toContain("JsonRpcSocketTransport");
    // The protocol's inside is generated code's (internal.ts), not the package's to export.
    const exported = /export \{([^}]*)\};\s*$/.exec(code)?.[1] ?? "";
    expect(exported).toContain("DaemonTransport");
    for (const inside of ["parseToolArgs", "callTool", "helloFrame", "Deadlines"]) expect(exported, inside).not.toContain(inside);
    for (const name of [...DEMO_NAMES, "right-ctl demo", "demo"]) expect(code.includes(name), name).toBe(false);
  });

  it("./demo bundles every demo tool name, the service name and the fixture app id", async () => {
    const code = await bundle("./demo");
    for (const name of [...DEMO_NAMES, "right-ctl demo"]) expect(code.includes(`"${name}"`), name).toBe(true);
    expect(code).toContain("function runDemoCli");
  });
});
