import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, type HostEvent } from "../../../generator/host/index.js";
import { activeResources, privateTempDir, startHostFixture, type HostFixture } from "../../support/host.js";
import { JsonRpcSocketTransport, RpcError } from "../../support/runtime.js";
import { codeRejection, rejection } from "../../support/rejection.js";

const quick = { timeoutMs: 2000 };
const fixtures: HostFixture[] = [];

async function fixture(options: Parameters<typeof startHostFixture>[0] = {}): Promise<HostFixture> {
  const started = await startHostFixture(options);
  fixtures.push(started);
  return started;
}

afterEach(async () => {
  for (const started of fixtures.splice(0)) await started.dispose();
});

async function openSession(f: HostFixture): Promise<{ token: string; refs: string[] }> {
  const granted = (await f.transport.call("demo.request", { app: FIXTURE_APP_ID, agent_name: "t" }, quick)) as {
    token: string;
  };
  const snapshot = (await f.transport.call("demo.snapshot", { token: granted.token }, quick)) as {
    elements: { ref: string }[];
  };
  return { token: granted.token, refs: snapshot.elements.map((element) => element.ref) };
}

describe("JsonRpcSocketTransport against the conformance host", () => {
  it("multiplexes concurrent calls on one connection", async () => {
    const f = await fixture();
    let connections = 0;
    f.host.events.on("connection", () => (connections += 1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.transport.call("demo.apps", {}, quick)));
    expect(answers).toHaveLength(20);
    expect(connections).toBe(1);
  });

  it("matches answers that arrive out of order by id", async () => {
    const f = await fixture({ outOfOrderWindow: 3 });
    const { token, refs } = await openSession(f);
    f.host.setScenario("out_of_order");
    const [apps, act, snapshot] = await Promise.all([
      f.transport.call("demo.apps", {}, quick),
      f.transport.call("demo.act", { token, ref: refs[1], op: "click" }, quick),
      f.transport.call("demo.snapshot", { token }, quick),
    ]);
    expect(apps).toHaveProperty("apps");
    expect(act).toHaveProperty("receipt_id");
    expect(snapshot).toHaveProperty("capture_state", "safe");
  });

  it("ignores unsolicited notifications between answers", async () => {
    const f = await fixture({ scenario: "notifications" });
    await expect(f.transport.call("demo.apps", {}, quick)).resolves.toHaveProperty("apps");
    await expect(f.transport.call("demo.apps", {}, quick)).resolves.toHaveProperty("apps");
  });

  it("reassembles answers written in 1–5 byte pieces, multi-byte characters included", async () => {
    const f = await fixture();
    const { token } = await openSession(f);
    f.host.setScenario("split_writes");
    const snapshots = await Promise.all([1, 2, 3].map(() => f.transport.call("demo.snapshot", { token }, quick)));
    for (const snapshot of snapshots) {
      expect(JSON.stringify(snapshot)).toContain("Name — full");
      expect(JSON.stringify(snapshot)).toContain("Submit ✓");
    }
  });

  it.each([
    ["garbage_line", "malformed_response"],
    ["unknown_id", "malformed_response"],
    ["oversized_line", "malformed_response"],
    ["drop_mid_call", "service_unavailable"],
  ] as const)("%s fails every pending call with %s and resets the connection", async (scenario, code) => {
    const f = await fixture();
    f.host.setScenario(scenario);
    const errors = await Promise.all([1, 2].map(() => rejection(f.transport.call("demo.apps", {}, quick))));
    for (const error of errors) expect(error.code).toBe(code);
    await f.host.idle();
    f.host.setScenario("normal");
    await expect(f.transport.call("demo.apps", {}, quick)).resolves.toHaveProperty("apps");
  });

  it("a call mid-flight when the host drops is not retryable: the host may have acted", async () => {
    const f = await fixture({ scenario: "drop_mid_call" });
    const dropped = await rejection(f.transport.call("demo.apps", {}, quick));
    expect(dropped).toMatchObject({ code: "service_unavailable", retryable: false });
  });

  it("never_answer ends in timeout within the call's own limit, and the late-answer id is forgotten", async () => {
    const f = await fixture({ scenario: "never_answer" });
    const timers = activeResources("Timeout");
    const error = await rejection(f.transport.call("demo.apps", {}, { timeoutMs: 50 }));
    expect(error.toJSON()).toEqual({
      code: "timeout",
      message: "demo.apps got no answer within 50 ms",
      retryable: true,
      details: { method: "demo.apps", timeoutMs: 50 },
    });
    expect(activeResources("Timeout")).toBeLessThanOrEqual(timers);
  });

  it("drops a late answer to an abandoned call silently and keeps the connection", async () => {
    const f = await fixture({ consent: { answer: "approve", delayMs: 100 } });
    const received = once(f.host.events, "request");
    const answered = once(f.host.events, "answer");
    const gaveUp = new AbortController();
    const late = rejection(
      f.transport.call("demo.request", { app: FIXTURE_APP_ID, agent_name: "slow" }, { timeoutMs: 5000, signal: gaveUp.signal }),
    );
    // Abandoned as soon as the host has the request; its answer is still 100 ms away.
    await received;
    gaveUp.abort();
    expect((await late).code).toBe("aborted");
    const [event] = (await answered) as [HostEvent];
    expect(event.method).toBe("demo.request");
    // The late answer is ahead of this one on the same stream; an unknown-id reset would fail it.
    await expect(f.transport.call("demo.apps", {}, quick)).resolves.toHaveProperty("apps");
    expect(f.host.connectionCount()).toBe(1);
  });

  it("rejects with aborted when the signal fires, before or during the call", async () => {
    const f = await fixture({ scenario: "never_answer" });
    const before = new AbortController();
    before.abort(new Error("changed my mind"));
    let requests = 0;
    f.host.events.on("request", () => (requests += 1));
    const early = await rejection(f.transport.call("demo.apps", {}, { timeoutMs: 5000, signal: before.signal }));
    expect(early).toMatchObject({ code: "aborted", retryable: false });

    const during = new AbortController();
    const received = once(f.host.events, "request");
    const pending = rejection(f.transport.call("demo.apps", {}, { timeoutMs: 5000, signal: during.signal }));
    await received;
    during.abort();
    expect(await pending).toMatchObject({ code: "aborted", retryable: false });
    expect(requests).toBe(1);
  });

  it("close() rejects pending calls with service_unavailable and releases the connection", async () => {
    const f = await fixture({ scenario: "never_answer" });
    const pipes = activeResources("PipeWrap");
    const received = once(f.host.events, "request");
    const pending = rejection(f.transport.call("demo.apps", {}, { timeoutMs: 5000 }));
    await received;
    const timers = activeResources("Timeout");
    await f.transport.close();
    expect(await pending).toMatchObject({ code: "service_unavailable", retryable: false });
    expect(activeResources("Timeout")).toBe(timers - 1);
    await f.host.idle();
    expect(f.host.connectionCount()).toBe(0);
    expect(activeResources("PipeWrap")).toBe(pipes);
    expect(await rejection(f.transport.call("demo.apps", {}, quick))).toMatchObject({
      code: "service_unavailable",
    });
  });

  it("reconnects lazily after the host closed an idle connection", async () => {
    const f = await fixture();
    await f.transport.call("demo.apps", {}, quick);
    f.host.setScenario("drop_mid_call");
    await rejection(f.transport.call("demo.apps", {}, quick));
    await f.host.idle();
    f.host.setScenario("normal");
    await expect(f.transport.call("demo.apps", {}, quick)).resolves.toHaveProperty("apps");
  });
});

describe("host error codes through the transport", () => {
  it("rejects with the server's RpcError as sent: numeric code, message, data", async () => {
    const f = await fixture({ scenario: "demo_disabled" });
    const error = await f.transport.call("demo.apps", {}, quick).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBeTypeOf("number");
    expect((error as RpcError).data).toMatchObject({ code: "demo_disabled" });
  });

  it.each([
    ["demo_disabled", "demo.apps", "demo_disabled", false],
    ["service_unavailable", "demo.apps", "service_unavailable", true],
    ["not_allowed", "demo.apps", "not_allowed", false],
    ["permission_missing", "demo.request", "permission_missing", false],
  ] as const)("scenario %s: %s rejects with %s", async (scenario, method, code, retryable) => {
    const f = await fixture({ scenario });
    const error = await codeRejection(f.transport.call(method, { app: FIXTURE_APP_ID, agent_name: "t" }, quick));
    expect(error).toMatchObject({ code, retryable });
  });

  it("maps a JSON-RPC error without data.code by its numeric code, keeping both in details", async () => {
    const f = await fixture({ scenario: "bare_rpc_error" });
    const error = await codeRejection(f.transport.call("demo.apps", {}, quick));
    expect(error.toJSON()).toEqual({
      code: "service_unavailable",
      message: "Internal error",
      retryable: false,
      details: { rpcCode: -32603, rpcMessage: "Internal error" },
    });
  });

  it("maps host-side invalid params to invalid_arguments", async () => {
    const f = await fixture();
    const error = await codeRejection(f.transport.call("demo.request", { app: 7 }, quick));
    expect(error.code).toBe("invalid_arguments");
  });
});

describe("connecting", () => {
  it("is service_unavailable (retryable) when no socket exists", async () => {
    const temp = await privateTempDir();
    const missing = new JsonRpcSocketTransport({ socketPath: join(temp.dir, "absent.sock") });
    const error = await rejection(missing.call("demo.apps", {}, quick));
    expect(error).toMatchObject({
      code: "service_unavailable",
      retryable: true,
      details: { reason: "ENOENT" },
    });
    await missing.close();
    await temp.remove();
  });

  it("is service_unavailable (retryable) when a dead host left its socket behind", async () => {
    const temp = await privateTempDir();
    const socketPath = join(temp.dir, "stale.sock");
    // A process killed while listening leaves the socket file with nobody behind it.
    const child = spawnSync(process.execPath, [
      "-e",
      `require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, "SIGKILL"))`,
    ]);
    expect(child.signal).toBe("SIGKILL");
    const stale = new JsonRpcSocketTransport({ socketPath });
    const error = await rejection(stale.call("demo.apps", {}, quick));
    expect(error).toMatchObject({
      code: "service_unavailable",
      retryable: true,
      details: { reason: "ECONNREFUSED" },
    });
    await stale.close();
    await temp.remove();
  });
});
