/**
 * DemoClient end to end over its real transport, rightkit-daemon discovery and lock-step frames
 * on a Unix socket, against the conformance host: every tool, and every error code of the
 * contract's table surfaced as a ToolError with that code.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DemoClient, FIXTURE_APP_ID, type SnapshotElement } from "../../../generated/rightkit.agent.demo.v1/index.js";
import type { ScenarioName } from "../../../generator/host/scenarios.js";
import { startDaemonFixture, type DaemonFixture } from "../../support/host.js";
import { rejection } from "../../support/rejection.js";

let fixture: DaemonFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

async function connect(
  options: { scenario?: ScenarioName; consent?: { answer: "approve" | "deny" } } = {},
): Promise<{ client: DemoClient; fixture: DaemonFixture }> {
  fixture = await startDaemonFixture(options);
  return { client: new DemoClient(fixture.transport), fixture };
}

const byRole = (elements: readonly SnapshotElement[], role: string): SnapshotElement => {
  const found = elements.find((e) => e.role === role);
  if (found === undefined) throw new Error(`no ${role} in the snapshot`);
  return found;
};

describe("a whole session through every tool", () => {
  it("request → apps → snapshot → act → batch → end, then the token is dead", async () => {
    const { client } = await connect();
    const apps = await client.apps();
    expect(apps.apps.map((a) => a.id)).toContain(FIXTURE_APP_ID);

    const session = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    expect(session.app).toBe(FIXTURE_APP_ID);
    const { token } = session;

    const snapshot = await client.snapshot({ token });
    expect(snapshot.capture_state).toBe("safe");
    const field = byRole(snapshot.elements, "text_field");
    const button = byRole(snapshot.elements, "button");

    const receipt = await client.act({ token, ref: field.ref, op: "type", text: "Ada" });
    expect(receipt.receipt_id).toEqual(expect.any(String));

    const batch = await client.batch({
      token,
      steps: [
        { ref: field.ref, op: "type", text: "x" },
        { ref: button.ref, op: "click" },
      ],
    });
    expect(batch).toMatchObject({ completed: 2, failed_step: null, error_code: null });
    expect(batch.results).toHaveLength(2);

    const ended = await client.end({ token });
    expect(ended).toMatchObject({ ended: true, bundle_state: "complete" });
    expect((await rejection(client.snapshot({ token }))).code).toBe("session_ended");
  });

  it("a batch that stops at a failing step resolves with failed_step and error_code", async () => {
    const { client } = await connect();
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    const { elements } = await client.snapshot({ token });
    const field = byRole(elements, "text_field");
    const secure = byRole(elements, "secure_text_field");
    const batch = await client.batch({
      token,
      steps: [
        { ref: field.ref, op: "type", text: "a" },
        { ref: secure.ref, op: "type", text: "hunter2" },
        { ref: field.ref, op: "type", text: "b" },
      ],
    });
    expect(batch).toMatchObject({ completed: 1, failed_step: 1, error_code: "target_blocked" });
    expect(batch.results).toHaveLength(1);
  });
});

describe("every error code of the contract", () => {
  const hostScenarios: [string, ScenarioName][] = [
    ["demo_disabled", "demo_disabled"],
    ["permission_missing", "permission_missing"],
    ["service_unavailable", "service_unavailable"],
    ["malformed_response", "malformed_result"],
  ];
  for (const [code, scenario] of hostScenarios) {
    it(`${code} (host scenario ${scenario})`, async () => {
      const { client } = await connect({ scenario });
      const error = await rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }));
      expect(error.code).toBe(code);
    });
  }

  it("consent_denied: the person refuses and no session exists", async () => {
    const { client } = await connect({ consent: { answer: "deny" } });
    expect((await rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }))).code).toBe("consent_denied");
  });

  it("invalid_token: a token the host never minted", async () => {
    const { client } = await connect();
    expect((await rejection(client.snapshot({ token: "made-up" }))).code).toBe("invalid_token");
  });

  it("session_killed: the kill control ends the session", async () => {
    const { client, fixture: host } = await connect();
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    expect(host.host.kill()).toEqual([expect.objectContaining({ bundle_state: "killed" })]);
    expect((await rejection(client.snapshot({ token }))).code).toBe("session_killed");
  });

  it("unknown_app: an app id outside the demo catalog", async () => {
    const { client } = await connect();
    expect((await rejection(client.request({ app: "app.example.other", agent_name: "bot" }))).code).toBe("unknown_app");
  });

  it("not_armed: consent given, session not armed", async () => {
    const { client } = await connect({ scenario: "not_armed" });
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    expect((await rejection(client.snapshot({ token }))).code).toBe("not_armed");
  });

  it("target_blocked: acting on a secure field", async () => {
    const { client } = await connect();
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    const secure = byRole((await client.snapshot({ token })).elements, "secure_text_field");
    expect((await rejection(client.act({ token, ref: secure.ref, op: "type", text: "x" }))).code).toBe("target_blocked");
  });

  it("capture_unsafe: the host refuses the snapshot", async () => {
    const { client } = await connect({ scenario: "capture_unsafe" });
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    expect((await rejection(client.snapshot({ token }))).code).toBe("capture_unsafe");
  });

  it("invalid_arguments from the host: op type without text (the schema allows it, the host does not)", async () => {
    const { client } = await connect();
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    const field = byRole((await client.snapshot({ token })).elements, "text_field");
    expect((await rejection(client.act({ token, ref: field.ref, op: "type" }))).code).toBe("invalid_arguments");
  });

  it("an unknown code from the transport passes through unchanged", async () => {
    const { client } = await connect({ scenario: "not_allowed" });
    const error = await rejection(client.apps());
    expect(error.code).toBe("not_allowed");
  });

  it("retryable comes from the host", async () => {
    const { client } = await connect({ scenario: "service_unavailable" });
    expect((await rejection(client.apps())).toJSON()).toMatchObject({ code: "service_unavailable", retryable: true });
  });
});
