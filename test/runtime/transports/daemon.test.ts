/**
 * DemoClient over rightkit-daemon's own protocol, against the conformance host on real sockets
 * and real discovery files: finding the host through service.json, the hello and its refusals,
 * events, the connection pool, hand-off and takeover, and every discovery fault.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chown, lstat, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DaemonTransport, DemoClient, FIXTURE_APP_ID } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { startHost, type DaemonHostHandle, type ScenarioName } from "../../../generator/host/index.js";
import { activeResources, startDaemonFixture, type DaemonFixture } from "../../support/host.js";
import { failOnUnhandledRejections, rejection } from "../../support/rejection.js";
import { recordPath } from "../../support/runtime.js";
import { cleanupAfterEach } from "../../support/cleanups.js";

const SERVICE = "rightkit.agent.demo";
const cleanups = cleanupAfterEach();
failOnUnhandledRejections();
afterEach(() => {
  vi.unstubAllEnvs();
});

async function daemon(
  options: Parameters<typeof startDaemonFixture>[0] = {},
  transport: Parameters<typeof startDaemonFixture>[1] = {},
): Promise<DaemonFixture & { client: DemoClient }> {
  const fixture = await startDaemonFixture(options, transport);
  cleanups.add(fixture.dispose);
  return { ...fixture, client: new DemoClient(fixture.transport) };
}

const suite = (): Promise<string> => cleanups.dir();

function clientFor(suiteRoot: string, options: { app?: string; maxConnections?: number } = {}): DemoClient {
  const client = new DemoClient(new DaemonTransport({ ...options, suiteRoot }));
  cleanups.add(() => client.close());
  return client;
}

async function publish(suiteRoot: string, record: Record<string, unknown>): Promise<void> {
  await mkdir(join(suiteRoot, "runtime", SERVICE), { recursive: true, mode: 0o700 });
  await writeFile(recordPath(suiteRoot, SERVICE), JSON.stringify(record), { mode: 0o600 });
}

describe("finding the host", () => {
  it("new DemoClient() finds a host started by `rightkit-bindgen host --suite-root DIR` through RIGHTKIT_SUITE_ROOT", async () => {
    const root = await suite();
    const bin = fileURLToPath(new URL("../../../generator/bin/rightkit-bindgen.js", import.meta.url));
    const child = spawn(process.execPath, [bin, "host", "--suite-root", root], { stdio: ["ignore", "pipe", "inherit"] });
    cleanups.add(async () => {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    });
    const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
    expect(line).toContain(recordPath(root, SERVICE));

    vi.stubEnv("RIGHTKIT_SUITE_ROOT", root);
    const client = new DemoClient();
    cleanups.add(() => client.close());
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    expect((await client.apps()).apps.map((app) => app.id)).toContain(FIXTURE_APP_ID);
    const { elements } = await client.snapshot({ token });
    const field = elements.find((element) => element.role === "text_field");
    const button = elements.find((element) => element.role === "button");
    if (field === undefined || button === undefined) throw new Error("the fixture lost its elements");
    await client.act({ token, ref: field.ref, op: "type", text: "Ada" });
    const batch = await client.batch({ token, steps: [{ ref: button.ref, op: "click" }] });
    expect(batch).toMatchObject({ completed: 1, failed_step: null });
    expect(await client.end({ token })).toMatchObject({ ended: true, bundle_state: "complete" });
  });

  it("says hello as right-ctl, the one app the host's allowlist knows, and never commits two requests on one connection", async () => {
    const { client, host } = await daemon({ allowlist: { "right-ctl": ["demo.*"] } });
    await Promise.all(Array.from({ length: 25 }, () => client.apps()));
    expect(host.protocolViolations()).toBe(0);
  });

  it("an unknown app label is refused with request_not_allowed, not retryable", async () => {
    const { suiteRoot } = await daemon();
    const client = clientFor(suiteRoot, { app: "cutright-cli" });
    const error = await rejection(client.apps());
    expect(error.toJSON()).toMatchObject({ code: "request_not_allowed", retryable: false });
  });

  it("a known app calling a method it may not call is refused with request_not_allowed", async () => {
    const { suiteRoot } = await daemon({ allowlist: { "right-ctl": ["demo.apps"] } });
    const client = clientFor(suiteRoot);
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    const error = await rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }));
    expect(error.toJSON()).toMatchObject({ code: "request_not_allowed", retryable: false });
  });
});

describe("the host's hello", () => {
  const refusals: [ScenarioName, string, string | undefined][] = [
    ["hello_refused", "request_not_allowed", undefined],
    ["hello_close", "request_not_allowed", "closed_before_hello"],
    ["hello_wrong_service", "service_unavailable", "wrong_service"],
    ["hello_wrong_major", "service_unavailable", "protocol_major"],
  ];
  for (const [scenario, code, reason] of refusals) {
    it(`${scenario}: ${code}, not retryable, nothing sent, no timer left`, async () => {
      const { client, host, transport } = await daemon({ scenario });
      const timers = activeResources("Timeout");
      let requests = 0;
      host.events.on("request", () => requests++);
      const error = await rejection(client.apps());
      expect(error.toJSON()).toMatchObject({ code, retryable: false });
      // undefined: the host refused outright, so there is no reason of the transport's own.
      expect((error.details as { reason?: unknown } | undefined)?.reason).toBe(reason);
      expect(requests).toBe(0);
      await transport.close();
      expect(activeResources("Timeout")).toBeLessThanOrEqual(timers);
    });
  }
});

describe("events", () => {
  it("demo.request's consent-pending event reaches onEvent before the answer", async () => {
    const { client } = await daemon({ consent: { answer: "approve", delayMs: 100 } });
    const seen: unknown[] = [];
    const session = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }, { onEvent: (event) => seen.push(event) });
    expect(session.app).toBe(FIXTURE_APP_ID);
    expect(seen).toEqual([expect.objectContaining({ kind: "consent_pending" })]);
  });

  it("are dropped without onEvent, and a listener that throws does not break the call", async () => {
    const { client } = await daemon({ scenario: "events" });
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    let calls = 0;
    const result = await client.apps(
      {},
      {
        onEvent: () => {
          calls++;
          throw new Error("a listener bug");
        },
      },
    );
    expect(result.apps.length).toBeGreaterThan(0);
    expect(calls).toBe(3);
  });
});

describe("the connection pool", () => {
  it("a demo.request waiting for a person does not hold up other calls", async () => {
    // The person never answers within the test: every other call must still complete.
    const { client, transport, host } = await daemon({ consent: { answer: "approve", delayMs: 600_000 } });
    const asked = once(host.events, "request");
    const pending = rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }));
    await asked;
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    await transport.close();
    expect((await pending).code).toBe("service_unavailable");
  });

  // Regression: the first concurrent calls each took a slot only once connected, so all 30 passed the limit.
  it("opens at most maxConnections, even for concurrent first calls; the rest wait their turn and all complete", async () => {
    const { client, host } = await daemon({}, { maxConnections: 2 });
    let most = 0;
    host.events.on("connection", () => {
      most = Math.max(most, host.connectionCount());
    });
    const results = await Promise.all(Array.from({ length: 30 }, () => client.apps()));
    expect(results).toHaveLength(30);
    expect(most).toBeLessThanOrEqual(2);
    expect(host.protocolViolations()).toBe(0);
  });

  it("a call that times out while queued behind a silent host ends in time, and nothing leaks", async () => {
    const { client, transport } = await daemon({ scenario: "never_answer" }, { maxConnections: 1 });
    const timers = activeResources("Timeout");
    const first = rejection(client.apps({}, { timeoutMs: 150 }));
    const queued = rejection(client.apps({}, { timeoutMs: 60 }));
    expect((await queued).code).toBe("timeout");
    expect((await first).code).toBe("timeout");
    await transport.close();
    expect(activeResources("Timeout")).toBeLessThanOrEqual(timers);
  });

  it("close() fails calls in flight and queued with service_unavailable and is final", async () => {
    const { client, transport, host } = await daemon({ scenario: "never_answer" }, { maxConnections: 1 });
    const sent = once(host.events, "request");
    const inFlight = rejection(client.apps());
    const queued = rejection(client.apps());
    await sent;
    await transport.close();
    expect((await inFlight).toJSON()).toMatchObject({ code: "service_unavailable", retryable: false });
    expect((await queued).code).toBe("service_unavailable");
    expect((await rejection(client.apps())).code).toBe("service_unavailable");
  });
});

describe("frames over the 16 MiB cap", () => {
  it("params that cannot be framed are invalid_arguments before any connection", async () => {
    const { client, host } = await daemon();
    let connections = 0;
    host.events.on("connection", () => connections++);
    const error = await rejection(client.act({ token: "t", ref: "r", op: "type", text: "x".repeat(16 * 1024 * 1024) }));
    expect(error.toJSON()).toMatchObject({ code: "invalid_arguments", retryable: false });
    expect(error.details).toMatchObject({ limitBytes: 16 * 1024 * 1024 });
    expect(connections).toBe(0);
  });
});

describe("hand-off", () => {
  it("host_handoff from the same host: discovery is read again and the call resubmitted, unseen by the caller", async () => {
    const { client, host } = await daemon({ scenario: "handoff_once" });
    let requests = 0;
    host.events.on("request", () => requests++);
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    expect(requests).toBe(2);
  });

  it("takeover: a higher-ranked host takes over mid-call; the call finds the new record and succeeds", async () => {
    const root = await suite();
    const first = await startHost({
      suiteRoot: root,
      rank: 10,
      consent: { answer: "approve", delayMs: 5_000 },
      takeoverPollMs: 20,
    });
    cleanups.add(() => first.close());
    const client = clientFor(root);
    const started = once(first.events, "request");
    const pending = client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    await started;
    const second: DaemonHostHandle = await startHost({ suiteRoot: root, rank: 1, takeoverPollMs: 20 });
    cleanups.add(() => second.close());
    let servedBySecond = 0;
    second.events.on("request", () => servedBySecond++);
    const session = await pending;
    expect(session.app).toBe(FIXTURE_APP_ID);
    expect(await first.handedOff).toMatchObject({ rank: 1 });
    expect(servedBySecond).toBe(1);
    // The token belongs to the new host's session.
    expect((await client.snapshot({ token: session.token })).capture_state).toBe("safe");
  });
});

describe("discovery faults", () => {
  let timers = 0;
  beforeEach(() => {
    timers = activeResources("Timeout");
  });
  afterEach(async () => {
    // Clients and hosts closed first: nothing the call armed may remain.
    await cleanups.runAll();
    expect(activeResources("Timeout")).toBeLessThanOrEqual(timers);
  });

  it("a record whose pid is dead: service_unavailable, retryable", async () => {
    const root = await suite();
    const child = spawn(process.execPath, ["-e", ""]);
    const pid = child.pid as number;
    await once(child, "exit");
    await publish(root, { protocol_major: 1, service: SERVICE, pid, endpoint: join(root, "gone.sock") });
    const error = await rejection(clientFor(root).apps());
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: true, details: { reason: "stale_record" } });
  });

  it("a record of another major: service_unavailable, not retryable", async () => {
    const root = await suite();
    await publish(root, { protocol_major: 2, service: SERVICE, pid: process.pid, endpoint: join(root, "x.sock") });
    const error = await rejection(clientFor(root).apps());
    expect(error.toJSON()).toMatchObject({
      code: "service_unavailable",
      retryable: false,
      details: { reason: "protocol_major" },
    });
  });

  it("a malformed record: service_unavailable, not retryable", async () => {
    const root = await suite();
    await mkdir(join(root, "runtime", SERVICE), { recursive: true, mode: 0o700 });
    await writeFile(recordPath(root, SERVICE), '{"protocol_major": 1, "endpoint": ', { mode: 0o600 });
    const error = await rejection(clientFor(root).apps());
    expect(error.toJSON()).toMatchObject({
      code: "service_unavailable",
      retryable: false,
      details: { reason: "record_malformed" },
    });
  });

  it("an endpoint that refuses connections: service_unavailable, retryable", async () => {
    const root = await suite();
    const endpoint = join(root, "crashed.sock");
    // A socket file with no listener behind it, as a host killed with SIGKILL leaves it.
    const crashing = spawn(
      process.execPath,
      ["-e", `require("node:net").createServer().listen(${JSON.stringify(endpoint)}, () => console.log("up"))`],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    await once(createInterface({ input: crashing.stdout }), "line");
    const exited = once(crashing, "exit");
    crashing.kill("SIGKILL");
    await exited;
    expect((await lstat(endpoint)).isSocket()).toBe(true);
    await publish(root, { protocol_major: 1, service: SERVICE, pid: process.pid, endpoint });
    const error = await rejection(clientFor(root).apps());
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: true, details: { reason: "ECONNREFUSED" } });
  });

  it("an endpoint owned by another user is never connected to", async () => {
    const { host, suiteRoot } = await daemon();
    await chown(host.endpoint, 54321, 54321);
    let connections = 0;
    host.events.on("connection", () => connections++);
    const error = await rejection(clientFor(suiteRoot).apps());
    expect(error.toJSON()).toMatchObject({
      code: "service_unavailable",
      retryable: false,
      details: { reason: "socket_not_owned" },
    });
    expect(connections).toBe(0);
  });

  it("a host that has gone (record removed on exit): service_unavailable, retryable", async () => {
    const { client, host, suiteRoot } = await daemon();
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    await host.close();
    const error = await rejection(clientFor(suiteRoot).apps());
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: true, details: { reason: "no_record" } });
  });
});
