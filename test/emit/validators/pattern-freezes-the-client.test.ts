/**
 * Issue 34: "A schema's `pattern` freezes the client far past its deadline." Validators ran
 * `pattern` as a backtracking RegExp, synchronously, after the transport resolved: with
 * `"pattern": "^(a+)+$"` on a result field, a 27-byte answer (`"aaaa…a!"`) blocked the event loop
 * for seconds, each added character doubling it. The generated validator now matches such a
 * pattern with the linear-time PatternMatcher.
 *
 * Run in a worker with a generous limit rather than timed on this thread: before the fix the
 * 40-character string below takes about 2^40 steps (days); after, well under a millisecond, so
 * the limit holds on a loaded machine too.
 */
import { Worker } from "node:worker_threads";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";

const HOSTILE = `${"a".repeat(40)}!`;
const LIMIT_MS = 20_000;

/** Runs the module's `isValid` and `validate` on each string in a worker: the verdicts, or "timed out". */
function verdictsInWorker(typescript: string, inputs: readonly unknown[]): Promise<unknown> {
  const { code } = transformSync(typescript, { loader: "ts", format: "cjs", target: "es2022" });
  const body = `
    const { parentPort, workerData } = require("node:worker_threads");
    const module = { exports: {} };
    new Function("module", "exports", workerData.code)(module, module.exports);
    parentPort.postMessage(workerData.inputs.map((x) => [module.exports.isValid(x), module.exports.validate(x).ok]));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(body, { eval: true, workerData: { code, inputs } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve("timed out");
    }, LIMIT_MS);
    worker.once("message", (verdicts: unknown) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(verdicts);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

describe("a schema's pattern freezes the client far past its deadline (issue 34)", () => {
  const resultSchema = (pattern: string) => ({
    type: "object",
    properties: {
      name: { type: "string", pattern },
      tags: { type: "object", patternProperties: { [pattern]: { type: "integer" } } },
    },
    propertyNames: { pattern: "^(?:[a-z]+)+$" },
  });

  it("^(a+)+$ on a 40-character hostile string: a verdict, in a worker given 20 s", async () => {
    const source = emitValidatorModule(resultSchema("^(a+)+$"));
    const verdicts = await verdictsInWorker(source, [
      { name: HOSTILE },
      { name: "a".repeat(40) },
      { tags: { [HOSTILE]: 1 } },
      { tags: { [HOSTILE]: "not an integer" } },
      { [`${"a".repeat(40)}1`]: "propertyNames" },
    ]);
    expect(verdicts).toEqual([
      [false, false],
      [true, true],
      [true, true],
      [true, true],
      [false, false],
    ]);
  }, 60_000);

  it("no pattern a backtracking RegExp could run super-linearly is compiled to a RegExp", () => {
    const source = emitValidatorModule(resultSchema("^(a+)+$"));
    expect(source).not.toContain('new RegExp("^(a+)+$"');
    expect(source).not.toContain('new RegExp("^(?:[a-z]+)+$"');
    expect(source).toContain("new PatternMatcher(true, [");
    // A provably linear pattern keeps the native RegExp: faster, and the same answer.
    expect(emitValidatorModule(resultSchema("^[a-z][a-z0-9]*$"))).toContain('new RegExp("^[a-z][a-z0-9]*$", "u")');
  });
});
