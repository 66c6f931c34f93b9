/**
 * Everything that reads a host's answer is iterative or depth-bounded (issue 34, item 3): an
 * answer nested any deep gives `malformed_response` (or its result, when the contract accepts it),
 * never a RangeError, in number and bigint mode. Depths up to 100,000, through `readJson`,
 * `readBigints`, `unsafeInteger`, `unsafeIntegersIn`, the validators, `callTool` and the command
 * line's parser; the schemas recurse through a `$ref`, so only the validators' depth limit
 * (1,000 references) stands between a deep answer and a verdict.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { integerShape } from "../../../generator/analyses/integer-shape.js";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import type { Int64Reading } from "../../../generator/schema/integers.js";
import {
  callTool,
  parseToolArgs,
  readBigints,
  readJson,
  ToolError,
  unsafeInteger,
  unsafeIntegersIn,
  type CliTable,
  type IntegerShape,
  type ToolSpec,
  type Transport,
} from "../../support/runtime.js";
import { loadModule } from "../../support/load-module.js";
import { runDemoCli } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { runInt64Cli } from "../../fixtures/int64/generated/rightkit.test.int64.v1/index.js";
import { statedSchema } from "../../support/stated-schema.js";

const SEED = 20_260_343;
const DEPTHS = [1, 10, 999, 1_000, 1_001, 5_000, 20_000, 100_000] as const;
const MODES: readonly Int64Reading[] = ["number", "bigint"];

/** A linked list of 64-bit integers: each node's `next` is another node or null. */
const LIST = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    node: {
      type: "object",
      properties: {
        id: { type: "integer", format: "int64" },
        next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] },
      },
      required: ["id"],
      additionalProperties: false,
    },
  },
  $ref: "#/$defs/node",
};

/** Nested arrays whose leaves are 64-bit integers. */
const NESTED = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "array",
  items: { anyOf: [{ type: "integer", format: "int64" }, { $ref: "#" }] },
};

/** A result that takes anything beside one integer: the validator does not look into `rest`. */
const OPEN = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { n: { type: "integer", format: "int64" } },
};

const listText = (depth: number, id = "7"): string =>
  `${'{"id":1,"next":'.repeat(depth - 1)}{"id":${id},"next":null}${"}".repeat(depth - 1)}`;
const nestedText = (depth: number, leaf = "7"): string => `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`;
/** Objects nested `depth` deep under `rest`, with a number past the safe range at the bottom and `n` beside. */
const openText = (depth: number, n: string): string =>
  `{"rest":${'{"a":'.repeat(depth)}9007199254740993${"}".repeat(depth)},"n":${n}}`;

type Compiled = { validate: (value: unknown) => { ok: boolean }; shape: IntegerShape | undefined };
const compiled = new Map<string, Compiled>();
function compile(schema: object, int64: Int64Reading): Compiled {
  const key = `${JSON.stringify(schema)}:${int64}`;
  let known = compiled.get(key);
  if (known === undefined) {
    const module = loadModule<{ validate: Compiled["validate"] }>(emitValidatorModule(schema, { int64 }));
    const shape = integerShape(schemaGraph(schema), "#", int64);
    compiled.set(key, (known = { validate: module.validate, shape }));
  }
  return known;
}

function spec(schema: object, int64: Int64Reading): ToolSpec<object, unknown> {
  const { validate, shape } = compile(schema, int64);
  return {
    method: "deep.read",
    timeoutMs: 30_000,
    validateParams: (value) => ({ ok: true, value: value as object }),
    validateResult: validate as ToolSpec<object, unknown>["validateResult"],
    ...(shape === undefined ? {} : { resultIntegers: shape }),
  };
}

/** A transport that answers with the text read as every transport reads a frame. */
const answering = (text: string): Transport => ({
  call: async () => readJson(text),
  close: async () => undefined,
});

async function outcome(schema: object, int64: Int64Reading, text: string): Promise<"ok" | string> {
  try {
    await callTool(answering(text), spec(schema, int64), {});
    return "ok";
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

describe.each(MODES)("an answer nested any deep, %s mode", (int64) => {
  for (const depth of DEPTHS) {
    // Past the depth limit (1,000 references) the validators refuse; within it the answer is read
    // exactly. The list's root is a reference; the arrays' root is not.
    const list = depth <= 1_000 ? "ok" : "malformed_response";
    const nested = depth <= 1_001 ? "ok" : "malformed_response";
    it(`a linked list ${depth} deep: ${list}`, async () => {
      expect(await outcome(LIST, int64, listText(depth))).toBe(list);
    });
    it(`nested arrays ${depth} deep: ${nested}`, async () => {
      expect(await outcome(NESTED, int64, nestedText(depth))).toBe(nested);
    });
    it(`an open object ${depth} deep beside an integer: read, or the unsafe integer refused`, async () => {
      expect(await outcome(OPEN, int64, openText(depth, "1"))).toBe("ok");
      const past = await outcome(OPEN, int64, openText(depth, "9007199254740993"));
      expect(past).toBe(int64 === "bigint" ? "ok" : "malformed_response");
    });
  }

  it("the list's int64 at the bottom of 1,000 levels arrives exact", async () => {
    if (int64 !== "bigint") return;
    let node = (await callTool(answering(listText(1_000, "9223372036854775807")), spec(LIST, int64), {})) as {
      id: unknown;
      next: unknown;
    };
    for (let i = 1; i < 1_000; i++) node = node.next as typeof node;
    expect(node.id).toBe(9223372036854775807n);
  });

  it("depths drawn up to 100,000, any shape of nesting: a verdict, never a RangeError", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom("list", "nested", "open"), async (depth, kind) => {
        const [schema, text] =
          kind === "list"
            ? [LIST, listText(depth)]
            : kind === "nested"
              ? [NESTED, nestedText(depth)]
              : [OPEN, openText(depth, "2")];
        expect(["ok", "malformed_response"]).toContain(await outcome(schema, int64, text));
      }),
      { numRuns: 15, seed: SEED },
    );
  });
});

describe("the readers on their own, 100,000 deep", () => {
  const depth = 100_000;
  it("readJson, then readBigints converts the int64 at the bottom", () => {
    const { shape } = compile(NESTED, "bigint");
    let value = readBigints(shape as IntegerShape, readJson(nestedText(depth, "9007199254740993")));
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toBe(9007199254740993n);
  });

  it("unsafeInteger and unsafeIntegersIn find the literal at the bottom", () => {
    const { shape } = compile(NESTED, "number");
    const value = readJson(nestedText(depth, "9007199254740993"));
    const pointer = "/0".repeat(depth);
    expect(unsafeInteger(shape as IntegerShape, value, false)).toEqual({
      pointer,
      digits: "9007199254740993",
    });
    expect(unsafeIntegersIn(value)).toEqual([{ pointer, digits: "9007199254740993" }]);
  });

  it("unsafeIntegersIn keeps the value's order: a literal before a container is listed before its contents", () => {
    const value = readJson('{"a":9007199254740993,"b":[9007199254740995],"c":9007199254740997}');
    expect(unsafeIntegersIn(value).map((found) => found.pointer)).toEqual(["/a", "/b/0", "/c"]);
  });

  it("the command line's parser: a JSON argument 100,000 deep is invalid_arguments in both modes", () => {
    for (const int64 of MODES) {
      const { validate, shape } = compile(LIST, int64);
      const table: CliTable = {
        command: "deep-ctl",
        connection: "none",
        verbatimKeys: [],
        tools: [
          {
            method: "read",
            tool: "deep.read",
            summary: "",
            timeoutMs: 1_000,
            params: [
              { name: "id", required: true, type: "integer", description: "" },
              { name: "next", required: false, type: "Node | null", description: "" },
            ],
            shapes: [],
            openKeys: false,
            schema: statedSchema(LIST),
            validate: validate as CliTable["tools"][number]["validate"],
            ...(shape === undefined ? {} : { integers: shape }),
          },
        ],
      };
      let error: unknown;
      try {
        parseToolArgs(table, ["read", listText(depth)]);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ToolError);
      expect((error as ToolError).code).toBe("invalid_arguments");
      expect(parseToolArgs(table, ["read", listText(10)]).params).toMatchObject({
        id: int64 === "bigint" ? 1n : 1,
      });
    }
  });

  it("the generated command lines: a JSON argument 100,000 deep is exit 2, one error line, in both modes", async () => {
    const deep = `${"[".repeat(depth)}1${"]".repeat(depth)}`;
    for (const [run, argv] of [
      [runInt64Cli, ["echo", `{"id":1,"offset":2,"list":${deep}}`]],
      [runInt64Cli, ["echo", `{"id":1,"offset":2,"label":${deep}}`]],
      [runDemoCli, ["act", `{"token":"t","ref":"e1","op":"click","text":${deep}}`]],
    ] as const) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await run([...argv, "--dry-run"], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        env: {},
      });
      expect([code, out.length, err.length]).toEqual([2, 0, 1]);
      expect(JSON.parse(err[0] as string)).toMatchObject({ error: { code: "invalid_arguments" } });
    }
  });
});
