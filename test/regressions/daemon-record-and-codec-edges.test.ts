/**
 * Regressions found in review: a service.json that is a directory came out as
 * malformed_response (blaming the host); a relative endpoint was followed against the working
 * directory; `error: null` and an event's `id: null` (serde's Option) broke every call.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { failOnUnhandledRejections, rejection } from "../support/rejection.js";
import { classifyFrame, readHostHello, readServiceRecord, recordPath } from "../support/runtime.js";
import { SERVICE, scriptedHost } from "../support/scripted-host.js";
import { writeFile } from "node:fs/promises";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const suite = (): Promise<string> => cleanups.dir();

it("a service.json that is a directory: service_unavailable, not retryable, record_malformed", async () => {
  const root = await suite();
  await mkdir(recordPath(root, SERVICE), { recursive: true, mode: 0o700 });
  const transport = new DaemonTransport({ suiteRoot: root });
  cleanups.add(() => transport.close());
  const error = await rejection(new DemoClient(transport).apps());
  expect(error.toJSON()).toMatchObject({
    code: "service_unavailable",
    retryable: false,
    details: { reason: "record_malformed" },
  });
});

it("a relative endpoint is never followed", async () => {
  const root = await suite();
  await mkdir(join(root, "runtime", SERVICE), { recursive: true, mode: 0o700 });
  await writeFile(recordPath(root, SERVICE), JSON.stringify({ protocol_major: 1, pid: process.pid, endpoint: "host.sock" }), {
    mode: 0o600,
  });
  const error = await rejection(readServiceRecord(root, SERVICE));
  expect(error.details).toMatchObject({ reason: "record_malformed" });
});

it("error: null is no error, and an event's id: null belongs to the call in flight", () => {
  expect(readHostHello({ type: "hello", protocol_major: 1, error: null }, SERVICE)).toEqual({ kind: "accepted" });
  expect(classifyFrame({ type: "response", id: 1, result: { a: 1 }, error: null })).toEqual({
    kind: "result",
    id: 1,
    result: { a: 1 },
  });
  expect(classifyFrame({ type: "event", id: null, event: 1 })).toEqual({ kind: "event", id: undefined, event: 1 });
});

it("a stray frame right after the hello fails the call with that violation, not an internal message", async () => {
  const root = await suite();
  const host = await scriptedHost(root, (frame) =>
    frame["type"] === "hello"
      ? [
          { type: "hello", service: SERVICE, protocol_major: 1 },
          { type: "event", id: 99 },
        ]
      : [],
  );
  cleanups.add(host.close);
  await host.publish(1);
  const transport = new DaemonTransport({ suiteRoot: root });
  cleanups.add(() => transport.close());
  const error = await rejection(new DemoClient(transport).apps());
  expect(error.code).toBe("malformed_response");
  expect(error.message).toContain("no request was in flight");
});
