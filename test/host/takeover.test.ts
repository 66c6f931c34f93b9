import { EventEmitter, once } from "node:events";
import { mkdir, readdir } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { Connection } from "../../generator/host/core/connection.js";
import { openDaemonSession } from "../../generator/host/core/daemon-session.js";
import { writeJsonAtomic } from "../../generator/host/core/json-file.js";
import { success } from "../../generator/host/core/outcome.js";
import { takeoverApplies } from "../../generator/host/core/takeover.js";
import { DEMO_ALLOWLIST, FIXTURE_APP_ID, startHost } from "../../generator/host/index.js";
import { call, DaemonFixtures, deadPid, HELLO, readJson } from "./support/daemon.js";

const fixtures = new DaemonFixtures();
const servers: Server[] = [];
afterEach(async () => {
  await fixtures.cleanup();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const quick = { takeoverPollMs: 20 };
const SERVICE_DIR = join("runtime", "rightkit.agent.demo");

describe("takeover by rank", () => {
  it("hands a call waiting for consent off, then the newcomer's record replaces the incumbent's and it serves", async () => {
    const suiteRoot = await fixtures.suite();
    const incumbent = await fixtures.host({ suiteRoot, rank: 10, consent: { answer: "approve", delayMs: 600_000 }, ...quick });
    const { client } = await fixtures.helloed(incumbent);
    const idle = (await fixtures.helloed(incumbent)).client;
    client.send({ type: "request", id: 1, method: "demo.request", params: { app: FIXTURE_APP_ID, agent_name: "t" } });
    expect(await client.nextFrame()).toEqual({ type: "event", id: 1, event: { kind: "consent_pending", app: FIXTURE_APP_ID } });

    const newcomer = startHost({ suiteRoot, rank: 1, ...quick });
    expect(await client.nextFrame()).toEqual({
      type: "response",
      id: 1,
      status: "err",
      error: {
        code: "host_handoff",
        message: "this host is handing the service over; re-read service.json and resubmit",
        retryable: true,
      },
    });
    expect(await incumbent.handedOff).toEqual({ pid: process.pid, rank: 1 });
    const successor = fixtures.adopt(await newcomer);
    await client.closed();
    await idle.closed();

    const record = await readJson(successor.recordPath);
    expect(record).toMatchObject({ rank: 1, endpoint: successor.endpoint, pid: process.pid });
    expect(successor.endpoint).not.toBe(incumbent.endpoint);
    expect((await readdir(join(suiteRoot, SERVICE_DIR))).sort()).toEqual(
      [successor.endpoint.slice(join(suiteRoot, SERVICE_DIR).length + 1), "service.json"].sort(),
    );
    const { client: resubmitted } = await fixtures.helloed(successor);
    const { events, response } = await call(resubmitted, 1, "demo.request", { app: FIXTURE_APP_ID, agent_name: "t" });
    expect(events).toEqual([{ kind: "consent_pending", app: FIXTURE_APP_ID }]);
    expect(response).toMatchObject({ status: "ok", result: { app: FIXTURE_APP_ID } });
    // Closing the host that handed off touches nothing of its successor's.
    await incumbent.close();
    expect(await readJson(successor.recordPath)).toEqual(record);
  });

  it.each([10, 50])("refuses a newcomer of rank %i while a live host of rank 10 serves", async (rank) => {
    const suiteRoot = await fixtures.suite();
    const incumbent = await fixtures.host({ suiteRoot, rank: 10, ...quick });
    await expect(startHost({ suiteRoot, rank, ...quick })).rejects.toThrow(
      `rightkit.agent.demo is already served by pid ${process.pid} (rank 10) at ${incumbent.endpoint}; ` +
        `rank ${rank} does not outrank it (a lower rank wins)`,
    );
    expect(await readJson(incumbent.recordPath)).toEqual(incumbent.record);
    expect(await readdir(join(suiteRoot, SERVICE_DIR))).not.toContain("takeover.json");
    const { client } = await fixtures.helloed(incumbent);
    expect((await call(client, 1, "ping")).response).toMatchObject({ status: "ok" });
  });

  it("gives up, withdrawing its request, when the incumbent never hands over", async () => {
    const suiteRoot = await fixtures.suite();
    const serviceDir = join(suiteRoot, SERVICE_DIR);
    await mkdir(serviceDir, { recursive: true, mode: 0o700 });
    // A live incumbent that does not watch for takeovers: a bare listener behind a record.
    const endpoint = join(suiteRoot, "deaf.sock");
    const deaf = createServer((socket) => socket.destroy());
    servers.push(deaf);
    await new Promise<void>((resolve) => deaf.listen(endpoint, resolve));
    await writeJsonAtomic(join(serviceDir, "service.json"), {
      protocol_major: 1,
      pid: process.pid,
      rank: 50,
      endpoint,
      started_ms: 1,
    });
    await expect(startHost({ suiteRoot, rank: 1, takeoverTimeoutMs: 100, ...quick })).rejects.toThrow(
      `pid ${process.pid} (rank 50) did not hand the service over within 100 ms`,
    );
    expect(await readdir(serviceDir)).toEqual(["service.json"]);
  });
});

describe("a takeover request", () => {
  const host = { rank: 10, nonce: "mine" };
  const request = { service: "rightkit.agent.demo", rank: 1, pid: process.pid, nonce: "theirs", requested_ms: 1 };

  it("applies when a live requester outranks the host", () => {
    expect(takeoverApplies(request, host)).toBe(true);
  });

  it.each([
    ["the host's own", { nonce: "mine" }],
    ["one of an equal rank", { rank: 10 }],
    ["one of a worse rank", { rank: 11 }],
  ])("is ignored when it is %s", (_, change) => {
    expect(takeoverApplies({ ...request, ...change }, host)).toBe(false);
  });

  it("is ignored when its author is gone (killed while it waited)", async () => {
    expect(takeoverApplies({ ...request, pid: await deadPid() }, host)).toBe(false);
  });
});

describe("a host handing off", () => {
  it("answers every new request host_handoff, ping included", async () => {
    const handoff = new AbortController();
    handoff.abort();
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.setEncoding("utf8").on("data", (text: string) => written.push(text));
    const service = { name: "rightkit.agent.demo", handle: () => success("served"), stop: () => undefined };
    new Connection({ input, output, drop: () => input.destroy(), end: async () => undefined }, 1024, (connection) =>
      openDaemonSession(connection, {
        service,
        identity: { service: service.name, role: "test", version: "0" },
        allowlist: DEMO_ALLOWLIST,
        scenario: () => "normal",
        handshakeTimeoutMs: 1000,
        events: new EventEmitter(),
        handoff: handoff.signal,
        violation: () => undefined,
        takeHandoffOnce: () => false,
        track: () => undefined,
      }),
    );
    input.write(`${JSON.stringify(HELLO)}\n`);
    input.write(`${JSON.stringify({ type: "request", id: 1, method: "demo.apps", params: {} })}\n`);
    input.write(`${JSON.stringify({ type: "request", id: 2, method: "ping", params: {} })}\n`);
    input.end();
    await once(input, "end");
    const frames = written
      .join("")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(frames.map((frame) => [frame["type"], frame["id"], (frame["error"] as { code?: string } | undefined)?.code])).toEqual([
      ["hello", undefined, undefined],
      ["response", 1, "host_handoff"],
      ["response", 2, "host_handoff"],
    ]);
  });
});

describe("what a host leaves behind", () => {
  // A poll left running is always either waiting (Timeout) or reading (FSReqPromise).
  const KINDS = ["Timeout", "FSReqPromise", "PipeWrap", "PipeServerWrap", "ProcessWrap"] as const;
  const resources = (): Record<string, number> =>
    Object.fromEntries(KINDS.map((kind) => [kind, process.getActiveResourcesInfo().filter((name) => name === kind).length]));

  it("nothing: no timer, socket or child process once closed, a hand-off and a waiting call included", async () => {
    const before = resources();
    const suiteRoot = await fixtures.suite();
    const incumbent = await fixtures.host({ suiteRoot, rank: 10, consent: { answer: "approve", delayMs: 600_000 }, ...quick });
    const { client } = await fixtures.helloed(incumbent);
    client.send({ type: "request", id: 1, method: "demo.request", params: { app: FIXTURE_APP_ID, agent_name: "t" } });
    await client.nextFrame();
    const successor = fixtures.adopt(await startHost({ suiteRoot, rank: 1, ...quick }));
    await incumbent.handedOff;
    const { client: second } = await fixtures.helloed(successor, "right-ctl");
    second.send({ type: "request", id: 1, method: "demo.request", params: { app: FIXTURE_APP_ID, agent_name: "t" } });
    await second.nextFrame();
    await fixtures.cleanup();
    const after = resources();
    for (const kind of KINDS) expect(after[kind], kind).toBeLessThanOrEqual(before[kind] ?? 0);
  });
});
