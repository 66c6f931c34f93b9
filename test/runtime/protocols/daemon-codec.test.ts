/** The rightkit-daemon wire dialect: what the client writes, and every documented spelling it reads. */
import { describe, expect, it } from "vitest";
import {
  classifyFrame,
  helloFrame,
  NDJSON,
  readHostHello,
  requestFrame,
  toolErrorFromServiceError,
} from "../../support/runtime.js";

const SERVICE = "rightkit.example";

describe("frames the client writes", () => {
  it("says hello first with its app label and protocol version", () => {
    expect(NDJSON.encode(helloFrame("right-ctl"))).toBe(
      '{"type":"hello","app":"right-ctl","protocol_major":1,"protocol_minor":0}\n',
    );
  });

  it("sends one request frame with a flat method and params", () => {
    expect(requestFrame(3, "demo.apps", {})).toEqual({ type: "request", id: 3, method: "demo.apps", params: {} });
  });
});

describe("the host's hello", () => {
  it("is accepted with extra fields, or without the optional ones", () => {
    expect(readHostHello({ type: "hello", service: SERVICE, protocol_major: 1, role: "x", chunk_bytes: 9 }, SERVICE)).toEqual({
      kind: "accepted",
    });
    expect(readHostHello({ type: "hello" }, SERVICE)).toEqual({ kind: "accepted" });
  });

  it("refuses another major or another service, naming the reason", () => {
    const major = readHostHello({ type: "hello", protocol_major: 2 }, SERVICE);
    expect(major).toMatchObject({ kind: "refused", error: { code: "service_unavailable", retryable: false } });
    expect(major.kind === "refused" && major.error.details).toEqual({ reason: "protocol_major", found: 2 });
    const other = readHostHello({ type: "hello", service: "someone.else", protocol_major: 1 }, SERVICE);
    expect(other.kind === "refused" && other.error.details).toEqual({ reason: "wrong_service", found: "someone.else" });
  });

  it("passes a host's refusal through with its code, in a hello or in a response frame", () => {
    const error = { code: "request_not_allowed", message: "no", retryable: false };
    for (const frame of [
      { type: "hello", status: "err", error },
      { type: "hello", ok: false, error },
      { type: "response", id: 1, status: "err", error },
      { type: "hello", error },
    ]) {
      const hello = readHostHello(frame, SERVICE);
      expect(hello.kind === "refused" && hello.error.toJSON()).toEqual(error);
    }
  });

  it("is invalid when it is not a hello", () => {
    expect(readHostHello([1], SERVICE).kind).toBe("invalid");
    expect(readHostHello({ type: "event", id: 1 }, SERVICE).kind).toBe("invalid");
  });
});

describe("frames after the hello", () => {
  it("reads status or ok, result or error", () => {
    expect(classifyFrame({ type: "response", id: 2, status: "ok", result: { a: 1 } })).toEqual({
      kind: "result",
      id: 2,
      result: { a: 1 },
    });
    expect(classifyFrame({ type: "response", id: 2, ok: true, result: null })).toEqual({ kind: "result", id: 2, result: null });
    for (const failed of [{ status: "err" }, { ok: false }, {}]) {
      const frame = classifyFrame({
        type: "response",
        id: 4,
        ...failed,
        error: { code: "not_armed", message: "m", retryable: true },
      });
      expect(frame.kind === "error" && frame.error.toJSON()).toEqual({ code: "not_armed", message: "m", retryable: true });
    }
  });

  it("hands events their payload: event, else data, else the frame without its envelope", () => {
    expect(classifyFrame({ type: "event", id: 1, event: { kind: "x" } })).toEqual({ kind: "event", id: 1, event: { kind: "x" } });
    expect(classifyFrame({ type: "event", id: 1, data: 5 })).toEqual({ kind: "event", id: 1, event: 5 });
    expect(classifyFrame({ type: "event", progress: 0.5 })).toEqual({ kind: "event", id: undefined, event: { progress: 0.5 } });
  });

  it.each([
    ["not an object", [1]],
    ["an unknown frame type", { type: "surprise", id: 1 }],
    ["a second hello", { type: "hello" }],
    ["a response without an id", { type: "response", status: "ok", result: 1 }],
    ["a response with a string id", { type: "response", id: "1", status: "ok", result: 1 }],
    ["a response with neither result nor error", { type: "response", id: 1, status: "ok" }],
    ["a chunked response nobody asked for", { type: "response", id: 1, ok: true, result: null, chunked: { id: "c" } }],
    ["an event with a bad id", { type: "event", id: -1 }],
  ])("refuses %s", (_, frame) => {
    expect(classifyFrame(frame).kind).toBe("invalid");
  });
});

describe("toolErrorFromServiceError", () => {
  it("keeps the host's code, unknown ones included, and honours retryable only when true", () => {
    expect(toolErrorFromServiceError({ code: "not_allowed", message: "m" }).toJSON()).toEqual({
      code: "not_allowed",
      message: "m",
      retryable: false,
    });
    expect(toolErrorFromServiceError({ code: "x", message: "m", retryable: "yes" }).retryable).toBe(false);
    expect(toolErrorFromServiceError({ code: "x", retryable: true }).toJSON()).toEqual({
      code: "x",
      message: "x",
      retryable: true,
    });
    expect(toolErrorFromServiceError({ code: "x", message: "m", details: { n: 1 } }).details).toEqual({ n: 1 });
  });

  it("is malformed_response for an error object without a code", () => {
    for (const bad of [undefined, "boom", { message: "m" }, { code: "" }, { code: 7 }]) {
      expect(toolErrorFromServiceError(bad).code).toBe("malformed_response");
    }
  });
});
