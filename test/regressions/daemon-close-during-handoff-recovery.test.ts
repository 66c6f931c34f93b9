/**
 * Regression: close() woke only queued calls; a call recovering from a hand-off (re-reading
 * discovery, backing off) went on for up to 10 s after close() and then failed as retryable.
 */
import { expect, it } from "vitest";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { failOnUnhandledRejections, rejection } from "../support/rejection.js";
import { handoff, hello, scriptedHost, type ScriptedHost } from "../support/scripted-host.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

it("close() ends a call that is waiting for a new host after a hand-off, with the closed error", async () => {
  const suite = await cleanups.dir();
  let host: ScriptedHost | undefined;
  const handedOff = new Promise<void>((resolve) => {
    void scriptedHost(suite, (frame) => {
      if (frame["type"] === "hello") return [hello()];
      // Hand off and unpublish, with no successor: the client waits for one.
      void host?.unpublish();
      resolve();
      return [handoff(frame)];
    }).then(async (started) => {
      host = started;
      cleanups.add(started.close);
      await started.publish(1);
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const transport = new DaemonTransport({ suiteRoot: suite });
  const pending = rejection(new DemoClient(transport).apps({}, { timeoutMs: 30_000 }));
  await handedOff;
  await transport.close();
  const error = await pending;
  expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: false });
  expect(error.message).toContain("closed");
});
