import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { HostStream } from "../../generator/host/core/connection.js";
import { serveJsonRpcStream } from "../../generator/host/core/jsonrpc-host.js";
import type { Outcome } from "../../generator/host/core/outcome.js";
import type { JsonRpcDialect } from "../../generator/host/core/protocols/jsonrpc.js";
import type { Service } from "../../generator/host/core/service.js";
import { agentcliDialect } from "../../generator/host/services/agentcli/error-dialect.js";
import { LineQueue } from "./support/line-queue.js";

/** A service whose every call fails inside it: thrown, or a rejected promise. */
function brokenService(how: "throw" | "reject", jsonRpc?: JsonRpcDialect): Service {
  const handle = (): Outcome | Promise<Outcome> => {
    if (how === "throw") throw new Error("secret stack detail");
    return Promise.reject(new Error("secret stack detail"));
  };
  return { name: "broken", handle, stop: () => undefined, ...(jsonRpc ? { jsonRpc } : {}) };
}

/** The JSON-RPC session on in-memory streams: what it writes, and how the stream was ended. */
function serve(service: Service, withExit = true) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines = new LineQueue("the server ended its output");
  output.on("data", (chunk: Buffer) => lines.push(chunk));
  const ended: string[] = [];
  const stream: HostStream = {
    input,
    output,
    drop: () => void ended.push("drop"),
    end: async () => void ended.push("end"),
    ...(withExit ? { exit: (code: number) => void ended.push(`exit ${code}`) } : {}),
  };
  serveJsonRpcStream(stream, { service, scenario: () => "normal", outOfOrderWindow: 3, events: new EventEmitter() });
  const call = async (id: number): Promise<unknown> => {
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "any.thing" })}\n`);
    return JSON.parse(await lines.nextLine()) as unknown;
  };
  return { input, lines, ended, call };
}

describe("a service that fails inside", () => {
  it.each(["throw", "reject"] as const)(
    "answers -32603 Internal error when it %ss (plain dialect), nothing leaked",
    async (how) => {
      const { call } = serve(brokenService(how));
      expect(await call(1)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } });
      expect(await call(2)).toMatchObject({ id: 2, error: { code: -32603 } });
    },
  );

  it.each(["throw", "reject"] as const)("answers agentcli's -32603 with data when it %ss", async (how) => {
    const { lines, call } = serve(
      brokenService(
        how,
        agentcliDialect(() => "normal"),
      ),
    );
    expect(JSON.parse(await lines.nextLine())).toMatchObject({ method: "agentcli.ready" });
    expect(await call(1)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32603, message: "Internal error", data: { code: "internal_error", error_type: "internal_error" } },
    });
  });
});

describe("the opening of a JSON-RPC connection", () => {
  it("writes the dialect's lines before any answer", async () => {
    const { input, lines } = serve(
      brokenService(
        "throw",
        agentcliDialect(() => "bad_manifest_version"),
      ),
    );
    input.write("garbage\n");
    expect(JSON.parse(await lines.nextLine())).toEqual({
      jsonrpc: "2.0",
      method: "agentcli.ready",
      params: { ok: true, manifest_version: "1.0" },
    });
    expect(JSON.parse(await lines.nextLine())).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it("exits with the dialect's code where the stream can exit, and drops the connection where it cannot", () => {
    const dialect = agentcliDialect(() => "exit_at_start");
    expect(serve(brokenService("throw", dialect)).ended).toEqual(["exit 3"]);
    expect(serve(brokenService("throw", dialect), false).ended).toEqual(["drop"]);
  });

  it("says nothing first in the plain dialect, and refuses a request without jsonrpc with bare -32600", async () => {
    const { input, lines } = serve(brokenService("throw"));
    input.write(`${JSON.stringify({ id: 4, method: "demo.apps" })}\n`);
    expect(JSON.parse(await lines.nextLine())).toEqual({
      jsonrpc: "2.0",
      id: 4,
      error: { code: -32600, message: "Invalid Request" },
    });
  });
});
