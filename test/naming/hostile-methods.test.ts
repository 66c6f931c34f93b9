/**
 * Hostile method and type names: `__proto__`, `then`, `close`, Object.prototype names,
 * colliding camelCase forms, and contract types named like the binding's own exports. The binding
 * must compile, keep every method as an own key, and never make the client a thenable.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeGeneration } from "../../generator/output/files.js";
import { generateFiles, type Generated } from "../../generator/pipeline.js";
import { reverseKeys } from "../support/json.js";

const CONTRACT = "test/fixtures/hostile-methods/schema.json";
let generated: Generated;
let client: Record<string, unknown>;
let validators: Record<string, (value: unknown) => { ok: boolean }>;

beforeAll(async () => {
  generated = await generateFiles({ contract: CONTRACT }, { typeCheck: "always" });
  const out = mkdtempSync(join(tmpdir(), "bindgen-hostile-"));
  writeGeneration(out, generated.files);
  client = await import(join(out, "hostile-methods.v1/client.ts"));
  validators = await import(join(out, "hostile-methods.v1/validators.ts"));
});

describe("hostile method names", () => {
  it("keeps __proto__ as an own key of every per-method table", () => {
    for (const table of ["TOOLS", "TIMEOUTS_MS"]) {
      const value = client[table] as object;
      expect(Object.keys(value).sort(), table).toEqual(["__proto__", "a.b", "a_b", "close", "then", "toString"]);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    }
  });

  it("gives every method its own client member, none reserved, none colliding", () => {
    const members = new Map(generated.model.methods.map((m) => [m.name, m.member]));
    expect(members).toEqual(
      new Map([
        ["__proto__", "proto"],
        ["a.b", "aB"],
        ["a_b", "aB2"],
        ["close", "closeMethod"],
        ["then", "thenMethod"],
        ["toString", "toStringMethod"],
      ]),
    );
  });

  it("never makes the client a thenable", async () => {
    const Client = client.HostileMethodsClient as new (transport: object) => object;
    const instance = new Client({ call: async () => ({}), close: async () => undefined });
    expect(await Promise.resolve(instance)).toBe(instance);
  });
});

describe("contract types named like the binding's own exports", () => {
  it("are renamed instead of shadowing or colliding", () => {
    const names = generated.model.types.map((t) => t.name);
    expect(names).toContain("ParsedCallType");
    expect(names).toContain("ToolCallOptionsType");
    expect(names).not.toContain("ParsedCall");
    expect(names).not.toContain("ToolCallOptions");
  });
});

describe("valid schemas whose constants the type excludes", () => {
  it("compile, and match only what both allow", () => {
    expect(validators.validateMixedEnum!("a").ok).toBe(true);
    expect(validators.validateMixedEnum!(1).ok).toBe(false);
    expect(validators.validateMixedEnum!(null).ok).toBe(false);
    expect(validators.validateImpossibleConst!(1).ok).toBe(false);
    expect(validators.validateImpossibleConst!("1").ok).toBe(false);
  });
});

describe("object-valued const, enum and default", () => {
  it("give the same output whatever their key order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bindgen-order-"));
    const copy = join(dir, "schema.json");
    writeFileSync(copy, JSON.stringify(reverseKeys(JSON.parse(readFileSync(CONTRACT, "utf8")))));
    const again = await generateFiles({ contract: copy }, { typeCheck: "never" });
    expect([...again.files]).toEqual([...generated.files]);
    expect(validators.validateShaped!({ mode: { a: 2, z: 1 }, fixed: { first: null, second: [1, { c: 1, d: 0 }] } }).ok).toBe(
      true,
    );
  });
});
