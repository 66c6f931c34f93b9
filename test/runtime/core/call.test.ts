import { describe, expect, it } from "vitest";
import {
  callTool,
  ToolError,
  type Transport,
  type TransportCallOptions,
  type ToolSpec,
  type ValidationResult,
} from "../../support/runtime.js";
import { rejection } from "../../support/rejection.js";

type Recorded = { method: string; params: object; options: TransportCallOptions };

/** A transport that records every call and answers with a fixed value. */
function recordingTransport(answer: unknown): Transport & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    calls,
    call: async (method, params, options) => {
      calls.push({ method, params, options });
      return answer;
    },
    close: async () => undefined,
  };
}

const issue = {
  instancePath: "/n",
  schemaPath: "#/properties/n/type",
  keyword: "type",
  message: "must be number",
};

function accept<T>(value: unknown): ValidationResult<T> {
  return { ok: true, value: value as T };
}

const countSpec: ToolSpec<{ n: number }, { total: number }> = {
  method: "count.add",
  timeoutMs: 30_000,
  validateParams: (value) => (typeof (value as { n?: unknown }).n === "number" ? accept(value) : { ok: false, issues: [issue] }),
  validateResult: (value) =>
    typeof (value as { total?: unknown }).total === "number"
      ? accept(value)
      : { ok: false, issues: [{ ...issue, instancePath: "/total" }] },
};

describe("callTool", () => {
  it("never touches the transport when params fail, and carries the issues", async () => {
    const transport = recordingTransport({ total: 1 });
    const error = await rejection(callTool(transport, countSpec, { n: "1" }));
    expect(error).toMatchObject({ code: "invalid_arguments", retryable: false, details: [issue] });
    expect(transport.calls).toEqual([]);
  });

  it("sends the validated params with the spec's timeout, or the caller's", async () => {
    const transport = recordingTransport({ total: 3 });
    await expect(callTool(transport, countSpec, { n: 1 })).resolves.toEqual({ total: 3 });
    const signal = new AbortController().signal;
    await callTool(transport, countSpec, { n: 2 }, { timeoutMs: 5, signal });
    expect(transport.calls).toEqual([
      { method: "count.add", params: { n: 1 }, options: { timeoutMs: 30_000 } },
      { method: "count.add", params: { n: 2 }, options: { timeoutMs: 5, signal } },
    ]);
  });

  it("turns a result of the wrong shape into malformed_response with the issues", async () => {
    const error = await rejection(callTool(recordingTransport({ total: "3" }), countSpec, { n: 1 }));
    expect(error.code).toBe("malformed_response");
    expect(error.details).toEqual([{ ...issue, instancePath: "/total" }]);
  });

  it("lets transport errors through untouched", async () => {
    const failing: Transport = {
      call: async () => {
        throw new ToolError("not_allowed", "daemon says no");
      },
      close: async () => undefined,
    };
    expect((await rejection(callTool(failing, countSpec, { n: 1 }))).code).toBe("not_allowed");
  });
});

describe("callTool fail-closed rule", () => {
  type Shot = { state: "safe"; items: string[] };
  const shotSpec: ToolSpec<object, Shot> = {
    method: "shot.take",
    timeoutMs: 1000,
    validateParams: (value) => accept(value),
    validateResult: (value) => ((value as { state?: unknown }).state === "safe" ? accept(value) : { ok: false, issues: [issue] }),
    failClosed: {
      field: "state",
      expected: "safe",
      code: "capture_unsafe",
      message: "refused: not capture-safe",
    },
  };

  it("passes a result whose field holds the expected value", async () => {
    const answer = { state: "safe", items: ["a"] };
    await expect(callTool(recordingTransport(answer), shotSpec, {})).resolves.toEqual(answer);
  });

  it.each([
    ["another value", { state: "unsafe", items: ["secret"] }],
    ["a masked value", { state: "masked", items: ["secret"] }],
    ["a missing field", { items: ["secret"] }],
    ["null", { state: null, items: ["secret"] }],
    ["an inherited field", Object.create({ state: "safe" }) as object],
    ["a non-object", ["secret"]],
    ["a null result", null],
  ])("refuses %s with the rule's code and nothing from the answer", async (_case, answer) => {
    const error = await rejection(callTool(recordingTransport(answer), shotSpec, {}));
    expect(error.toJSON()).toEqual({
      code: "capture_unsafe",
      message: "refused: not capture-safe",
      retryable: false,
    });
    expect(JSON.stringify(error.toJSON())).not.toContain("secret");
    expect(error.cause).toBeUndefined();
  });
});
