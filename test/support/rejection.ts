import { expect } from "vitest";
import { ToolError } from "./runtime.js";

/**
 * The ToolError a promise rejects with. The handler is attached at once, so a rejection that
 * happens while the test awaits something else is never reported as unhandled.
 */
export async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}
