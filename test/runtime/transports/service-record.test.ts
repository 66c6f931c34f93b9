/** Discovery records on real files: what counts as no service (retryable) and what is refused outright. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, chown, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privateTempDir } from "../../support/host.js";
import { readServiceRecord, recordPath, type ToolError } from "../../support/runtime.js";
import { rejection } from "../../support/rejection.js";

const SERVICE = "rightkit.example";
let suite: { dir: string; remove(): Promise<void> };
beforeEach(async () => {
  suite = await privateTempDir();
});
afterEach(() => suite.remove());

const processStartedMs = (): number => Math.round(Date.now() - process.uptime() * 1000);

async function publish(record: unknown): Promise<string> {
  const path = recordPath(suite.dir, SERVICE);
  await mkdir(join(suite.dir, "runtime", SERVICE), { recursive: true, mode: 0o700 });
  await writeFile(path, typeof record === "string" ? record : JSON.stringify(record), { mode: 0o600 });
  return path;
}

const good = (): Record<string, unknown> => ({
  protocol_major: 1,
  protocol_minor: 0,
  service: SERVICE,
  pid: process.pid,
  endpoint: "/tmp/somewhere.sock",
  started_ms: 5,
  process_started_ms: processStartedMs(),
});

async function refusal(): Promise<ToolError> {
  return rejection(readServiceRecord(suite.dir, SERVICE));
}

describe("readServiceRecord", () => {
  it("reads <suite>/runtime/<service>/service.json of a live host", async () => {
    const path = await publish({ ...good(), role: "x", rank: 3, version: "1", heartbeat_ms: 1, state: "serving" });
    expect(path).toBe(join(suite.dir, "runtime", SERVICE, "service.json"));
    const record = await readServiceRecord(suite.dir, SERVICE);
    expect(record).toMatchObject({ endpoint: "/tmp/somewhere.sock", pid: process.pid });
  });

  it("accepts HeardRight's records, which omit service and process_started_ms", async () => {
    const { service: _s, process_started_ms: _p, ...heardRight } = good();
    await publish(heardRight);
    expect((await readServiceRecord(suite.dir, SERVICE)).endpoint).toBe("/tmp/somewhere.sock");
  });

  it("tells one publication from the next by pid, endpoint and start time", async () => {
    await publish(good());
    const first = await readServiceRecord(suite.dir, SERVICE);
    await publish({ ...good(), started_ms: 6 });
    expect((await readServiceRecord(suite.dir, SERVICE)).identity).not.toBe(first.identity);
  });

  it("no record: service_unavailable, retryable", async () => {
    expect((await refusal()).toJSON()).toMatchObject({
      code: "service_unavailable",
      retryable: true,
      details: { reason: "no_record" },
    });
  });

  it("a dead pid: service_unavailable, retryable (a stale record)", async () => {
    const child = spawn(process.execPath, ["-e", ""]);
    const pid = child.pid as number;
    await once(child, "exit");
    await publish({ ...good(), pid, process_started_ms: undefined });
    expect((await refusal()).toJSON()).toMatchObject({
      code: "service_unavailable",
      retryable: true,
      details: { reason: "stale_record" },
    });
  });

  it("a live pid that started at another time: a reused pid, so a stale record", async () => {
    await publish({ ...good(), process_started_ms: processStartedMs() - 3_600_000 });
    expect((await refusal()).details).toMatchObject({ reason: "stale_record" });
  });

  it.each([
    ["not JSON", "{ nope", "record_malformed"],
    ["not an object", "[1]", "record_malformed"],
    ["another protocol major", { ...good(), protocol_major: 2 }, "protocol_major"],
    ["no protocol major", { ...good(), protocol_major: undefined }, "protocol_major"],
    ["another service", { ...good(), service: "someone.else" }, "wrong_service"],
    ["no endpoint", { ...good(), endpoint: "" }, "record_malformed"],
    ["a pid that is not a process id", { ...good(), pid: -4 }, "record_malformed"],
  ])("%s: refused, not retryable", async (_, record, reason) => {
    await publish(record);
    const error = await refusal();
    expect(error.toJSON()).toMatchObject({ code: "service_unavailable", retryable: false, details: { reason } });
  });

  it("a record of another user is never followed", async () => {
    const path = await publish(good());
    await chown(path, 54321, 54321);
    expect((await refusal()).details).toMatchObject({ reason: "record_not_owned" });
  });

  it("a record others may write is never followed", async () => {
    const path = await publish(good());
    await chmod(path, 0o622);
    expect((await refusal()).details).toMatchObject({ reason: "record_writable_by_others" });
  });

  it("a service name that is not one plain path segment is refused before any file is read", () => {
    for (const name of ["../etc", "a/b", "", ".hidden", "a\\b"]) {
      expect(() => recordPath(suite.dir, name), name).toThrow(expect.objectContaining({ code: "service_unavailable" }));
    }
  });
});
