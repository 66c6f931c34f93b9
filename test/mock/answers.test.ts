/**
 * The mock's answers, in process (generator/mock/): judged by the contract's own validators,
 * deterministic in the seed, the method and the params, the schema's first example when it has
 * one, and never an answer its own result validator refuses.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgedSchemas, MockAnswers, MockBug } from "../../generator/mock/answers.js";
import { mockPlan, type MockPlan } from "../../generator/mock/plan.js";
import { errorScenarios } from "../../generator/mock/scenarios.js";
import { compileValidators } from "../../generator/values/validators.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { AGENTCLI, DEMO } from "./support.js";

const cleanups = cleanupAfterEach();

async function answersFor(plan: MockPlan, seed: number, scenarios: readonly string[] = []): Promise<MockAnswers> {
  const validators = await compileValidators(plan.graph, judgedSchemas(plan), plan.int64);
  return new MockAnswers(plan, validators, { seed, scenarios: errorScenarios(plan, scenarios) });
}

/** The demo contract with `examples` added to the result of each method named, in a directory of its own. */
async function demoWithExamples(examples: Record<string, unknown[]>): Promise<string> {
  const dir = await cleanups.dir();
  const schema = JSON.parse(readFileSync("contract/rightkit.agent.demo.v1.schema.json", "utf8")) as {
    $defs: Record<string, { result: Record<string, unknown> }>;
  };
  for (const [method, values] of Object.entries(examples)) {
    const entry = schema.$defs[method];
    if (entry !== undefined) entry.result.examples = values;
  }
  writeFileSync(join(dir, "rightkit.agent.demo.v1.schema.json"), JSON.stringify(schema));
  writeFileSync(join(dir, "rightkit.agent.demo.v1.binding.json"), readFileSync("contract/rightkit.agent.demo.v1.binding.json"));
  return join(dir, "rightkit.agent.demo.v1.schema.json");
}

describe("the mock's answers", () => {
  const demo = mockPlan({ contract: DEMO });

  it("are the same for the same seed, method and params, and differ under another seed", async () => {
    const [one, again, other] = await Promise.all([answersFor(demo, 1), answersFor(demo, 1), answersFor(demo, 2)]);
    const params = { app: "x", agent_name: "y" };
    expect(one.answer("demo.apps", {})).toEqual(again.answer("demo.apps", {}));
    expect(one.answer("demo.apps", {})).not.toEqual(other.answer("demo.apps", {}));
    // A linked param the source never issued is refused alike by both.
    expect(one.answer("demo.request", params)).toEqual(again.answer("demo.request", params));
  });

  it("refuse params their validator refuses with the invalid-arguments code and its issue", async () => {
    const answers = await answersFor(demo, 0);
    const answer = answers.answer("demo.batch", { token: "t", steps: [] });
    expect(answer).toMatchObject({ ok: false, code: "invalid_arguments" });
    expect(answer.ok ? [] : answer.issues).toEqual([expect.objectContaining({ instancePath: "/steps" })]);
    expect(answers.answer("demo.nothing", {})).toMatchObject({ ok: false, code: "unknown_method" });
  });

  it("speak the JSON-RPC error model's numbers for agentcli: -32602 for bad params, -32601 for an unknown method", async () => {
    const agentcli = mockPlan({ contract: AGENTCLI });
    const answers = await answersFor(agentcli, 0, ["error:agentcli.ping=-32000"]);
    expect(answers.answer("agentcli.describe", [])).toMatchObject({ ok: false, code: -32602 });
    expect(answers.answer("agentcli.nothing", {})).toMatchObject({ ok: false, code: -32601 });
    expect(answers.answer("agentcli.ping", {})).toMatchObject({ ok: false, code: -32000 });
    expect(answers.answer("agentcli.version", {})).toMatchObject({ ok: true, result: { ok: true } });
  });

  it("answer the result schema's first example when it has examples", async () => {
    const contract = await demoWithExamples({ apps: [{ apps: [{ id: "a", name: "A" }] }, { apps: [] }] });
    const answers = await answersFor(mockPlan({ contract }), 3);
    expect(answers.answer("demo.apps", {})).toEqual({ ok: true, result: { apps: [{ id: "a", name: "A" }] } });
    // …and what the example issues is issued: app "a" is accepted, app "b" is not.
    expect(answers.answer("demo.request", { app: "a", agent_name: "n" })).toMatchObject({ ok: true });
    expect(answers.answer("demo.request", { app: "b", agent_name: "n" })).toMatchObject({ ok: false, code: "unknown_app" });
  });

  it("never answer outside their own contract: an example the result validator refuses is the mock's bug", async () => {
    const contract = await demoWithExamples({ apps: [{ apps: "none" }] });
    const answers = await answersFor(mockPlan({ contract }), 0);
    expect(() => answers.answer("demo.apps", {})).toThrow(MockBug);
  });
});
