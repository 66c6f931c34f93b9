import { once } from "node:events";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONTROL_APP, FIXTURE_APP_ID, startHost, type ScenarioName } from "../../generator/host/index.js";
import { call, DaemonFixtures, HELLO, killFromOutside } from "./support/daemon.js";

const fixtures = new DaemonFixtures();
afterEach(() => fixtures.cleanup());

const APPS = '{"apps":[{"id":"app.orthiclabs.demo-fixture","name":"Demo Fixture"}]}';
const appsRequest = { type: "request", id: 1, method: "demo.apps", params: {} };

/** A host in `scenario` and a client past its hello that has sent demo.apps as request 1. */
async function askApps(scenario: ScenarioName) {
  const host = await fixtures.host({ scenario });
  const { client, hello } = await fixtures.helloed(host);
  expect(hello).toMatchObject({ type: "hello", status: "ok" });
  const answered = once(host.events, "answer");
  client.send(appsRequest);
  return { host, client, answered };
}

describe("daemon fault scenarios, byte for byte", () => {
  it("garbage_line: a line that is not JSON instead of the response; the call counts as answered", async () => {
    const { host, client } = await askApps("garbage_line");
    expect(await client.nextLine()).toBe("this is not json {");
    client.send({ ...appsRequest, id: 2 });
    expect(await client.nextLine()).toBe("this is not json {");
    expect(host.protocolViolations()).toBe(0);
  });

  it("drop_mid_call: the connection closes and nothing follows the hello", async () => {
    const { client } = await askApps("drop_mid_call");
    await client.closed();
    expect(client.pending()).toEqual([]);
  });

  it("never_answer: no byte comes, and the call stays in flight (another request breaks lock-step)", async () => {
    const { host, client, answered } = await askApps("never_answer");
    await answered;
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.pending()).toEqual([]);
    client.send({ ...appsRequest, id: 2 });
    expect(await client.nextFrame()).toMatchObject({ id: 2, status: "err", error: { code: "bad_request" } });
    expect(host.protocolViolations()).toBe(1);
  });

  it("split_writes: every frame in pieces, multi-byte characters cut, reassembled intact", async () => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    const { response } = await call(client, 1, "demo.request", { app: FIXTURE_APP_ID, agent_name: "t" });
    const { token } = response["result"] as { token: string };
    host.setScenario("split_writes");
    const before = client.chunks.length;
    const { response: snapshot } = await call(client, 2, "demo.snapshot", { token });
    expect(JSON.stringify(snapshot)).toContain("Name — full");
    expect(JSON.stringify(snapshot)).toContain("Submit ✓");
    expect(client.chunks.length - before).toBeGreaterThan(1);
    expect(client.chunks.slice(before).every((chunk) => chunk.length <= 5)).toBe(true);
  });

  it("oversized_line: one response line over 16 MiB", async () => {
    const { client } = await askApps("oversized_line");
    const line = await client.nextLine();
    expect(Buffer.byteLength(line)).toBeGreaterThan(16 * 1024 * 1024);
    expect(line.startsWith('{"type":"response","id":1,"status":"ok","result":{"pad":"xxxx')).toBe(true);
  });

  it("unknown_id: the response names an id that was never sent", async () => {
    const { client } = await askApps("unknown_id");
    expect(await client.nextLine()).toBe(`{"type":"response","id":1000001,"status":"ok","result":${APPS}}`);
  });

  it("unknown_frame_type: a surprise frame instead of the response", async () => {
    const { client } = await askApps("unknown_frame_type");
    expect(await client.nextLine()).toBe('{"type":"surprise","id":1,"note":"a frame type this protocol does not have"}');
  });

  it("events: three event frames, then the response", async () => {
    const { client } = await askApps("events");
    const lines = [await client.nextLine(), await client.nextLine(), await client.nextLine(), await client.nextLine()];
    expect(lines).toEqual([
      '{"type":"event","id":1,"event":{"kind":"progress","seq":1}}',
      '{"type":"event","id":1,"event":{"kind":"progress","seq":2}}',
      '{"type":"event","id":1,"event":{"kind":"progress","seq":3}}',
      `{"type":"response","id":1,"status":"ok","result":${APPS}}`,
    ]);
  });

  it('ok_flag: responses carry "ok" instead of "status", for results and errors', async () => {
    const { client } = await askApps("ok_flag");
    expect(await client.nextLine()).toBe(`{"type":"response","id":1,"ok":true,"result":${APPS}}`);
    client.send({ type: "request", id: 2, method: "demo.end", params: { token: "forged" } });
    expect(await client.nextLine()).toBe(
      '{"type":"response","id":2,"ok":false,"error":{"code":"invalid_token","message":"the token is unknown","retryable":false}}',
    );
  });

  it.each([
    ["hello_wrong_service", { service: "rightkit.impostor", protocol_major: 1 }],
    ["hello_wrong_major", { service: "rightkit.agent.demo", protocol_major: 2 }],
  ] as const)("%s: the host's hello says %j", async (scenario, expected) => {
    const host = await fixtures.host({ scenario });
    const { hello } = await fixtures.helloed(host);
    expect(hello).toMatchObject({ type: "hello", status: "ok", ...expected });
  });

  it("hello_close: the host closes instead of sending its hello", async () => {
    const host = await fixtures.host({ scenario: "hello_close" });
    const client = await fixtures.connect(host.endpoint);
    client.send(HELLO);
    await client.closed();
    expect(client.received()).toBe("");
  });

  it("hello_refused: an error hello even for right-ctl, then close", async () => {
    const host = await fixtures.host({ scenario: "hello_refused" });
    const client = await fixtures.connect(host.endpoint);
    client.send(HELLO);
    expect(await client.nextLine()).toBe(
      '{"type":"hello","status":"err","error":{"code":"request_not_allowed","message":"this host refuses every app (hello_refused)","retryable":false}}',
    );
    await client.closed();
  });

  it("handoff_once: the first service call on the host answers host_handoff, later ones are served", async () => {
    const { host, client } = await askApps("handoff_once");
    expect(await client.nextLine()).toBe(
      '{"type":"response","id":1,"status":"err","error":{"code":"host_handoff","message":"this host is handing the service over; re-read service.json and resubmit","retryable":true}}',
    );
    client.send({ ...appsRequest, id: 2 });
    expect(await client.nextLine()).toBe(`{"type":"response","id":2,"status":"ok","result":${APPS}}`);
    const { client: second } = await fixtures.helloed(host);
    expect((await call(second, 1, "demo.apps")).response).toMatchObject({ status: "ok" });
  });

  it("echo: every allowed call's params come back as its result", async () => {
    const host = await fixtures.host({ scenario: "echo" });
    const { client } = await fixtures.helloed(host);
    expect((await call(client, 1, "demo.anything", { ping: [1, "two"] })).response).toEqual({
      type: "response",
      id: 1,
      status: "ok",
      result: { ping: [1, "two"] },
    });
    expect((await call(client, 2, "host.kill")).response).toMatchObject({ error: { code: "request_not_allowed" } });
  });

  it("leaves the control app alone: it gets its hello and the kill control under any fault", async () => {
    const host = await fixtures.host({ scenario: "hello_close" });
    expect(await killFromOutside(host, fixtures)).toEqual({ type: "response", id: 1, status: "ok", result: { killed: [] } });
    host.setScenario("never_answer");
    const { client, hello } = await fixtures.helloed(host, CONTROL_APP);
    expect(hello).toMatchObject({ status: "ok" });
    expect((await call(client, 1, "ping")).response).toMatchObject({ status: "ok", result: {} });
  });
});

describe("scenarios per protocol", () => {
  it.each(["bare_rpc_error", "out_of_order", "notifications"] as const)(
    "the daemon host refuses the JSON-RPC-only %s at start and on setScenario",
    async (scenario) => {
      const suiteRoot = await fixtures.suite();
      await expect(startHost({ suiteRoot, scenario })).rejects.toThrow(`scenario ${scenario} exists only on the JSON-RPC host`);
      const host = await fixtures.host();
      expect(() => host.setScenario(scenario)).toThrow(/only on the JSON-RPC host/);
      expect(host.scenario()).toBe("normal");
    },
  );

  it.each(["ok_flag", "hello_close", "handoff_once", "events", "unknown_frame_type"] as const)(
    "the JSON-RPC host refuses the daemon-only %s",
    async (scenario) => {
      const socketPath = join(await fixtures.suite(), "daemon.sock");
      await expect(startHost({ socketPath, scenario })).rejects.toThrow(`scenario ${scenario} exists only on the daemon host`);
    },
  );
});
