/**
 * The contract's caller-side rules, enforced by the generated DemoClient: validation before
 * connecting, result validation, capture-safe fail-closed, per-tool timeouts and abort, and
 * every transport fault ending in its own ToolError within its timeout, leaking nothing.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  DaemonTransport,
  DemoClient,
  FIXTURE_APP_ID,
  TIMEOUTS_MS,
  TOOLS,
  ToolError,
  type Step,
} from "../../../generated/rightkit.agent.demo.v1/index.js";
import type { ScenarioName } from "../../../generator/host/scenarios.js";
import { activeResources, privateTempDir, startDaemonFixture, type DaemonFixture } from "../../support/host.js";
import { failOnUnhandledRejections, rejection } from "../../support/rejection.js";

let fixture: DaemonFixture | undefined;

failOnUnhandledRejections();
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

async function connect(scenario: ScenarioName = "normal", consent?: { answer: "approve"; delayMs: number }) {
  fixture = await startDaemonFixture(consent === undefined ? { scenario } : { scenario, consent });
  return { client: new DemoClient(fixture.transport), host: fixture.host };
}

const step: Step = { ref: "e1", op: "click" };

describe("params are validated before any connection", () => {
  const cases: [string, (client: DemoClient) => Promise<unknown>][] = [
    ["a batch of 0 steps", (c) => c.batch({ token: "t", steps: [] })],
    ["a batch of 21 steps", (c) => c.batch({ token: "t", steps: Array.from({ length: 21 }, () => step) })],
    ["a missing token", (c) => c.snapshot({} as never)],
    ["an op outside the enum", (c) => c.act({ token: "t", ref: "e1", op: "hover" as never })],
    ["params that are not an object", (c) => c.end("token" as never)],
  ];
  for (const [name, call] of cases) {
    it(`${name}: invalid_arguments with the issues, and no connection opened`, async () => {
      const { client, host } = await connect();
      const error = await rejection(call(client));
      expect(error.code).toBe("invalid_arguments");
      expect(Array.isArray(error.details) && error.details.length).toBeGreaterThan(0);
      expect(host.connectionCount()).toBe(0);
    });
  }

  it("names the offending JSON pointer in the issues", async () => {
    const { client } = await connect();
    const error = await rejection(client.batch({ token: "t", steps: Array.from({ length: 21 }, () => step) }));
    expect(error.details).toEqual([expect.objectContaining({ instancePath: "/steps", keyword: "maxItems" })]);
  });
});

describe("the token", () => {
  it("is an argument on every call; the client keeps no state but its transport", async () => {
    const { client } = await connect();
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
    await client.snapshot({ token });
    expect(JSON.stringify(client)).not.toContain(token);
    expect(Object.getOwnPropertyNames(client)).toEqual([]);
  });

  it("is never written to disk: the client and runtime have no file-writing code", () => {
    const sources = [
      "generated/rightkit.agent.demo.v1/client.ts",
      "generated/runtime/transports/socket-path.ts",
      "generated/runtime/transports/socket.ts",
      "generated/runtime/transports/daemon/connection.ts",
      "generated/runtime/transports/daemon/record.ts",
      "generated/runtime/transports/daemon/suite.ts",
      "generated/runtime/transports/daemon/transport.ts",
    ];
    for (const file of sources) {
      expect(readFileSync(file, "utf8")).not.toMatch(/\b(writeFile|appendFile|createWriteStream|mkdir)\w*\(/);
    }
  });
});

describe("results", () => {
  it("a wrong shape is malformed_response with the issues in details", async () => {
    const { client } = await connect("malformed_result");
    const error = await rejection(client.apps());
    expect(error.code).toBe("malformed_response");
    expect(Array.isArray(error.details)).toBe(true);
  });

  for (const scenario of [
    "capture_state_unsafe",
    "capture_state_masked",
    "capture_state_missing",
    "capture_state_null",
  ] as const) {
    it(`capture-safe: ${scenario} becomes capture_unsafe and no element reaches the caller`, async () => {
      const { client } = await connect(scenario);
      const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "bot" });
      const error = await rejection(client.snapshot({ token }));
      expect(error.code).toBe("capture_unsafe");
      const everything = JSON.stringify({ error, json: error.toJSON(), message: error.message, details: error.details });
      expect(everything).not.toMatch(/Submit|Password|text_field|"ref"/);
    });
  }
});

describe("timeouts and abort", () => {
  it("defaults: 600 s for request, 30 s for every other tool", () => {
    expect(TIMEOUTS_MS).toEqual({ request: 600_000, apps: 30_000, snapshot: 30_000, act: 30_000, batch: 30_000, end: 30_000 });
    expect(Object.values(TOOLS).sort()).toEqual([
      "demo.act",
      "demo.apps",
      "demo.batch",
      "demo.end",
      "demo.request",
      "demo.snapshot",
    ]);
  });

  it("a per-call timeout rejects with timeout and gives up that lock-step connection; the next call opens another", async () => {
    const { client, host } = await connect("normal", { answer: "approve", delayMs: 300 });
    let connections = 0;
    host.events.on("connection", () => connections++);
    const error = await rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }, { timeoutMs: 50 }));
    expect(error.toJSON()).toMatchObject({ code: "timeout", retryable: true });
    // The abandoned connection is closed at once, so the host sees it go (and may cancel the work).
    await host.idle();
    expect((await client.apps()).apps.length).toBeGreaterThan(0);
    expect(connections).toBe(2);
    expect(host.protocolViolations()).toBe(0);
  });

  it("an AbortSignal rejects with aborted", async () => {
    const { client } = await connect("never_answer");
    const controller = new AbortController();
    const pending = rejection(client.apps({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect((await pending).code).toBe("aborted");
  });
});

describe("transport faults through the client", () => {
  const faults: [ScenarioName, string][] = [
    ["garbage_line", "malformed_response"],
    ["oversized_line", "malformed_response"],
    ["unknown_id", "malformed_response"],
    ["unknown_frame_type", "malformed_response"],
    ["drop_mid_call", "service_unavailable"],
    ["never_answer", "timeout"],
  ];
  for (const [scenario, code] of faults) {
    it(`${scenario} → ${code}, within the call's timeout, leaking no timer or socket`, async () => {
      // Counted with the host already up: its takeover watch keeps a timer of its own.
      const { client } = await connect(scenario);
      const timersBefore = activeResources("Timeout");
      const error = await rejection(client.apps({}, { timeoutMs: 2_000 }));
      expect(error.code).toBe(code);
      await client.close();
      await fixture?.host.idle();
      expect(activeResources("Timeout")).toBeLessThanOrEqual(timersBefore);
    });
  }

  for (const scenario of ["split_writes", "events", "ok_flag"] as const) {
    it(`${scenario}: concurrent calls all get their own answers, never two in flight on one connection`, async () => {
      const { client, host } = await connect(scenario);
      const results = await Promise.all([client.apps(), client.apps(), client.apps()]);
      for (const result of results) expect(result.apps.map((a) => a.id)).toContain(FIXTURE_APP_ID);
      expect(host.protocolViolations()).toBe(0);
    });
  }

  it("no host published in the suite is service_unavailable, retryable", async () => {
    const temp = await privateTempDir();
    const client = new DemoClient(new DaemonTransport({ suiteRoot: temp.dir }));
    const error = await rejection(client.apps());
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: true, details: { reason: "no_record" } });
    expect(error).toBeInstanceOf(ToolError);
    await client.close();
    await temp.remove();
  });
});
