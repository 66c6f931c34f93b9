/**
 * `rightkit-bindgen mock` end to end: conform finds the mock of each contract conforming (the demo
 * over --suite-root, agentcli over --stdio, and a notes service made up for this test), the demo's generated client completes a session
 * against it and then meets the ended code, and `--scenario error:…` turns a method's answer into
 * that error for the client. The mock runs as its own process, as a person starts it.
 */
import { once } from "node:events";
import { access } from "node:fs/promises";
import { createConnection } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections, rejection } from "../support/rejection.js";
import { ALL_CALLS, conformJson, failing } from "../conform/support.js";
import { AGENTCLI, DEMO, spawnMock, stdioMockServer } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const gone = (path: string): Promise<boolean> =>
  access(path).then(
    () => false,
    () => true,
  );

/** A demo mock in a fresh suite root, and a client of the generated binding pointed at it. */
async function demoMock(...more: string[]): Promise<{ client: DemoClient; record: string; stop(): Promise<number | null> }> {
  const suiteRoot = await cleanups.dir();
  const mock = await spawnMock(cleanups, ["--contract", DEMO, "--suite-root", suiteRoot, ...more]);
  expect(mock.started).toContain("serving rightkit.agent.demo");
  const transport = new DaemonTransport({ suiteRoot });
  cleanups.add(() => transport.close());
  return {
    client: new DemoClient(transport),
    record: join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json"),
    stop: mock.stop,
  };
}

describe("rightkit-bindgen mock", () => {
  it("conform finds the demo contract's mock over --suite-root conforming, and the record goes on exit", async () => {
    const suiteRoot = await cleanups.dir();
    const mock = await spawnMock(cleanups, ["--contract", DEMO, "--suite-root", suiteRoot, "--seed", "11"]);
    const { run, report } = await conformJson("--contract", DEMO, "--suite-root", suiteRoot, ALL_CALLS, "--seed", "5");
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
    // Every method got answers and refusals: the mock is not a wall of errors.
    for (const method of Object.values(report.summary.methods)) expect(method.results).toBeGreaterThan(0);
    const record = join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json");
    expect(await gone(record)).toBe(false);
    expect(await mock.stop()).toBe(0);
    expect(await gone(record)).toBe(true);
  });

  it("answers a method that waits for a person after --wait", async () => {
    const { client } = await demoMock("--wait", "300");
    const { apps } = await client.apps();
    const asked = performance.now();
    const { token } = await client.request({ app: apps[0]?.id ?? "app", agent_name: "tests" });
    // A lower bound only: a timer never fires early, however loaded the machine.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(290);
    expect(typeof token).toBe("string");
  });

  it("stops while a call waits for a person: the call settles, and the mock exits 0 without its timer", async () => {
    const { client, stop } = await demoMock("--wait", "30000");
    const { apps } = await client.apps();
    const pending = client.request({ app: apps[0]?.id ?? "app", agent_name: "tests" }).then(
      () => "answered",
      () => "refused",
    );
    const stopping = performance.now();
    expect(await stop()).toBe(0);
    expect(["answered", "refused"]).toContain(await pending);
    // Far below the 30 s the person would have taken: the wait ended with the mock.
    expect(performance.now() - stopping).toBeLessThan(20_000);
  });

  it("conform finds the mock of a contract made up here, which no host implements, conforming", async () => {
    // test/mock/fixtures/notes: a daemon service with a handle minted by open, used by append,
    // read and close, ended by close, and a method answered from its schema's example.
    const notes = "test/mock/fixtures/notes/notes.v1.schema.json";
    const suiteRoot = await cleanups.dir();
    const mock = await spawnMock(cleanups, ["--contract", notes, "--suite-root", suiteRoot]);
    expect(mock.started).toContain("serving example.notes");
    const { run, report } = await conformJson("--contract", notes, "--suite-root", suiteRoot, ALL_CALLS, "--seed", "3");
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
    for (const method of Object.values(report.summary.methods)) expect(method.results).toBeGreaterThan(0);
    expect(await mock.stop()).toBe(0);
  });

  it("conform finds the agentcli contract's mock over --stdio conforming (conform starts it, ready notification first)", async () => {
    const { run, report } = await conformJson("--contract", AGENTCLI, "--server", stdioMockServer(AGENTCLI), "--seed", "5");
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("serves a JSON-RPC binding on --socket: the ready notification first, then answers by id", async () => {
    const dir = await cleanups.dir();
    const socketPath = join(dir, "mock.sock");
    const mock = await spawnMock(cleanups, ["--contract", AGENTCLI, "--socket", socketPath]);
    expect(mock.started).toContain(`listening on ${socketPath}`);
    const socket = createConnection(socketPath);
    cleanups.add(async () => {
      socket.destroy();
    });
    const lines = createInterface({ input: socket })[Symbol.asyncIterator]();
    const ready = JSON.parse(String((await lines.next()).value)) as unknown;
    expect(ready).toEqual({ jsonrpc: "2.0", method: "agentcli.ready", params: { ok: true, manifest_version: "0.2" } });
    socket.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "agentcli.describe", params: { target: 7 } })}\n`);
    const refused = JSON.parse(String((await lines.next()).value)) as {
      id: number;
      error: { code: number; data: Record<string, unknown> };
    };
    expect(refused.id).toBe(1);
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.data).toMatchObject({ code: "invalid_argument", error_type: "invalid_argument" });
    expect(refused.error.data.validation).toEqual([expect.objectContaining({ instancePath: "/target" })]);
    socket.end();
    await once(socket, "close");
    expect(await mock.stop()).toBe(0);
    expect(await gone(socketPath)).toBe(true);
  });

  it("the demo client completes apps → request → snapshot → end, then meets the ended code", async () => {
    const { client } = await demoMock();
    const { apps } = await client.apps();
    const app = apps[0];
    expect(app).toBeDefined();
    const session = await client.request({ app: app?.id ?? "", agent_name: "test" });
    const snapshot = await client.snapshot({ token: session.token });
    expect(snapshot.capture_state).toBe("safe");
    const ended = await client.end({ token: session.token });
    expect(ended.ended).toBe(true);
    expect((await rejection(client.snapshot({ token: session.token }))).code).toBe("session_ended");
    expect((await rejection(client.end({ token: session.token }))).code).toBe("session_ended");
  });

  it("refuses a value its links never issued with the lifecycle rule's code", async () => {
    const { client } = await demoMock();
    const { apps } = await client.apps();
    const issued = new Set(apps.map((app) => app.id));
    const stranger = `${[...issued].join("")}-never-issued`;
    expect((await rejection(client.request({ app: stranger, agent_name: "test" }))).code).toBe("unknown_app");
    expect((await rejection(client.snapshot({ token: `${stranger}-token` }))).code).toBe("invalid_token");
  });

  it("--scenario error:apps=unknown_app makes the client's apps() reject with that code", async () => {
    const { client, record, stop } = await demoMock("--scenario", "error:apps=unknown_app");
    expect((await rejection(client.apps())).code).toBe("unknown_app");
    expect(await stop()).toBe(0);
    expect(await gone(record)).toBe(true);
  });
});
