/**
 * Issue 37, found when conform first ran against the mock of a made-up contract whose binding
 * has string error codes but speaks JSON-RPC over stdio (test/mock/new-contract.test.ts): every
 * refusal was a failing finding, "the error lacks a string code, a boolean retryable", and every
 * lifecycle refusal "with undefined". Over JSON-RPC an error's `code` is the protocol's number;
 * the string code and the retryable flag ride in its `data`, which is where the generated client
 * reads them (core/rpc-error.ts, `toolErrorOf`) and how the mock and the conformance host write
 * them. conform (values/error-model.ts) read only the top level. It now reads a `codes` model's
 * error as the client does.
 */
import { expect, it } from "vitest";
import type { ErrorModel } from "../../generator/contract/shape.js";
import { errorCodeOf, errorShapeProblem } from "../../generator/values/error-model.js";

const CODES: ErrorModel = {
  kind: "codes",
  codes: [
    { code: "note_closed", meaning: "The note was closed." },
    { code: "invalid_arguments", meaning: "The arguments do not satisfy the contract." },
  ],
};

it("reads a codes-model error over JSON-RPC by its data, as the client does", () => {
  const overJsonRpc = { code: -32000, message: "closed", data: { code: "note_closed", retryable: false } };
  expect(errorCodeOf(overJsonRpc, CODES)).toBe("note_closed");
  expect(errorShapeProblem(overJsonRpc, CODES)).toBeUndefined();
  // On rightkit-daemon's protocol the error object itself carries them, as before.
  const onTheDaemon = { code: "note_closed", message: "closed", retryable: false };
  expect(errorCodeOf(onTheDaemon, CODES)).toBe("note_closed");
  expect(errorShapeProblem(onTheDaemon, CODES)).toBeUndefined();
  // A JSON-RPC error whose data says no code is still missing one.
  expect(errorShapeProblem({ code: -32000, message: "x", data: {} }, CODES)).toBe(
    "the error lacks a string code, a boolean retryable",
  );
});
