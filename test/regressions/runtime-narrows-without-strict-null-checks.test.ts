/**
 * Regression (issue 19): under a consumer's `strict: false` the runtime did not compile (10
 * errors). Without strictNullChecks `if (!result.ok)` does not narrow a `{ ok: true; value } |
 * { ok: false; issues }` result to its failure, so `result.issues` is no property (TS2339), and
 * `id !== undefined && !isId(id)` leaves an `unknown` unnarrowed (TS2322, TS2345). The runtime now
 * tests `ok === false` and narrows with guards and functions that return the narrowed type, which
 * read the same under every setting; a consumer's own code can do as the runtime does.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { compileUnder, consumerPackage, describeDiagnostics, writeTree } from "../support/consumer-settings.js";

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-loose-runtime-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A consumer's code narrowing a validator's result the way ValidationResult's comment says. */
const USE = `import type { ValidationResult } from "./generated/runtime/index.js";
export function issueCount(result: ValidationResult<number>): number {
  if (result.ok === false) return result.issues.length;
  return result.value;
}
`;

it("compiles the committed runtime, and a use of ValidationResult, with strict: false", { timeout: 60_000 }, async () => {
  consumerPackage(root);
  cpSync("generated/runtime", join(root, "generated", "runtime"), { recursive: true });
  writeTree(root, [["use.ts", USE]]);
  const diagnostics = await compileUnder(root, "loose", ["generated/runtime/**/*.ts", "use.ts"]);
  expect(describeDiagnostics(diagnostics)).toBe("");
});
