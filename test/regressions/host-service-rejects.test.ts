/**
 * Regression (review): on the daemon host, a service whose handle() threw or rejected left its
 * request unanswered with the connection marked busy, so that connection was wedged for good.
 */
import { EventEmitter } from "node:events";
import { expect, it } from "vitest";
import { startDaemonHost, type DaemonHost } from "../../generator/host/core/daemon-host.js";
import type { Service } from "../../generator/host/core/service.js";
import { success } from "../../generator/host/core/outcome.js";
import { call, HELLO } from "../host/support/daemon.js";
import { RawClient } from "../host/support/raw-client.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();

const FAILING: Service = {
  name: "rightkit.example.failing",
  handle: (method) => {
    if (method === "x.throws") throw new Error("a bug in the service");
    if (method === "x.rejects") return Promise.reject(new Error("a bug in the service"));
    return success({ fine: true });
  },
  stop: () => undefined,
};

it("a service that throws or rejects gets its call answered internal_error, and the connection serves on", async () => {
  const suite = await cleanups.dir();
  const host: DaemonHost = await startDaemonHost({
    service: FAILING,
    suiteRoot: suite,
    rank: 100,
    role: "test",
    version: "0",
    endpoint: undefined,
    scenario: () => "normal",
    allowlist: { "right-ctl": ["x.*"] },
    handshakeTimeoutMs: 10_000,
    takeoverPollMs: 1000,
    takeoverTimeoutMs: 15_000,
    handoffGraceMs: 5000,
    peerCheck: undefined,
    events: new EventEmitter(),
  });
  cleanups.add(() => host.close());
  const client = await RawClient.connect(host.endpoint);
  cleanups.add(() => client.close());
  client.send(HELLO);
  expect(await client.nextFrame()).toMatchObject({ type: "hello" });
  for (const [id, method] of [
    [1, "x.throws"],
    [2, "x.rejects"],
  ] as const) {
    const { response } = await call(client, id, method);
    expect(response).toMatchObject({ type: "response", id, status: "err", error: { code: "internal_error", retryable: false } });
    expect(JSON.stringify(response)).not.toContain("a bug in the service");
  }
  const { response } = await call(client, 3, "x.fine");
  expect(response).toMatchObject({ id: 3, status: "ok", result: { fine: true } });
  expect(host.protocolViolations()).toBe(0);
});
