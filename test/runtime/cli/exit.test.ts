/**
 * The runtime's exit-code rule, contract-neutral: which failures are refusals (one table), which
 * are usage errors, tool errors or bugs, and what each prints on stderr.
 */
import { describe, expect, it } from "vitest";
import { CLI_EXIT, exitCodeFor, failureLines, REFUSED_CODES, reportFailure } from "../../../generated/runtime/cli/exit.js";
import { ToolError } from "../../support/runtime.js";

describe("REFUSED_CODES", () => {
  it("holds the daemon's allowlist refusal and the host gate's blocked target, each documented", () => {
    expect(Object.keys(REFUSED_CODES).sort()).toEqual(["request_not_allowed", "target_blocked"]);
    for (const meaning of Object.values(REFUSED_CODES)) expect(meaning).not.toBe("");
    expect(Object.isFrozen(REFUSED_CODES)).toBe(true);
  });
});

describe("exitCodeFor", () => {
  it.each(Object.keys(REFUSED_CODES))("%s is refused (3) in either stage", (code) => {
    expect(exitCodeFor(new ToolError(code, "no"), "call")).toBe(CLI_EXIT.refused);
    expect(exitCodeFor(new ToolError(code, "no"), "arguments")).toBe(CLI_EXIT.refused);
  });

  it("any other ToolError is usage (2) while reading arguments, a tool error (1) during the call", () => {
    for (const code of ["invalid_arguments", "not_allowed", "service_unavailable", "toString", "__proto__"]) {
      expect(exitCodeFor(new ToolError(code, "x"), "arguments")).toBe(CLI_EXIT.usage);
      expect(exitCodeFor(new ToolError(code, "x"), "call")).toBe(CLI_EXIT.toolError);
    }
  });

  it("anything that is not a ToolError is internal (70)", () => {
    for (const thrown of [new Error("x"), new TypeError("x"), "text", undefined, { code: "target_blocked" }]) {
      expect(exitCodeFor(thrown, "arguments")).toBe(CLI_EXIT.internal);
      expect(exitCodeFor(thrown, "call")).toBe(CLI_EXIT.internal);
    }
  });
});

describe("failureLines", () => {
  it("prints a ToolError as one line with code, message and retryable, never details", () => {
    const error = new ToolError("timeout", "late\nline", { retryable: true, details: { secret: "s3cr3t" } });
    expect(failureLines(error)).toEqual(['{"error":{"code":"timeout","message":"late\\nline","retryable":true}}']);
  });

  it("prints a bug as internal_error, then its stack", () => {
    const bug = new RangeError("boom");
    expect(failureLines(bug)).toEqual(['{"error":{"code":"internal_error","message":"boom","retryable":false}}', bug.stack]);
  });

  it("survives a thrown value that cannot be turned into text", () => {
    const hostile: object = {
      toString() {
        throw new Error("no");
      },
    };
    expect(JSON.parse(failureLines(hostile)[0] as string)).toEqual({
      error: { code: "internal_error", message: "a thrown object", retryable: false },
    });
  });

  it("reportFailure writes each line to err and returns the code", () => {
    const err: string[] = [];
    expect(reportFailure({ err: (text) => err.push(text) }, new ToolError("target_blocked", "secure field"), "call")).toBe(3);
    expect(err).toEqual(['{"error":{"code":"target_blocked","message":"secure field","retryable":false}}']);
  });
});
