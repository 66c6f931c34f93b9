import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, type ScenarioName } from "../../generator/host/index.js";
import type { ConsentScript } from "../../generator/host/index.js";
import { startHostFixture, type HostFixture } from "../support/host.js";
import { codeRejection } from "../support/rejection.js";

const quick = { timeoutMs: 5000 };
const started: HostFixture[] = [];

afterEach(async () => {
  for (const fixture of started.splice(0)) await fixture.dispose();
});

type Session = { session: string; token: string; app: string };
type Element = { ref: string; role: string; label: string; ops: string[] };

async function host(options: { scenario?: ScenarioName; consent?: ConsentScript } = {}) {
  const fixture = await startHostFixture(options);
  started.push(fixture);
  const call = (method: string, params: object = {}) => fixture.transport.call(method, params, quick);
  const request = async (): Promise<Session> =>
    (await call("demo.request", { app: FIXTURE_APP_ID, agent_name: "tester" })) as Session;
  const elements = async (token: string): Promise<Record<string, Element>> => {
    const snapshot = (await call("demo.snapshot", { token })) as { elements: Element[] };
    return Object.fromEntries(snapshot.elements.map((element) => [element.ref.split("-").pop(), element]));
  };
  return { fixture, call, request, elements };
}

describe("consent and tokens", () => {
  it("lists the fixture app without a token", async () => {
    const { call } = await host();
    await expect(call("demo.apps")).resolves.toEqual({
      apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }],
    });
  });

  it("mints a fresh random token for every approved request", async () => {
    const { request } = await host();
    const [first, second] = [await request(), await request()];
    expect(first.app).toBe(FIXTURE_APP_ID);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.session).not.toBe(second.session);
  });

  it("answers consent_denied when the scripted person refuses, after the scripted delay", async () => {
    const { call } = await host({ consent: { answer: "deny", delayMs: 10 } });
    const error = await codeRejection(call("demo.request", { app: FIXTURE_APP_ID, agent_name: "t" }));
    expect(error).toMatchObject({ code: "consent_denied", retryable: false });
  });

  it("refuses apps outside the catalog with unknown_app", async () => {
    const { call } = await host();
    expect((await codeRejection(call("demo.request", { app: "com.example.other", agent_name: "t" }))).code).toBe("unknown_app");
  });

  it("answers invalid_token for a token it never minted", async () => {
    const { call } = await host();
    expect((await codeRejection(call("demo.snapshot", { token: "forged" }))).code).toBe("invalid_token");
  });

  it("answers host-side invalid params with -32602 and invalid_arguments", async () => {
    const { call } = await host();
    const error = await codeRejection(call("demo.batch", { token: "t", steps: [] }));
    expect(error.code).toBe("invalid_arguments");
    expect((await codeRejection(call("demo.act", { token: "t", ref: "x", op: "hover" }))).code).toBe("invalid_arguments");
  });
});

describe("the fixture app", () => {
  it("shows a capture-safe element tree whose refs belong to the session", async () => {
    const { call, request } = await host();
    const { token } = await request();
    const snapshot = (await call("demo.snapshot", { token })) as {
      capture_state: string;
      elements: Element[];
    };
    expect(snapshot.capture_state).toBe("safe");
    expect(snapshot.elements.map((element) => [element.role, element.ops])).toEqual([
      ["text_field", ["type"]],
      ["button", ["click"]],
      ["secure_text_field", ["type"]],
      ["search_field", ["type", "press"]],
    ]);
    const other = await request();
    const ref = snapshot.elements[1]?.ref;
    const error = await codeRejection(call("demo.act", { token: other.token, ref, op: "click" }));
    expect(error.code).toBe("invalid_arguments");
  });

  it("returns a distinct receipt for every act and blocks the secure field", async () => {
    const { call, request, elements } = await host();
    const { token } = await request();
    const tree = await elements(token);
    const typed = (await call("demo.act", { token, ref: tree.e1?.ref, op: "type", text: "Ada" })) as {
      receipt_id: string;
    };
    const clicked = (await call("demo.act", { token, ref: tree.e2?.ref, op: "click" })) as {
      receipt_id: string;
    };
    const pressed = (await call("demo.act", { token, ref: tree.e4?.ref, op: "press", key: "enter" })) as {
      receipt_id: string;
    };
    expect(new Set([typed.receipt_id, clicked.receipt_id, pressed.receipt_id]).size).toBe(3);
    const blocked = await codeRejection(call("demo.act", { token, ref: tree.e3?.ref, op: "type", text: "hunter2" }));
    expect(blocked.code).toBe("target_blocked");
    expect((await codeRejection(call("demo.act", { token, ref: tree.e1?.ref, op: "type" }))).code).toBe("invalid_arguments");
  });

  it("runs a batch to the end, or stops at the first failing step and says so", async () => {
    const { call, request, elements } = await host();
    const { token } = await request();
    const tree = await elements(token);
    const type = { ref: tree.e1?.ref, op: "type", text: "x" };
    const click = { ref: tree.e2?.ref, op: "click" };
    await expect(call("demo.batch", { token, steps: [type, click] })).resolves.toMatchObject({
      completed: 2,
      failed_step: null,
      error_code: null,
    });
    const stopped = (await call("demo.batch", {
      token,
      steps: [type, { ref: tree.e3?.ref, op: "type", text: "pw" }, click],
    })) as { completed: number; results: unknown[]; failed_step: number; error_code: string };
    expect(stopped).toMatchObject({ completed: 1, failed_step: 1, error_code: "target_blocked" });
    expect(stopped.results).toHaveLength(1);
    const tooMany = Array.from({ length: 21 }, () => click);
    expect((await codeRejection(call("demo.batch", { token, steps: tooMany }))).code).toBe("invalid_arguments");
    await expect(call("demo.batch", { token, steps: tooMany.slice(1) })).resolves.toMatchObject({
      completed: 20,
    });
  });
});

describe("ending a session", () => {
  it("seals the bundle as complete; later calls with the token are session_ended", async () => {
    const { call, request } = await host();
    const { token } = await request();
    const ended = await call("demo.end", { token });
    expect(ended).toMatchObject({ ended: true, bundle_state: "complete", bundle_id: expect.any(String) });
    expect((await codeRejection(call("demo.snapshot", { token }))).code).toBe("session_ended");
    expect((await codeRejection(call("demo.end", { token }))).code).toBe("session_ended");
  });

  it("kills a session from the handle; later calls are session_killed", async () => {
    const { fixture, call, request } = await host();
    const victim = await request();
    const bystander = await request();
    const killed = fixture.host.kill(victim.session);
    expect(killed).toEqual([{ ended: true, bundle_id: expect.any(String), bundle_state: "killed" }]);
    expect((await codeRejection(call("demo.snapshot", { token: victim.token }))).code).toBe("session_killed");
    await expect(call("demo.snapshot", { token: bystander.token })).resolves.toHaveProperty("capture_state", "safe");
  });

  it("kills every active session through host.kill", async () => {
    const { call, request } = await host();
    const [one, two] = [await request(), await request()];
    await call("demo.end", { token: two.token });
    const answer = (await call("host.kill")) as { killed: unknown[] };
    expect(answer.killed).toHaveLength(1);
    expect((await codeRejection(call("demo.act", { token: one.token, ref: "r", op: "click" }))).code).toBe("session_killed");
  });
});

describe("service scenarios", () => {
  it("not_armed: consent works, acting does not (retryable)", async () => {
    const { call, request } = await host({ scenario: "not_armed" });
    const { token } = await request();
    expect(await codeRejection(call("demo.snapshot", { token }))).toMatchObject({
      code: "not_armed",
      retryable: true,
    });
    expect((await codeRejection(call("demo.batch", { token, steps: [{ ref: "r", op: "click" }] }))).code).toBe("not_armed");
    await expect(call("demo.end", { token })).resolves.toHaveProperty("bundle_state", "complete");
  });

  it("capture_unsafe: snapshot is refused and lists nothing", async () => {
    const { call, request } = await host({ scenario: "capture_unsafe" });
    const { token } = await request();
    const error = await codeRejection(call("demo.snapshot", { token }));
    expect(error.toJSON()).toEqual({
      code: "capture_unsafe",
      message: "the target cannot report a capture-safe state",
      retryable: false,
    });
  });

  it.each([
    ["capture_state_unsafe", "unsafe"],
    ["capture_state_masked", "masked"],
    ["capture_state_null", null],
  ] as const)("%s: the host lies with capture_state %s and elements", async (scenario, state) => {
    const { call, request } = await host({ scenario });
    const { token } = await request();
    const snapshot = (await call("demo.snapshot", { token })) as {
      capture_state: unknown;
      elements: unknown[];
    };
    expect(snapshot.capture_state).toBe(state);
    expect(snapshot.elements.length).toBeGreaterThan(0);
  });

  it("capture_state_missing: the host sends elements without capture_state", async () => {
    const { call, request } = await host({ scenario: "capture_state_missing" });
    const { token } = await request();
    const snapshot = (await call("demo.snapshot", { token })) as object;
    expect(snapshot).not.toHaveProperty("capture_state");
    expect(snapshot).toHaveProperty("elements");
  });

  it("malformed_result: every call succeeds with a shape no schema allows", async () => {
    const { call } = await host({ scenario: "malformed_result" });
    await expect(call("demo.apps")).resolves.toMatchObject({ apps: 7, elements: "not-a-list" });
  });

  it("answers unknown methods with -32601 and no data.code", async () => {
    const { call } = await host();
    const error = await codeRejection(call("demo.nothing"));
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", details: { rpcCode: -32601 } });
  });
});
