/**
 * Structural sharing (generator/emit/validators/shapes.ts): identical locations get one set of
 * functions, so the module grows with the distinct shapes, not with the places they are used —
 * and every member still reports its own paths.
 */
import { describe, expect, it } from "vitest";
import { emitValidators } from "../../../generator/emit/validators/index.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import { nestedTypes, nestedValue } from "../../support/nested-types.js";
import { loadModule } from "../../support/load-module.js";

type Result = { ok: true } | { ok: false; issues: { instancePath: string; schemaPath: string; message: string }[] };
type Module = Record<string, (value: unknown) => Result | boolean>;

const rule = (description: string): object => ({
  description,
  type: "object",
  properties: { level: { type: "string", enum: ["off", "warn", "error"] }, limit: { type: "integer", minimum: 0 } },
  required: ["level"],
  additionalProperties: false,
});

/** `count` rule definitions that differ only in their description, and a group using them all. */
function rules(count: number): { schema: object; names: string[] } {
  const names = Array.from({ length: count }, (_, i) => `Rule${i}`);
  const $defs: Record<string, object> = Object.fromEntries(names.map((name) => [name, rule(`The ${name} rule.`)]));
  $defs.Group = {
    type: "object",
    properties: Object.fromEntries(
      names.map((name) => [name.toLowerCase(), { anyOf: [{ $ref: `#/$defs/${name}` }, { type: "null" }] }]),
    ),
  };
  return { schema: { $schema: "https://json-schema.org/draft/2020-12/schema", $defs }, names: [...names, "Group"] };
}

function compile(schema: object, names: readonly string[]): { source: string; module: Module } {
  const source = `${emitValidators(
    schemaGraph(schema),
    names.map((name) => ({ name, pointer: `#/$defs/${name}` })),
  )}`.replace(/^import type .*$/m, "");
  return { source, module: loadModule<Module>(source) };
}

const functionCount = (source: string): number => source.match(/^function (matches|check)/gm)?.length ?? 0;

describe("structural sharing", () => {
  it("compiles identical definitions once: the function count does not grow with the number of copies", () => {
    const ten = compile(rules(10).schema, rules(10).names).source;
    const hundred = compile(rules(100).schema, rules(100).names).source;
    expect(functionCount(hundred)).toBe(functionCount(ten));
    // What grows is the exported pair per definition and the group's one line per property.
    expect(hundred.length / ten.length).toBeLessThan(8);
  });

  it("reports each member's own schema path, though one function checks them all", () => {
    const { module } = compile(rules(3).schema, rules(3).names);
    const bad = { level: "loud" };
    for (const name of ["Rule0", "Rule2"]) {
      const result = module[`validate${name}`]!(bad) as Result;
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.issues[0]).toMatchObject({
        instancePath: "/level",
        schemaPath: `#/$defs/${name}/properties/level/enum`,
      });
    }
    expect(module.isRule1!({ level: "warn", limit: 3 })).toBe(true);
    expect(module.isRule1!({ level: "warn", limit: -1 })).toBe(false);
  });

  it("follows a $ref in the schema path, and prefixes the instance path on the way out", () => {
    const { module } = compile(rules(2).schema, rules(2).names);
    const result = module.validateGroup!({ rule1: { level: "warn", limit: 1.5 } }) as Result;
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject({
      instancePath: "/rule1/limit",
      schemaPath: "#/$defs/Group/properties/rule1/anyOf/0/$ref/properties/limit/type",
      message: "/rule1/limit: must be integer, got number",
    });
  });

  it("keeps different checks apart: a changed bound is a shape of its own", () => {
    const base = rules(2);
    const defs = (base.schema as { $defs: Record<string, { properties: { limit: { minimum: number } } }> }).$defs;
    defs.Rule1!.properties.limit.minimum = 5;
    const { source, module } = compile(base.schema, base.names);
    // Rule1 gets functions of its own; unchanged, it is served by Rule0's.
    expect(source).toMatch(/^function matchesRule1\(/m);
    expect(compile(rules(2).schema, rules(2).names).source).not.toMatch(/^function matchesRule1\(/m);
    expect(module.isRule0!({ level: "off", limit: 1 })).toBe(true);
    expect(module.isRule1!({ level: "off", limit: 1 })).toBe(false);
  });

  it("shares mutually recursive definitions that unfold alike, and still bounds their depth", () => {
    const schema = {
      $defs: {
        A: { type: "object", properties: { next: { $ref: "#/$defs/B" } } },
        B: { type: "object", properties: { next: { $ref: "#/$defs/A" } } },
      },
    };
    const { source, module } = compile(schema, ["A", "B"]);
    expect(source.match(/^function matches/gm)).toHaveLength(1);
    let deep: unknown = {};
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    expect(module.isA!(deep)).toBe(false);
    const result = module.validateB!(deep) as Result;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]!.message).toMatch(/must not nest deeper than 1000 references/);
    expect(module.isB!({ next: { next: {} } })).toBe(true);
  });

  it("calls a heavy nested root instead of inlining it again: objects nested n deep, each a named type, cost n (issue 22)", () => {
    const emit = (depth: number): { source: string; module: Module } => {
      const { schema, pointers } = nestedTypes(depth);
      const source = `${emitValidators(
        schemaGraph(schema),
        pointers.map((pointer, i) => ({ name: `Level${i}`, pointer })),
      )}`.replace(/^import type .*$/m, "");
      return { source, module: loadModule<Module>(source) };
    };
    const objectChecks = (source: string): number => source.match(/typeof \w+ !== "object"/g)?.length ?? 0;
    const twenty = emit(20);
    const forty = emit(40);
    // Inlined again at every level, a root's checks appeared once per ancestor within the inline depth (six times each).
    expect(objectChecks(forty.source) - objectChecks(twenty.source)).toBeLessThanOrEqual(20 * 2 * 3);
    expect(forty.module.isLevel0!(nestedValue(40, "x"))).toBe(true);
    const result = forty.module.validateLevel0!(nestedValue(40, "")) as Result;
    expect(result.ok === false && result.issues[0]!.instancePath).toBe(
      Array.from({ length: 40 }, (_, i) => `/level${i + 1}`).join("") + "/name",
    );
  });

  it("asks a branch that is only a $ref its target straight: no function pair of its own, the same depth limit and paths (issue 22)", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: {
        Node: {
          type: "object",
          properties: {
            value: { type: "integer" },
            next: { anyOf: [{ $ref: "#/$defs/Node", description: "the rest" }, { type: "null" }] },
          },
          required: ["value"],
        },
      },
    };
    const { source, module } = compile(schema, ["Node"]);
    expect(source).not.toMatch(/^function matchesNode_next_anyOf0\(/m);
    expect(module.isNode!({ value: 1, next: { value: 2, next: null } })).toBe(true);
    const bad = module.validateNode!({ value: 1, next: { value: "2" } }) as Result;
    expect(bad.ok === false && bad.issues.map((issue) => [issue.instancePath, issue.schemaPath])).toEqual([
      ["/next/value", "#/$defs/Node/properties/next/anyOf/0/$ref/properties/value/type"],
      ["/next", "#/$defs/Node/properties/next/anyOf"],
    ]);
    let deep: unknown = { value: 0, next: null };
    for (let i = 0; i < 1500; i++) deep = { value: i, next: deep };
    expect(module.isNode!(deep)).toBe(false);
    const tooDeep = module.validateNode!(deep) as Result;
    expect(tooDeep.ok === false && tooDeep.issues[0]).toMatchObject({
      schemaPath: `#/$defs/Node${"/properties/next/anyOf/0/$ref".repeat(1001)}`,
      message: `${"/next".repeat(1001)}: must not nest deeper than 1000 references`,
    });
  });
});
