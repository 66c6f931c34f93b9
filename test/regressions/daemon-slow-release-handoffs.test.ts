/**
 * Regression: after a hand-off the old host was called again every second while its record
 * stayed, and each new host_handoff counted against the limit of 3, so an incumbent that took
 * a few seconds to release made the caller see host_handoff long before its deadline.
 */
import { expect, it } from "vitest";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { handoff, hello, ok, scriptedHost } from "../support/scripted-host.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

it("an incumbent that keeps its record for 3.5 s while handing off: the call reaches the new host", async () => {
  const suite = await cleanups.dir();
  let handoffs = 0;
  const incumbent = await scriptedHost(suite, (frame) => {
    if (frame["type"] === "hello") return [hello()];
    handoffs += 1;
    return [handoff(frame)];
  });
  cleanups.add(incumbent.close);
  await incumbent.publish(1);
  const newcomer = await scriptedHost(suite, (frame) =>
    frame["type"] === "hello" ? [hello()] : [ok(frame, { apps: [{ id: "a", name: "A" }] })],
  );
  cleanups.add(newcomer.close);
  const release = setTimeout(() => void newcomer.publish(2), 3500);
  cleanups.add(async () => clearTimeout(release));

  const transport = new DaemonTransport({ suiteRoot: suite });
  cleanups.add(() => transport.close());
  const result = await new DemoClient(transport).apps({}, { timeoutMs: 30_000 });
  expect(result.apps).toEqual([{ id: "a", name: "A" }]);
  // Called again after 1 s and 2 s more, not every second: three answers in all.
  expect(handoffs).toBe(3);
});
