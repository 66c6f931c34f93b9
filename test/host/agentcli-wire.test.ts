import { afterEach, describe, expect, it } from "vitest";
import { NOT_SERVED_METHODS } from "../../generator/host/index.js";
import { StdioChildren } from "./support/stdio-child.js";

const children = new StdioChildren();
afterEach(async () => {
  expect(await children.closeAll()).toEqual([]);
});

const READY = '{"jsonrpc":"2.0","method":"agentcli.ready","params":{"ok":true,"manifest_version":"0.2"}}';
const PING = { jsonrpc: "2.0", id: 1, method: "agentcli.ping" };
const INVALID_ARGUMENT = { code: "invalid_argument", error_type: "invalid_argument" };

/** A server past its ready line. */
async function ready() {
  const server = children.agentcli();
  expect(await server.nextLine()).toBe(READY);
  return server;
}

describe("agentcli on stdio: readiness", () => {
  it("writes agentcli.ready first, before it is sent anything, and exactly once", async () => {
    const server = children.agentcli();
    expect(await server.nextLine()).toBe(READY);
    server.send(PING);
    server.send({ ...PING, id: 2 });
    expect(await server.nextFrame()).toEqual({ jsonrpc: "2.0", id: 1, result: { ok: true, pong: true } });
    expect(await server.nextFrame()).toMatchObject({ id: 2 });
    expect(await server.close()).toEqual({ code: 0, signal: null });
    expect(
      server
        .received()
        .split("\n")
        .filter((line) => line.includes("agentcli.ready")),
    ).toEqual([READY]);
  });

  it("exits 0 when stdin ends, with nothing written after its answers", async () => {
    const server = await ready();
    server.send(PING);
    expect(await server.nextFrame()).toMatchObject({ id: 1, result: { ok: true } });
    expect(await server.close()).toEqual({ code: 0, signal: null });
    await expect(server.nextLine()).rejects.toThrow("closed its stdout");
  });
});

describe("agentcli on stdio: framing and the envelope", () => {
  it("answers a line that is not JSON with -32700 and id null, then keeps serving", async () => {
    const server = await ready();
    server.sendRaw("this is { not json\n");
    expect(await server.nextFrame()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error", data: { code: "parse_error", error_type: "parse_error" } },
    });
    expect(await server.call(2, "agentcli.ping")).toMatchObject({ id: 2, result: { pong: true } });
  });

  it("refuses a batch (a JSON array) with -32600 and id null, answering none of its members", async () => {
    const server = await ready();
    server.send([PING, { ...PING, id: 2 }]);
    expect(await server.nextFrame()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Batch requests are not supported", data: INVALID_ARGUMENT },
    });
    expect(await server.call(3, "agentcli.ping")).toMatchObject({ id: 3 });
  });

  it.each([
    ["without jsonrpc", { id: 7, method: "agentcli.ping" }, 7],
    ['with jsonrpc "1.0"', { jsonrpc: "1.0", id: "a", method: "agentcli.ping" }, "a"],
    ["without a method", { jsonrpc: "2.0", id: 8 }, 8],
    ["with a method that is not a string", { jsonrpc: "2.0", id: 9, method: 42 }, 9],
    ["with an id that is an object", { jsonrpc: "2.0", id: { n: 1 }, method: "agentcli.ping" }, null],
    ["that is a string", "agentcli.ping", null],
    ["that is a number", 12, null],
    ["that is null", null, null],
  ])("answers a request %s with -32600", async (_, request, id) => {
    const server = await ready();
    server.send(request);
    expect(await server.nextFrame()).toEqual({
      jsonrpc: "2.0",
      id,
      error: { code: -32600, message: "Invalid Request", data: INVALID_ARGUMENT },
    });
  });

  it("echoes string and numeric ids as they came, and answers in order", async () => {
    const server = await ready();
    for (const id of ["1", "req-ü", 0, 42, -3, 1.5]) {
      expect(await server.call(id, "agentcli.ping")).toEqual({ jsonrpc: "2.0", id, result: { ok: true, pong: true } });
    }
  });

  it("gives a notification from the client no answer, known method or not", async () => {
    const server = await ready();
    server.send({ jsonrpc: "2.0", method: "agentcli.ping" });
    server.send({ jsonrpc: "2.0", method: "agentcli.nothing", params: { x: 1 } });
    // Answers come in order, so the next line would be an answer to a notification if there were one.
    expect(await server.call(5, "agentcli.version")).toMatchObject({ id: 5, result: { ok: true } });
  });

  it("skips blank lines and takes CRLF line ends", async () => {
    const server = await ready();
    server.sendRaw("\n   \n");
    server.sendRaw(`${JSON.stringify({ ...PING, id: 6 })}\r\n`);
    expect(await server.nextFrame()).toMatchObject({ id: 6, result: { pong: true } });
  });
});

describe("agentcli on stdio: methods it does not serve", () => {
  it("answers an unknown method with -32601, data.code unknown_command", async () => {
    const server = await ready();
    expect(await server.call(1, "agentcli.nope")).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32601,
        message: "Method not found: agentcli.nope",
        data: { code: "unknown_command", error_type: "unknown_command" },
      },
    });
    expect(await server.error("demo.apps")).toMatchObject({ code: -32601 });
  });

  it("answers every online-only method of the document with -32601", async () => {
    const server = await ready();
    expect(NOT_SERVED_METHODS.map((method) => method.name)).toEqual([
      "agentcli.paths",
      "agentcli.compile",
      "agentcli.apply",
      "agentcli.inspect",
      "agentcli.audit",
      "agentcli.approvals.list",
      "agentcli.registry.list",
      "agentcli.registry.show",
      "agentcli.identity.resolve",
      "agentcli.identity.validateDelegation",
      "agentcli.authorizationProof.verify",
      "agentcli.authorization.evaluate",
    ]);
    for (const { name } of NOT_SERVED_METHODS) {
      expect(await server.error(name, { manifest: {}, taskId: "t1" })).toEqual({
        code: -32601,
        message: `Method not found: ${name}`,
        data: { code: "unknown_command", error_type: "unknown_command" },
      });
    }
  });
});
