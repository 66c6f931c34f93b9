/**
 * A busy DaemonTransport pool hands a released connection to the next waiting call in the same
 * turn as the answer is read. What that must not change: first come, first served; one request
 * in flight per connection; and a frame that breaks the protocol right after a response kills
 * that connection before anyone else is sent on it.
 */
import { expect, it } from "vitest";
import { DaemonTransport } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { failOnUnhandledRejections } from "../../support/rejection.js";
import { hello, ok, SERVICE, scriptedHost, type Frame } from "../../support/scripted-host.js";
import { cleanupAfterEach } from "../../support/cleanups.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const ROUTE = { service: SERVICE, app: "right-ctl" };

async function transportOn(script: Parameters<typeof scriptedHost>[1], maxConnections: number): Promise<DaemonTransport> {
  const root = await cleanups.dir();
  const host = await scriptedHost(root, script);
  cleanups.add(host.close);
  await host.publish(1);
  const transport = new DaemonTransport({ suiteRoot: root, maxConnections });
  cleanups.add(() => transport.close());
  return transport;
}

it("calls queued on one connection are sent first come, first served, one at a time, each answered with its own result", async () => {
  const seen: unknown[] = [];
  let inFlight = 0;
  let most = 0;
  const transport = await transportOn((frame, socket) => {
    if (frame["type"] === "hello") return [hello()];
    seen.push((frame["params"] as { n: number }).n);
    inFlight += 1;
    most = Math.max(most, inFlight);
    // Answered on a later turn, so every other call is in line by then.
    setImmediate(() => {
      inFlight -= 1;
      socket.write(`${JSON.stringify(ok(frame, { n: (frame["params"] as { n: number }).n }))}\n`);
    });
    return [];
  }, 1);
  const calls = Array.from({ length: 20 }, (_, n) => transport.call("demo.apps", { n }, { timeoutMs: 10_000, route: ROUTE }));
  expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
  expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
  expect(most).toBe(1);
});

it("a stray frame in the same chunk as a response: that call keeps its answer, and the next call goes on a new connection", async () => {
  let connections = 0;
  const transport = await transportOn((frame: Frame, socket) => {
    if (frame["type"] === "hello") {
      connections += 1;
      return [hello()];
    }
    const n = (frame["params"] as { n: number }).n;
    if (n === 0) {
      // One write: the response and a frame for no request in flight reach the client together.
      socket.write(`${JSON.stringify(ok(frame, { n }))}\n${JSON.stringify({ type: "event", id: 99 })}\n`);
      return [];
    }
    return [ok(frame, { n })];
  }, 1);
  const first = transport.call("demo.apps", { n: 0 }, { timeoutMs: 10_000, route: ROUTE });
  const second = transport.call("demo.apps", { n: 1 }, { timeoutMs: 10_000, route: ROUTE });
  expect(await first).toEqual({ n: 0 });
  expect(await second).toEqual({ n: 1 });
  expect(connections).toBe(2);
});
