import { afterEach, beforeEach, expect } from "vitest";
import { RpcError, ToolError, toolErrorFromRpcError } from "./runtime.js";

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

/**
 * Fails each test of the calling file in which a promise rejected with nobody listening: a
 * transport must turn every fault into the call's own rejection, never a stray one. Call once at
 * the top of a test file; its check runs after the file's own afterEach hooks have cleaned up.
 */
export function failOnUnhandledRejections(): void {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  beforeEach(() => {
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled.splice(0)).toEqual([]);
  });
}

/**
 * A raw JSON-RPC transport rejects with the server's RpcError; a binding whose error model is
 * string codes reads it as callTool does (`toolErrorFromRpcError`). This is that reading, for
 * tests that talk to a host through a bare transport.
 */
export async function codeRejection(promise: Promise<unknown>): Promise<ToolError> {
  return rejection(
    promise.catch((error: unknown) => {
      throw error instanceof RpcError ? toolErrorFromRpcError(error) : error;
    }),
  );
}
