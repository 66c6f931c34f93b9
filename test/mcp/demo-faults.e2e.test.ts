/**
 * What an MCP client sees when the demo host makes it wait, refuses, lies or goes away:
 * progress (the consent-pending event, then heartbeats that keep a client's timeout from
 * firing), cancellation during the consent wait, the capture-safe rule failing closed, an
 * unknown code passed through, and a host that is gone. Each test has its own host and server,
 * both ended in afterEach; no server process outlives its test.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, startHost, type DaemonHostHandle, type DaemonHostOptions } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { errorOf, startMcp, type McpSession } from "../support/mcp.js";

const SLOW = { timeout: 60_000 };
const cleanups = cleanupAfterEach();
const REQUEST = { app: FIXTURE_APP_ID, agent_name: "bot" };

async function served(
  options: Omit<DaemonHostOptions, "suiteRoot">,
  extra: string[] = [],
): Promise<{ host: DaemonHostHandle; mcp: McpSession }> {
  const suiteRoot = await cleanups.dir();
  const host = await startHost({ consent: { answer: "approve" }, ...options, suiteRoot });
  cleanups.add(() => host.close());
  const mcp = await startMcp(["--contract", "rightkit.agent.demo.v1", "--suite-root", suiteRoot, ...extra]);
  cleanups.add(async () => void (await mcp.close()));
  return { host, mcp };
}

/** `promise`, or a clear failure once `ms` have passed; the timer never outlives the race. */
async function within<T>(ms: number, promise: Promise<T>, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(failure)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("mcp over the demo host: waiting, refusals and faults", () => {
  it("forwards consent_pending as progress, then heartbeats that keep a resetting client waiting", SLOW, async () => {
    const { mcp } = await served({ consent: { answer: "approve", delayMs: 1500 } }, ["--heartbeat", "200"]);
    const messages: string[] = [];
    // A 700 ms timeout, shorter than the person takes: only the heartbeat's progress keeps it from firing.
    const result = await mcp.client.callTool({ name: "demo_request", arguments: REQUEST }, undefined, {
      timeout: 700,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: 10_000,
      onprogress: (progress) => messages.push(progress.message ?? ""),
    });
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(messages[0] as string)).toEqual({ kind: "consent_pending", app: FIXTURE_APP_ID });
    expect(messages.slice(1).length).toBeGreaterThanOrEqual(3);
    for (const beat of messages.slice(1)) expect(beat).toMatch(/^still waiting \(\d+ s\)$/);
  });

  it("sends no progress to a caller that sent no progress token", SLOW, async () => {
    const { mcp } = await served({ consent: { answer: "approve", delayMs: 600 } }, ["--heartbeat", "100"]);
    let notified = 0;
    mcp.client.fallbackNotificationHandler = async () => void notified++;
    const result = await mcp.client.callTool({ name: "demo_request", arguments: REQUEST });
    expect(result.isError).toBeUndefined();
    expect(notified).toBe(0);
  });

  it("aborts the host call when the MCP client cancels during the consent wait", SLOW, async () => {
    const { host, mcp } = await served({ consent: { answer: "approve", delayMs: 30_000 } });
    const answered: string[] = [];
    host.events.on("answer", ({ method }: { method: string }) => answered.push(method));
    const cancel = new AbortController();
    const started = performance.now();
    const call = mcp.client.callTool({ name: "demo_request", arguments: REQUEST }, undefined, {
      signal: cancel.signal,
      onprogress: () => cancel.abort("the agent changed its mind"),
    });
    await expect(call).rejects.toThrow();
    // The client's connection is closed at once, so the host is left with none long before the person answers.
    await within(10_000, host.idle(), "the host call was not aborted");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answered).toEqual([]);
    // The server is still serving.
    expect((await mcp.client.callTool({ name: "demo_apps", arguments: {} })).isError).toBeUndefined();
  });

  it("ends by itself, closing the host connection, when the MCP client goes away mid-call", SLOW, async () => {
    const suiteRoot = await cleanups.dir();
    const host = await startHost({ consent: { answer: "approve", delayMs: 30_000 }, suiteRoot });
    cleanups.add(() => host.close());
    const mcp = await startMcp(["--contract", "rightkit.agent.demo.v1", "--suite-root", suiteRoot]);
    const waiting = new Promise<void>((resolve) => host.events.once("request", () => resolve()));
    const call = mcp.client.callTool({ name: "demo_request", arguments: REQUEST }).catch((error: unknown) => error);
    await waiting;
    expect(await mcp.close()).toBeLessThan(2000);
    await within(10_000, host.idle(), "the server left its host connection open");
    expect(await call).toBeInstanceOf(Error);
    expect(mcp.stderr()).not.toMatch(/error/i);
  });

  it(
    "fails closed: a snapshot the host says is not capture-safe, and one from a lying host, are capture_unsafe",
    SLOW,
    async () => {
      for (const scenario of ["capture_unsafe", "capture_state_masked"] as const) {
        const { mcp } = await served({ scenario });
        const { structuredContent } = await mcp.client.callTool({ name: "demo_request", arguments: REQUEST });
        const refused = await mcp.client.callTool({
          name: "demo_snapshot",
          arguments: { token: (structuredContent as { token: string }).token },
        });
        expect(errorOf(refused), scenario).toEqual({ code: "capture_unsafe", message: expect.any(String), retryable: false });
        expect(refused.structuredContent).toBeUndefined();
        expect(JSON.stringify(refused)).not.toContain("Password");
      }
    },
  );

  it("passes a code the contract does not know through unchanged", SLOW, async () => {
    const { mcp } = await served({ scenario: "not_allowed" });
    expect(errorOf(await mcp.client.callTool({ name: "demo_apps", arguments: {} }))).toMatchObject({ code: "not_allowed" });
  });

  it("says malformed_response for an answer of the wrong shape", SLOW, async () => {
    const { mcp } = await served({ scenario: "malformed_result" });
    expect(errorOf(await mcp.client.callTool({ name: "demo_apps", arguments: {} }))).toMatchObject({
      code: "malformed_response",
    });
  });

  it("answers service_unavailable once the host has gone away, and keeps serving", SLOW, async () => {
    const { host, mcp } = await served({});
    expect((await mcp.client.callTool({ name: "demo_apps", arguments: {} })).isError).toBeUndefined();
    await host.close();
    for (let i = 0; i < 2; i++) {
      expect(errorOf(await mcp.client.callTool({ name: "demo_apps", arguments: {} }))).toMatchObject({
        code: "service_unavailable",
      });
    }
  });
});
