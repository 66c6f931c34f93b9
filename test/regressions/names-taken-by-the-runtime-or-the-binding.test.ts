/**
 * Regression: a client class or a contract type could take a name the binding itself imports or
 * declares — a binding `className` of `ToolError`, a `$defs` entry `toolSpec` beside the runtime's
 * `ToolSpec` — and `generate` exited 3 ("generated code does not compile") on valid input. The
 * planner now keeps every runtime export, global and fixed binding name for the binding, and
 * gives the contract's name a suffix instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/index.js";
import { runtimeExportNames } from "../../generator/naming/runtime-exports.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A contract with one method whose params reach every `$defs` entry, so every type is emitted and used. */
function contractWith(defNames: readonly string[], className: string): { contract: string; binding: string } {
  const defs: Record<string, unknown> = Object.fromEntries(
    defNames.map((name) => [name, { type: "object", properties: { id: { type: "string" } } }]),
  );
  defs["probe"] = {
    params: {
      type: "object",
      properties: Object.fromEntries(defNames.map((name, i) => [`p${i}`, { $ref: `#/$defs/${name}` }])),
    },
    result: { type: "object" },
  };
  const stem = `names${className}`.toLowerCase();
  const contract = join(dir, `${stem}.schema.json`);
  const binding = join(dir, `${stem}.binding.json`);
  writeFileSync(
    contract,
    JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $id: `${stem}.v1`, $defs: defs }),
  );
  writeFileSync(binding, JSON.stringify({ contract: `${stem}.v1`, client: { className }, methods: { probe: {} } }));
  return { contract, binding };
}

/** The runtime's PascalCase exports are the ones a type or class name could meet. */
const typeLikeExports = [...runtimeExportNames()].filter((name) => /^[A-Z][a-z]/.test(name)).sort();

describe("names the binding keeps for itself", () => {
  it("a $defs entry named like each runtime export generates and compiles", async () => {
    expect(typeLikeExports).toContain("ToolSpec");
    const files = await generate(contractWith(typeLikeExports, "ProbeClient"));
    const types = [...files].find(([path]) => path.endsWith("/types.ts"))?.[1] ?? "";
    expect(types).toContain("export interface ToolSpecType");
    expect(types).not.toMatch(/export (interface|type) ToolSpec\b/);
  }, 60_000);

  it.each(["ToolError", "RpcError", "Transport", "Promise", "ValidationResult"])(
    "a client className of %s generates and compiles, with a Client suffix",
    async (className) => {
      const files = await generate(contractWith(["item"], className));
      const client = [...files].find(([path]) => path.endsWith("/client.ts"))?.[1] ?? "";
      expect(client).toContain(`export class ${className}Client {`);
    },
    60_000,
  );
});
