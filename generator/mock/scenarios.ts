/**
 * `--scenario` for the mock: `error:<method>=<code>` makes one method answer one of the binding's
 * error codes, so a client's error paths can be tested. Read against the plan before anything
 * starts: a method the contract lacks, or a code the binding does not list, is bad input.
 */
import { BindgenError } from "../errors.js";
import { methodNamed, type MockPlan } from "./plan.js";

/** Wire name → the code that method answers, as the error model spells it. */
export type ErrorScenarios = ReadonlyMap<string, string | number>;

const ERROR_SCENARIO = /^error:([^=]+)=(.+)$/;

export function errorScenarios(plan: MockPlan, given: readonly string[]): ErrorScenarios {
  const scenarios = new Map<string, string | number>();
  for (const text of given) {
    const match = ERROR_SCENARIO.exec(text);
    if (match === null) {
      throw new BindgenError("bad_argument", `--scenario needs error:<method>=<code>, got ${JSON.stringify(text)}`);
    }
    const [, name = "", code = ""] = match;
    const method = methodNamed(plan, name);
    if (method === undefined)
      throw new BindgenError("bad_argument", `--scenario: ${plan.id} has no method ${JSON.stringify(name)}`);
    if (!plan.errors.codes.some((entry) => entry.code === code)) {
      const known = plan.errors.codes.map((entry) => entry.code).join(", ") || "none";
      throw new BindgenError(
        "bad_argument",
        `--scenario: ${JSON.stringify(code)} is not one of ${plan.id}'s error codes (its binding lists: ${known})`,
      );
    }
    if (scenarios.has(method.tool)) throw new BindgenError("bad_argument", `--scenario: ${method.tool} is given twice`);
    scenarios.set(method.tool, plan.errors.kind === "jsonrpc" ? Number(code) : code);
  }
  return scenarios;
}
