import { describe, expect, it } from "vitest";
import { ToolError } from "../../support/runtime.js";

describe("ToolError", () => {
  it("is an Error and a ToolError, with its own name", () => {
    const error = new ToolError("capture_unsafe", "refused");
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ToolError);
    expect(error.name).toBe("ToolError");
    expect(String(error)).toBe("ToolError: refused");
    expect(error.retryable).toBe(false);
    expect("details" in error).toBe(false);
  });

  it("stays instanceof-safe for subclasses", () => {
    class DemoError extends ToolError<"x"> {}
    const error = new DemoError("x", "m");
    expect(error).toBeInstanceOf(DemoError);
    expect(error).toBeInstanceOf(ToolError);
  });

  it("serialises code, message, retryable and details only", () => {
    const error = new ToolError("timeout", "slow", {
      retryable: true,
      details: { ms: 5 },
      cause: new Error("inner"),
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: "timeout",
      message: "slow",
      retryable: true,
      details: { ms: 5 },
    });
    expect(new ToolError("a", "b").toJSON()).toEqual({ code: "a", message: "b", retryable: false });
  });
});
