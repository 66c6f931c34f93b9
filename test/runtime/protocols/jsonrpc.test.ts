import { describe, expect, it } from "vitest";
import { classifyMessage, codeForRpcNumber, NDJSON, requestMessage, toolErrorFromRpcError } from "../../support/runtime.js";

/** The codec sees parsed messages; the framing (test/runtime/framing/framing.test.ts) owns bytes, blank lines and bad JSON. */
const classifyLine = (line: string): ReturnType<typeof classifyMessage> => classifyMessage(JSON.parse(line));

describe("requestMessage", () => {
  it("is one JSON-RPC 2.0 request, one LF-terminated line once framed", () => {
    expect(NDJSON.encode(requestMessage(7, "tool.name", { a: "x\ny" }))).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"tool.name","params":{"a":"x\\ny"}}\n',
    );
  });
});

describe("classifyMessage", () => {
  it("sorts answers, notifications and protocol violations", () => {
    expect(classifyLine('{"jsonrpc":"2.0","id":3,"result":{"ok":1}}')).toEqual({
      kind: "result",
      id: 3,
      result: { ok: 1 },
    });
    expect(classifyLine('{"jsonrpc":"2.0","method":"progress","params":{"n":1}}')).toEqual({
      kind: "notification",
      method: "progress",
      params: { n: 1 },
    });
    expect(classifyLine('{"jsonrpc":"2.0","id":9,"method":"ask","params":{}}')).toEqual({
      kind: "notification",
      method: "ask",
      params: {},
    });
    expect(classifyLine("[1,2]").kind).toBe("invalid");
    expect(classifyLine('{"id":1,"result":1}').kind).toBe("invalid");
    expect(classifyLine('{"jsonrpc":"2.0","id":1}').kind).toBe("invalid");
    expect(classifyLine('{"jsonrpc":"2.0","id":1,"result":1,"error":{}}').kind).toBe("invalid");
    expect(classifyLine('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}')).toEqual({
      kind: "unknown-id",
      id: null,
    });
    expect(classifyLine('{"jsonrpc":"2.0","id":"1","result":1}').kind).toBe("unknown-id");
  });

  it("keeps a result of null as a result", () => {
    expect(classifyLine('{"jsonrpc":"2.0","id":1,"result":null}')).toEqual({
      kind: "result",
      id: 1,
      result: null,
    });
  });
});

describe("toolErrorFromRpcError", () => {
  it("takes data.code and data.retryable from the host, unknown codes unchanged", () => {
    const known = toolErrorFromRpcError({
      code: -32000,
      message: "no",
      data: { code: "not_armed", retryable: true },
    });
    expect(known.toJSON()).toEqual({ code: "not_armed", message: "no", retryable: true });
    const unknown = toolErrorFromRpcError({ code: -32000, message: "nope", data: { code: "not_allowed" } });
    expect(unknown.toJSON()).toEqual({ code: "not_allowed", message: "nope", retryable: false });
    const withDetails = toolErrorFromRpcError({
      code: -32000,
      message: "m",
      data: { code: "x", details: { n: 1 } },
    });
    expect(withDetails.details).toEqual({ n: 1 });
  });

  it.each([
    [-32700, "invalid_arguments"],
    [-32600, "invalid_arguments"],
    [-32602, "invalid_arguments"],
    [-32601, "service_unavailable"],
    [-32603, "service_unavailable"],
    [-32000, "service_unavailable"],
    [42, "service_unavailable"],
  ])("maps rpc code %i without data.code to %s", (rpcCode, code) => {
    expect(codeForRpcNumber(rpcCode)).toBe(code);
    const error = toolErrorFromRpcError({ code: rpcCode, message: "m", data: { code: 5 } });
    expect(error.toJSON()).toEqual({
      code,
      message: "m",
      retryable: false,
      details: { rpcCode, rpcMessage: "m" },
    });
  });

  it("treats an error object of the wrong shape as malformed_response", () => {
    expect(toolErrorFromRpcError("boom").code).toBe("malformed_response");
    expect(toolErrorFromRpcError({ code: "x", message: "m" }).code).toBe("malformed_response");
  });
});
