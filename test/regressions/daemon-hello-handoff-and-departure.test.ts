/**
 * Regressions in the hello: a host_handoff refusal in the hello surfaced to the caller instead
 * of being recovered from, and a host that ended the connection during the hello because it was
 * going away was reported as request_not_allowed (right-ctl exit 3, "refused").
 */
import { expect, it } from "vitest";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { failOnUnhandledRejections, rejection } from "../support/rejection.js";
import { hello, ok, scriptedHost } from "../support/scripted-host.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const suite = (): Promise<string> => cleanups.dir();

function clientFor(suiteRoot: string): DemoClient {
  const transport = new DaemonTransport({ suiteRoot });
  cleanups.add(() => transport.close());
  return new DemoClient(transport);
}

it("host_handoff in the hello is a hand-off: discovery is read again and the call goes to the new host", async () => {
  const root = await suite();
  const incumbent = await scriptedHost(root, () => [
    { type: "hello", status: "err", error: { code: "host_handoff", message: "releasing", retryable: true } },
  ]);
  cleanups.add(incumbent.close);
  await incumbent.publish(1);
  const newcomer = await scriptedHost(root, (frame) => (frame["type"] === "hello" ? [hello()] : [ok(frame, { apps: [] })]));
  cleanups.add(newcomer.close);
  const publishing = setTimeout(() => void newcomer.publish(2), 100);
  cleanups.add(async () => clearTimeout(publishing));
  expect(await clientFor(root).apps()).toEqual({ apps: [] });
});

it("a host that closes during the hello and unpublishes was going away: service_unavailable, retryable", async () => {
  const root = await suite();
  let host: Awaited<ReturnType<typeof scriptedHost>> | undefined;
  host = await scriptedHost(root, () => {
    void host?.unpublish();
    return "close";
  });
  cleanups.add(host.close);
  await host.publish(1);
  const error = await rejection(clientFor(root).apps());
  expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: true, details: { reason: "host_gone" } });
});

it("a host that closes during the hello and stays published refuses us: request_not_allowed", async () => {
  const root = await suite();
  const host = await scriptedHost(root, () => "close");
  cleanups.add(host.close);
  await host.publish(1);
  const error = await rejection(clientFor(root).apps());
  expect(error.toJSON()).toMatchObject({
    code: "request_not_allowed",
    retryable: false,
    details: { reason: "closed_before_hello" },
  });
});
