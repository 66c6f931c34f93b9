/**
 * A real Standard Schema consumer from npm takes the generated validators (issue 23): tRPC's
 * server (@trpc/server, a pinned dev dependency) checks a procedure's input and output with
 * `standard<Name>` alone, knowing nothing of rightkit-bindgen. Valid values reach the handler as
 * they were sent; invalid ones come back as tRPC's BAD_REQUEST (input) or INTERNAL_SERVER_ERROR
 * (output) whose cause carries our issues, message for message.
 */
import { initTRPC, StandardSchemaV1Error, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import * as agentcli from "../../generated/agentcli.v0.2/index.js";
import {
  standardBatchParams,
  standardBatchResult,
  standardSnapshotParams,
  validateBatchParams,
  validateBatchResult,
  type BatchParams,
  type BatchResult,
} from "../../generated/rightkit.agent.demo.v1/index.js";

const t = initTRPC.create();

/** What tRPC threw, as the TRPCError it is. */
async function trpcError(call: Promise<unknown>): Promise<TRPCError> {
  const error: unknown = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The issues a TRPCError's cause carries: tRPC's StandardSchemaV1Error holding what our validate returned. */
function issuesOf(error: TRPCError): unknown {
  expect(error.cause).toBeInstanceOf(StandardSchemaV1Error);
  return (error.cause as StandardSchemaV1Error).issues;
}

const steps: BatchParams["steps"] = [{ ref: "e1", op: "click" }];
const done: BatchResult = { completed: 1, error_code: null, failed_step: null, results: [{ receipt_id: "r1" }] };

describe("tRPC takes standard<Name> as a procedure's input and output parser", () => {
  let answer: unknown = done;
  const router = t.router({
    batch: t.procedure
      .input(standardBatchParams)
      .output(standardBatchResult)
      .mutation(({ input }) => {
        // The input's type is the contract's: steps[0].op is the ElementOp union.
        const op: "click" | "type" | "press" | undefined = input.steps[0]?.op;
        expect(op).toBe(input.steps[0]?.op);
        return answer as BatchResult;
      }),
    snapshot: t.procedure.input(standardSnapshotParams).query(({ input }) => input),
  });
  const caller = t.createCallerFactory(router)({});

  it("passes a valid input to the handler, and a valid output back", async () => {
    answer = done;
    await expect(caller.batch({ token: "t", steps })).resolves.toEqual(done);
    await expect(caller.snapshot({ token: "t" })).resolves.toEqual({ token: "t" });
  });

  it("refuses an invalid input as BAD_REQUEST, with our issues", async () => {
    const input = { token: "t", steps: [...steps, { ref: "e2", op: "jump" }] };
    const error = await trpcError(caller.batch(input as unknown as BatchParams));
    expect(error.code).toBe("BAD_REQUEST");
    const ours = validateBatchParams(input);
    if (ours.ok !== false) throw new Error("the input was meant to be invalid");
    expect(issuesOf(error)).toEqual(ours.issues.map(({ message }) => ({ message, path: ["steps", 1, "op"] })));
    expect(error.message).toBe(ours.issues[0]?.message);
  });

  it("refuses a missing input with an issue about the value itself, without a path", async () => {
    const error = await trpcError(caller.batch(undefined as unknown as BatchParams));
    expect(error.code).toBe("BAD_REQUEST");
    const ours = validateBatchParams(undefined);
    if (ours.ok !== false) throw new Error("undefined was meant to be invalid");
    expect(issuesOf(error)).toEqual(ours.issues.map(({ message }) => ({ message })));
  });

  it("refuses an invalid output as INTERNAL_SERVER_ERROR, with our issues", async () => {
    answer = { ...done, completed: -1 };
    const error = await trpcError(caller.batch({ token: "t", steps }));
    expect(error.code).toBe("INTERNAL_SERVER_ERROR");
    const ours = validateBatchResult(answer);
    if (ours.ok !== false) throw new Error("the output was meant to be invalid");
    expect(issuesOf(error)).toEqual(ours.issues.map(({ message }) => ({ message, path: ["completed"] })));
  });
});

describe("tRPC takes every standard<Name> of agentcli", () => {
  const standards = Object.entries(agentcli).filter(([name]) => name.startsWith("standard"));

  it("as the input parser of a procedure each, refusing what validate<Name> refuses", async () => {
    expect(standards.length).toBeGreaterThan(50);
    const router = t.router(
      Object.fromEntries(
        standards.map(([name, standard]) => [
          name,
          t.procedure.input(standard as typeof agentcli.standardApplyParams).query(({ input }) => input),
        ]),
      ),
    );
    const caller = t.createCallerFactory(router)({}) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    // A value no object, array or string type accepts; whatever the type, tRPC answers as our validator does.
    const probe = Symbol("not JSON");
    for (const [name] of standards) {
      const validate = (agentcli as unknown as Record<string, (value: unknown) => { ok: boolean }>)[
        `validate${name.slice("standard".length)}`
      ];
      const call = caller[name] as (input: unknown) => Promise<unknown>;
      if (validate?.(probe).ok === true) await expect(call(probe)).resolves.toBe(probe);
      else expect((await trpcError(call(probe))).code, name).toBe("BAD_REQUEST");
    }
  });
});
