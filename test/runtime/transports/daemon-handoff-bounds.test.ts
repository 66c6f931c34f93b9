/**
 * The hand-off give-up bounds of DaemonTransport (docs/transports.md, "rightkit-daemon,
 * the demo's transport" → Hand-off): a call is resubmitted after each `host_handoff` until more than 3
 * distinct hosts have handed it off, or 10 s of recovery have passed; then it fails with the
 * host's own `host_handoff`. Real hosts on real Unix sockets and service.json records: a chain of
 * conformance hosts taking the service over from one another, and a scripted host that hands
 * off every call while its record stays (on a fake clock, so the 10 s are the runtime's own).
 */
import { readFile } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, expect, it, vi } from "vitest";
import { DaemonTransport, DemoClient, FIXTURE_APP_ID } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { startHost, type DaemonHostHandle } from "../../../generator/host/index.js";
import { cleanupAfterEach } from "../../support/cleanups.js";
import { failOnUnhandledRejections, rejection } from "../../support/rejection.js";
import { recordPath } from "../../support/runtime.js";
import { handoff, hello, scriptedHost, SERVICE } from "../../support/scripted-host.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();
afterEach(() => {
  vi.useRealTimers();
});

/** What the conformance host answers a call it hands off. */
const HOST_HANDOFF = {
  code: "host_handoff",
  message: "this host is handing the service over; re-read service.json and resubmit",
  retryable: true,
};

it("a call handed off by 3 distinct hosts reaches a 4th; when the 4th hands off too it fails host_handoff, and a 5th host is never contacted", async () => {
  const suiteRoot = await cleanups.dir();
  // Lower rank wins: each host takes the service over from the one before it. A call waits for
  // consent at each, until the next host's takeover makes it answer host_handoff.
  const ranks = [50, 40, 30, 20, 10];
  const started: Promise<DaemonHostHandle>[] = [];
  const requests = ranks.map(() => 0);
  const connections = ranks.map(() => 0);
  cleanups.add(async () => {
    for (const host of await Promise.allSettled(started)) if (host.status === "fulfilled") await host.value.close();
  });
  const start = (index: number): void => {
    const host = startHost({
      suiteRoot,
      rank: ranks[index] as number,
      takeoverPollMs: 20,
      // The last host would answer at once: if the bound let the call reach it, the call succeeds and the test fails fast.
      consent: index === ranks.length - 1 ? { answer: "approve" } : { answer: "approve", delayMs: 600_000 },
    });
    started[index] = host;
    void host.then((handle) => {
      handle.events.on("connection", () => connections[index]!++);
      handle.events.on("request", ({ method }: { method: string }) => {
        if (method !== "demo.request") return;
        requests[index]!++;
        // The call is here: the next host takes over, which makes this one hand the call off.
        if (index + 1 < ranks.length) start(index + 1);
      });
    });
  };
  start(0);
  await started[0];

  const transport = new DaemonTransport({ suiteRoot });
  cleanups.add(() => transport.close());
  const error = await rejection(
    new DemoClient(transport).request({ app: FIXTURE_APP_ID, agent_name: "bot" }, { timeoutMs: 30_000 }),
  );

  expect(error.toJSON()).toMatchObject(HOST_HANDOFF);
  expect(requests).toEqual([1, 1, 1, 1, 0]);
  // The 5th host did serve (its record is the one discovery reads now), and no connection ever reached it.
  const fifth = await (started[4] as Promise<DaemonHostHandle>);
  expect(JSON.parse(await readFile(recordPath(suiteRoot, SERVICE), "utf8"))).toMatchObject({ endpoint: fifth.endpoint });
  expect(connections[4]).toBe(0);
  expect(connections.slice(0, 4)).toEqual([1, 1, 1, 1]);
});

it("a host that always hands off, its record staying: the call fails host_handoff once 10 s of recovery have passed, not before", async () => {
  const suite = await cleanups.dir();
  // Only the clock the transport measures and sleeps by is fake; sockets and files are real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  const handoffsAt: number[] = [];
  const host = await scriptedHost(suite, (frame) => {
    if (frame["type"] === "hello") return [hello()];
    handoffsAt.push(performance.now());
    return [handoff(frame)];
  });
  cleanups.add(host.close);
  await host.publish(1);
  const transport = new DaemonTransport({ suiteRoot: suite });
  cleanups.add(() => transport.close());

  let failedAt: number | undefined;
  const call = new DemoClient(transport).apps({}, { timeoutMs: 60_000 });
  const failure = rejection(call.finally(() => (failedAt = performance.now())));

  /**
   * Real turns of the event loop until the transport waits on the fake clock again (its backoff
   * timer beside the call's deadline) or the call has ended: between two moves of the clock,
   * every socket and file operation it started has finished, so no fake time passes during them.
   */
  const untilWaitingOnTheClock = async (): Promise<void> => {
    const giveUpAt = Date.now() + 10_000;
    while (failedAt === undefined && vi.getTimerCount() < 2) {
      if (Date.now() > giveUpAt) throw new Error(`the transport neither slept nor ended (${vi.getTimerCount()} timers)`);
      await nextTurn();
    }
  };
  /** Moves the clock to `at` in 10 ms steps, the shortest backoff, letting the transport finish its I/O after each. */
  const advanceTo = async (at: number): Promise<void> => {
    while (performance.now() < at) {
      await vi.advanceTimersByTimeAsync(Math.min(10, at - performance.now()));
      await untilWaitingOnTheClock();
    }
  };

  await untilWaitingOnTheClock();
  expect(handoffsAt).toHaveLength(1);
  const since = handoffsAt[0] as number;
  await advanceTo(since + 9_999);
  // Just short of the bound: still recovering. The old host was called again each time its
  // grace ran out (after 1 s, then 2 s, then 4 s), and each time it handed off again.
  expect(failedAt).toBeUndefined();
  expect(handoffsAt.map((at) => at - since)).toEqual([0, 1_060, 3_120, 7_180]);

  // The first look at discovery past the bound gives up: at most one backoff (250 ms) later.
  await advanceTo(since + 10_250);
  // Checked before awaiting: a call still pending here would otherwise wait for a clock nobody moves.
  expect(failedAt, "the call is still pending 10.25 s into the recovery").toBeDefined();
  const error = await failure;
  expect(error.toJSON()).toMatchObject({ code: "host_handoff", message: "releasing", retryable: true });
  expect((failedAt as number) - since).toBeGreaterThanOrEqual(10_000);
  expect((failedAt as number) - since).toBeLessThanOrEqual(10_250);
  expect(handoffsAt).toHaveLength(4);
});
