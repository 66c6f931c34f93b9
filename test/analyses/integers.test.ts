/**
 * Integers past ±(2^53 − 1) where the schema says `integer` (issue 23): the shape the generator
 * writes (generator/analyses/integer-shape.ts), the runtime's walk of it (core/integers.ts), and the
 * client refusing them — params as invalid arguments, answers as malformed_response naming the
 * pointer and the digits — over a real socket.
 */
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { integerShape } from "../../generator/analyses/integer-shape.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { privateTempDir } from "../support/host.js";
import { rejection } from "../support/rejection.js";
import {
  callTool,
  JsonRpcSocketTransport,
  readJson,
  unsafeInteger,
  type IntegerShape,
  type ToolSpec,
  type ValidationResult,
} from "../support/runtime.js";

const U64_MAX = "18446744073709551615";
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

function shapeOf(schema: object, pointer = "#"): IntegerShape | undefined {
  return integerShape(schemaGraph(schema), pointer, "number");
}

const RESULT = {
  $schema: DRAFT_2020_12,
  type: "object",
  properties: {
    id: { type: "integer", format: "uint64", minimum: 0 },
    ratio: { type: "number" },
    label: { type: "string" },
    parent: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] },
    sizes: { type: "array", items: { type: ["integer", "null"] } },
    pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] },
    counts: { type: "object", additionalProperties: { type: "integer" } },
  },
  $defs: { Node: { type: "object", properties: { id: { type: "integer" }, parent: { $ref: "#/$defs/Node" } } } },
};

describe("the integer shape", () => {
  it("is undefined where no integer can be reached", () => {
    expect(shapeOf({ type: "object", properties: { name: { type: "string" }, score: { type: "number" } } })).toBeUndefined();
  });

  it.each([
    ["/id", true],
    ["/ratio", false],
    ["/label", false],
    ["/parent/id", true],
    ["/parent/parent/parent/id", true],
    ["/sizes/3", true],
    ["/pair/0", false],
    ["/pair/1", true],
    ["/counts/anything", true],
    ["/unknown", false],
  ])("says whether %s is an integer location: %s", (pointer, integer) => {
    const shape = shapeOf(RESULT) as IntegerShape;
    const value: Record<string, unknown> = {
      sizes: [1, 2, 3, 0],
      pair: ["a", 0],
      counts: {},
      parent: { parent: { parent: {} } },
    };
    // Put a rounded u64 at the pointer and ask the walk (params: every number is looked at).
    const segments = pointer.split("/").slice(1);
    let at: Record<string, unknown> = value;
    for (const segment of segments.slice(0, -1)) at = (at[segment] ??= {}) as Record<string, unknown>;
    at[segments.at(-1) as string] = Number(U64_MAX);
    const found = unsafeInteger(shape, value, true);
    expect(found === undefined ? false : found.pointer).toBe(integer ? pointer : false);
  });

  it("reads a draft-07 tuple's items by position", () => {
    const shape = shapeOf({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: [{ type: "string" }, { type: "integer" }],
    });
    expect(unsafeInteger(shape as IntegerShape, ["x", 2 ** 60], true)).toEqual({ pointer: "/1", digits: String(2n ** 60n) });
    expect(unsafeInteger(shape as IntegerShape, [2 ** 60, 1], true)).toBeUndefined();
  });

  it("gives the digits as sent for an answer read by readJson, and looks only at the literals it noticed", () => {
    const shape = shapeOf(RESULT) as IntegerShape;
    expect(unsafeInteger(shape, readJson(`{"parent":{"id":${U64_MAX}}}`), false)).toEqual({
      pointer: "/parent/id",
      digits: U64_MAX,
    });
    expect(unsafeInteger(shape, readJson(`{"ratio":${U64_MAX},"label":"${U64_MAX}"}`), false)).toBeUndefined();
    // A value not read by readJson has no noticed literals: an answer path looks no further.
    expect(unsafeInteger(shape, { id: Number(U64_MAX) }, false)).toBeUndefined();
  });
});

describe("a client over a real socket", () => {
  const servers: Server[] = [];
  const temps: { remove(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    for (const temp of temps.splice(0)) await temp.remove();
  });
  const tempDir = async (): Promise<string> => {
    const temp = await privateTempDir();
    temps.push(temp);
    return temp.dir;
  };

  /** A JSON-RPC server that answers every request with `result` written as raw JSON text (digits intact). */
  async function answering(resultText: string): Promise<string> {
    const socketPath = join(await tempDir(), "rpc.sock");
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      let buffered = "";
      socket.on("data", (chunk) => {
        buffered += chunk.toString("utf8");
        for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
          const request = JSON.parse(buffered.slice(0, end)) as { id: number };
          buffered = buffered.slice(end + 1);
          socket.write(`{"jsonrpc":"2.0","id":${request.id},"result":${resultText}}\n`);
        }
      });
    });
    server.on("close", () => sockets.forEach((socket) => socket.destroy()));
    servers.push(server);
    server.listen(socketPath);
    await once(server, "listening");
    return socketPath;
  }

  const accept = <T>(value: unknown): ValidationResult<T> => ({ ok: true, value: value as T });
  const spec = (): ToolSpec<{ limit?: number }, Record<string, unknown>> => ({
    method: "items.get",
    timeoutMs: 5000,
    validateParams: accept,
    validateResult: accept,
    paramsIntegers: shapeOf({ type: "object", properties: { limit: { type: "integer" } } }) as IntegerShape,
    resultIntegers: shapeOf(RESULT) as IntegerShape,
  });

  it("refuses an answer holding u64::MAX at an integer location: malformed_response with the pointer and the digits", async () => {
    const transport = new JsonRpcSocketTransport({ socketPath: await answering(`{"label":"x","parent":{"id":${U64_MAX}}}`) });
    try {
      const error = await rejection(callTool(transport, spec(), {}));
      expect(error.toJSON()).toMatchObject({ code: "malformed_response", details: { pointer: "/parent/id", digits: U64_MAX } });
      expect(error.message).toContain(U64_MAX);
    } finally {
      await transport.close();
    }
  });

  it("passes an answer whose long digits sit at a number or a string location, and 2^53 − 1 itself", async () => {
    const transport = new JsonRpcSocketTransport({
      socketPath: await answering(`{"ratio":${U64_MAX},"label":"${U64_MAX}","id":9007199254740991}`),
    });
    try {
      await expect(callTool(transport, spec(), {})).resolves.toEqual({
        ratio: Number(U64_MAX),
        label: U64_MAX,
        id: 9007199254740991,
      });
    } finally {
      await transport.close();
    }
  });

  it("refuses params holding a number past the safe range before connecting", async () => {
    const transport = new JsonRpcSocketTransport({ socketPath: join(await tempDir(), "nobody.sock") });
    try {
      const error = await rejection(callTool(transport, spec(), { limit: 2 ** 60 }));
      expect(error.toJSON()).toMatchObject({ code: "invalid_arguments", details: [{ instancePath: "/limit", keyword: "type" }] });
    } finally {
      await transport.close();
    }
  });
});
