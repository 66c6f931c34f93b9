/**
 * Each check on planted answers: it fires on the departure it names (so it can fail) and stays
 * quiet on the answer a conforming host gives, for both error models; --checks switches a check
 * off entirely. The live tests show the same against real hosts.
 */
import { describe, expect, it } from "vitest";
import type { ErrorModel } from "../../generator/contract/shape.js";
import { CHECK_NAMES, judge, type CallContext, type CaseKind, type Observation } from "../../generator/values/checks.js";

const CODES: ErrorModel = {
  kind: "codes",
  codes: ["invalid_arguments", "invalid_token", "session_ended", "not_armed"].map((code) => ({ code, meaning: code })),
};
const JSONRPC: ErrorModel = {
  kind: "jsonrpc",
  codes: ["-32601", "-32602", "-32603"].map((code) => ({ code, meaning: code })),
  invalidParams: { code: -32602, data: { code: "invalid_argument", error_type: "invalid_argument" }, issuesField: "validation" },
};

function context(kind: CaseKind, errors: ErrorModel = CODES, extra: Partial<CallContext> = {}): CallContext {
  return {
    kind,
    errors,
    validateResult: (value) =>
      typeof value === "object" && value !== null && "ok" in value
        ? { ok: true }
        : { ok: false, issues: [{ instancePath: "", message: 'must have required property "ok"' }] },
    timeoutMs: 300,
    contractTimeoutMs: 30_000,
    enabled: new Set(CHECK_NAMES),
    ...extra,
  };
}

const result = (value: unknown): Observation => ({ kind: "result", value, anomalies: [] });
const error = (raw: unknown, code: string | number): Observation => ({ kind: "error", raw, code, message: "m", anomalies: [] });
const fired = (observation: Observation, ctx: CallContext): string[] =>
  judge(observation, ctx).violations.map((v) => `${v.check}:${v.severity}`);

const RULE = { link: "token", kind: "ended", by: "end", refusedWith: ["invalid_token", "session_ended"] } as const;

describe("each check fires on its departure and not on a conforming answer", () => {
  const cases: [string, Observation, CallContext, string[]][] = [
    ["response_schema: a result of the wrong shape", result({}), context("positive"), ["response_schema:failing"]],
    ["response_schema: a conforming result", result({ ok: true }), context("positive"), []],
    [
      "error_model: no retryable",
      error({ code: "invalid_token", message: "m" }, "invalid_token"),
      context("setup"),
      ["error_model:failing"],
    ],
    [
      "error_model: a full error",
      error({ code: "invalid_token", message: "m", retryable: false }, "invalid_token"),
      context("setup"),
      [],
    ],
    [
      "error_model (jsonrpc): a -32602 without data",
      error({ code: -32602, message: "m" }, -32602),
      context("setup", JSONRPC),
      ["error_model:failing"],
    ],
    [
      "error_model (jsonrpc): data without the binding's keys",
      error({ code: -32602, message: "m", data: { code: 1 } }, -32602),
      context("negative", JSONRPC),
      ["error_model:failing"],
    ],
    [
      "error_model (jsonrpc): data with the binding's keys",
      error({ code: -32602, message: "m", data: { code: "x", error_type: "x" } }, -32602),
      context("negative", JSONRPC),
      [],
    ],
    ["negative_rejected: accepted", result({ ok: true }), context("negative"), ["negative_rejected:failing"]],
    [
      "negative_rejected: refused with another code is a warning",
      error({ code: "invalid_token", message: "m", retryable: false }, "invalid_token"),
      context("negative"),
      ["negative_rejected:warning"],
    ],
    [
      "negative_rejected: refused as invalid arguments",
      error({ code: "invalid_arguments", message: "m", retryable: false }, "invalid_arguments"),
      context("negative"),
      [],
    ],
    [
      "no_server_error: a dropped connection",
      { kind: "fault", timedOut: false, reason: "no answer: closed", anomalies: [] },
      context("positive"),
      ["no_server_error:failing"],
    ],
    [
      "no_server_error: a second response",
      { kind: "result", value: { ok: true }, anomalies: ["a second response for request id 3"] },
      context("positive"),
      ["no_server_error:failing"],
    ],
    [
      "no_server_error (jsonrpc): -32603",
      error({ code: -32603, message: "m", data: { code: "i", error_type: "i" } }, -32603),
      context("positive", JSONRPC),
      ["no_server_error:failing"],
    ],
    [
      "deadline: no answer in time",
      { kind: "fault", timedOut: true, reason: "timeout", anomalies: [] },
      context("positive"),
      ["deadline:failing"],
    ],
    ["lifecycle: an ended value accepted", result({ ok: true }), context("ended", CODES, { rule: RULE }), ["lifecycle:failing"]],
    [
      "lifecycle: refused with a code the rule does not list",
      error({ code: "not_armed", message: "m", retryable: false }, "not_armed"),
      context("ended", CODES, { rule: RULE }),
      ["lifecycle:failing"],
    ],
    [
      "lifecycle: refused for its own params (invalid arguments): inconclusive, no finding",
      error({ code: "invalid_arguments", message: "press needs key", retryable: false }, "invalid_arguments"),
      context("ended", CODES, { rule: RULE }),
      [],
    ],
    [
      "lifecycle: invalid arguments is evidence when the rule lists it",
      result({ ok: true }),
      context("never-issued", CODES, { rule: { ...RULE, kind: "never-issued", refusedWith: ["invalid_arguments"] } }),
      ["lifecycle:failing"],
    ],
    [
      "lifecycle: refused as the rule says",
      error({ code: "session_ended", message: "m", retryable: false }, "session_ended"),
      context("ended", CODES, { rule: RULE }),
      [],
    ],
    [
      "positive_accepted: a valid call refused as invalid arguments",
      error({ code: "invalid_arguments", message: "m", retryable: false }, "invalid_arguments"),
      context("positive"),
      ["positive_accepted:warning"],
    ],
    [
      "unknown_error_code: a code outside the table",
      error({ code: "not_allowed", message: "m", retryable: false }, "not_allowed"),
      context("positive"),
      ["unknown_error_code:warning"],
    ],
    [
      "not_served: no such method",
      error({ code: "unknown_method", message: "m", retryable: false }, "unknown_method"),
      context("positive"),
      ["not_served:warning"],
    ],
  ];
  for (const [name, observation, ctx, expected] of cases) it(name, () => expect(fired(observation, ctx)).toEqual(expected));
});

describe("the census: what each answer counts toward", () => {
  it("a result counts for response_schema, not error_model; an error the other way round", () => {
    expect(judge(result({ ok: true }), context("positive")).applied).toEqual([
      "no_server_error",
      "deadline",
      "response_schema",
      "positive_accepted",
    ]);
    expect(
      judge(error({ code: "invalid_token", message: "m", retryable: false }, "invalid_token"), context("negative")).applied,
    ).toEqual(["no_server_error", "deadline", "error_model", "unknown_error_code", "negative_rejected"]);
  });

  it("a lifecycle case refused for its params is inconclusive: the lifecycle check neither fires nor counts", () => {
    const refused = error({ code: "invalid_arguments", message: "press needs key", retryable: false }, "invalid_arguments");
    const judged = judge(refused, context("ended", CODES, { rule: RULE }));
    expect(judged.inconclusive).toMatch(/refused for its params \(invalid_arguments\) before the token was looked at/);
    expect(judged.applied).not.toContain("lifecycle");
    const listed = judge(refused, context("ended", CODES, { rule: { ...RULE, refusedWith: ["invalid_arguments"] } }));
    expect(listed.inconclusive).toBeUndefined();
    expect(listed.applied).toContain("lifecycle");
  });

  it("a check switched off (--checks) neither fires nor counts", () => {
    const only = context("positive", CODES, { enabled: new Set(["deadline"] as const) });
    const judged = judge(result({}), only);
    expect(judged.violations).toEqual([]);
    expect(judged.applied).toEqual(["deadline"]);
  });
});
