/**
 * Regression: a queued call woken for a free slot that ended before it ran (two calls expiring
 * in one sweep) swallowed the wake-up, and the next queued call waited for its own timeout with
 * the slot free.
 */
import { afterEach, expect, it } from "vitest";
import { DemoClient, FIXTURE_APP_ID } from "../../generated/rightkit.agent.demo.v1/index.js";
import { startDaemonFixture, type DaemonFixture } from "../support/host.js";
import { failOnUnhandledRejections, rejection } from "../support/rejection.js";

let fixture: DaemonFixture | undefined;
failOnUnhandledRejections();
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

it("a slot freed by a call whose waiter timed out in the same sweep goes to the next waiting call", async () => {
  fixture = await startDaemonFixture({ consent: { answer: "approve", delayMs: 60_000 } }, { maxConnections: 1 });
  const client = new DemoClient(fixture.transport);
  // Same timeout, same tick: both expire in one sweep. The first holds the one connection.
  const holding = rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }, { timeoutMs: 150 }));
  const waiting = rejection(client.apps({}, { timeoutMs: 150 }));
  const next = client.apps({}, { timeoutMs: 20_000 });
  expect((await holding).code).toBe("timeout");
  expect((await waiting).code).toBe("timeout");
  // Before the fix this timed out after 20 s; a timeout here fails the test.
  expect((await next).apps.map((app) => app.id)).toContain(FIXTURE_APP_ID);
});

it("an abort shared by a holder and a waiter passes the freed slot on", async () => {
  fixture = await startDaemonFixture({ consent: { answer: "approve", delayMs: 60_000 } }, { maxConnections: 1 });
  const client = new DemoClient(fixture.transport);
  const controller = new AbortController();
  const holding = rejection(client.request({ app: FIXTURE_APP_ID, agent_name: "bot" }, { signal: controller.signal }));
  const waiting = rejection(client.apps({}, { signal: controller.signal }));
  const next = client.apps({}, { timeoutMs: 20_000 });
  setTimeout(() => controller.abort(), 50);
  expect((await holding).code).toBe("aborted");
  expect((await waiting).code).toBe("aborted");
  expect((await next).apps.length).toBeGreaterThan(0);
});
