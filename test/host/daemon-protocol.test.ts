import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { CONTROL_APP, FIXTURE_APP_ID } from "../../generator/host/index.js";
import { GENERATOR_VERSION } from "../../generator/version.js";
import { call, DaemonFixtures, HELLO, killFromOutside } from "./support/daemon.js";

const fixtures = new DaemonFixtures();
afterEach(() => fixtures.cleanup());

const request = (id: number, method: string, params: unknown = {}) => ({ type: "request", id, method, params });

describe("the hello exchange", () => {
  it("answers the client's hello with its own, then serves requests", async () => {
    const host = await fixtures.host();
    const { client, hello } = await fixtures.helloed(host);
    expect(hello).toEqual({
      type: "hello",
      status: "ok",
      service: "rightkit.agent.demo",
      protocol_major: 1,
      protocol_minor: 0,
      role: "rightkit_bindgen_conformance_host",
      version: GENERATOR_VERSION,
    });
    client.send(request(1, "demo.apps"));
    expect(await client.nextLine()).toBe(
      '{"type":"response","id":1,"status":"ok","result":{"apps":[{"id":"app.orthiclabs.demo-fixture","name":"Demo Fixture"}]}}',
    );
    expect(host.protocolViolations()).toBe(0);
  });

  it("refuses an app the allowlist does not know, in its hello, and closes", async () => {
    const host = await fixtures.host();
    const client = await fixtures.connect(host.endpoint);
    client.send({ ...HELLO, app: "someone-else" });
    expect(await client.nextFrame()).toEqual({
      type: "hello",
      status: "err",
      error: { code: "request_not_allowed", message: 'app "someone-else" is not on this host\'s allowlist', retryable: false },
    });
    await client.closed();
    expect(host.protocolViolations()).toBe(0);
  });

  it.each([[2], [0], ["1"], [undefined]])("refuses protocol_major %j with protocol_mismatch and closes", async (major) => {
    const host = await fixtures.host();
    const client = await fixtures.connect(host.endpoint);
    client.send({ type: "hello", app: "right-ctl", protocol_major: major, protocol_minor: 0 });
    const hello = await client.nextFrame();
    expect(hello).toMatchObject({ type: "hello", status: "err", error: { code: "protocol_mismatch", retryable: false } });
    await client.closed();
  });

  it.each([
    ["a request", `${JSON.stringify(request(1, "demo.apps"))}\n`],
    ["a line that is not JSON", "hello?\n"],
  ])("closes, without a byte, a connection whose first frame is %s", async (_, line) => {
    const host = await fixtures.host();
    const client = await fixtures.connect(host.endpoint);
    const violated = once(host.events, "violation");
    client.sendRaw(line);
    await client.closed();
    expect(client.received()).toBe("");
    expect(await violated).toEqual([{ reason: "the first frame must be a hello" }]);
    expect(host.protocolViolations()).toBe(1);
  });

  it("closes a connection that says nothing within the handshake timeout", async () => {
    const host = await fixtures.host({ handshakeTimeoutMs: 20 });
    const client = await fixtures.connect(host.endpoint);
    await client.closed();
    expect(client.received()).toBe("");
    expect(host.protocolViolations()).toBe(1);
  });

  it("tolerates CRLF line ends, blank lines, and the sidecar's nested method", async () => {
    const host = await fixtures.host();
    const client = await fixtures.connect(host.endpoint);
    client.sendRaw(`\r\n${JSON.stringify(HELLO)}\r\n`);
    expect(await client.nextFrame()).toMatchObject({ type: "hello", status: "ok" });
    client.sendRaw(`${JSON.stringify({ type: "request", id: 7, method: { method: "demo.apps", params: {} } })}\r\n`);
    expect(await client.nextFrame()).toMatchObject({
      type: "response",
      id: 7,
      status: "ok",
      result: { apps: [{ id: FIXTURE_APP_ID }] },
    });
    expect(host.protocolViolations()).toBe(0);
  });
});

describe("the allowlist", () => {
  it("lets right-ctl call demo.* but not the kill control", async () => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    expect((await call(client, 1, "host.kill")).response).toEqual({
      type: "response",
      id: 1,
      status: "err",
      error: { code: "request_not_allowed", message: "app right-ctl may not call host.kill", retryable: false },
    });
    expect((await call(client, 2, "demo.apps")).response).toMatchObject({ status: "ok" });
  });

  it("always allows ping to a known app, which answers {}", async () => {
    const host = await fixtures.host({ scenario: "demo_disabled" });
    for (const app of ["right-ctl", CONTROL_APP]) {
      const { client } = await fixtures.helloed(host, app);
      expect((await call(client, 1, "ping")).response).toEqual({ type: "response", id: 1, status: "ok", result: {} });
    }
  });

  it("keeps the demo tools from the control app, and gives it the kill control", async () => {
    const host = await fixtures.host();
    const { client: agent } = await fixtures.helloed(host);
    const { response } = await call(agent, 1, "demo.request", { app: FIXTURE_APP_ID, agent_name: "t" });
    const { session, token } = response["result"] as { session: string; token: string };
    const { client: control } = await fixtures.helloed(host, CONTROL_APP);
    expect((await call(control, 1, "demo.apps")).response).toMatchObject({ error: { code: "request_not_allowed" } });
    expect(await killFromOutside(host, fixtures, session)).toMatchObject({
      status: "ok",
      result: { killed: [{ ended: true, bundle_state: "killed" }] },
    });
    expect((await call(agent, 2, "demo.snapshot", { token })).response).toMatchObject({ error: { code: "session_killed" } });
  });

  it("takes a custom allowlist, with * for every other app and every method", async () => {
    const host = await fixtures.host({ allowlist: { "right-ctl": ["demo.apps"], "*": ["*"] } });
    const { client: narrow } = await fixtures.helloed(host);
    expect((await call(narrow, 1, "demo.end", { token: "t" })).response).toMatchObject({
      error: { code: "request_not_allowed" },
    });
    const { client: anyone, hello } = await fixtures.helloed(host, "whoever");
    expect(hello).toMatchObject({ status: "ok" });
    expect((await call(anyone, 1, "demo.end", { token: "t" })).response).toMatchObject({ error: { code: "invalid_token" } });
  });

  it("answers unknown_method for a method the allowlist allows but the service lacks", async () => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    expect((await call(client, 1, "demo.nothing")).response).toEqual({
      type: "response",
      id: 1,
      status: "err",
      error: { code: "unknown_method", message: "Method not found: demo.nothing", retryable: false },
    });
  });
});

describe("requests, events and responses", () => {
  it("sends consent_pending events for demo.request before its response", async () => {
    const host = await fixtures.host({ consent: { answer: "approve", delayMs: 20 } });
    const { client } = await fixtures.helloed(host);
    client.send(request(1, "demo.request", { app: FIXTURE_APP_ID, agent_name: "t" }));
    expect(await client.nextLine()).toBe(`{"type":"event","id":1,"event":{"kind":"consent_pending","app":"${FIXTURE_APP_ID}"}}`);
    expect(await client.nextFrame()).toMatchObject({
      type: "response",
      id: 1,
      status: "ok",
      result: { session: expect.any(String), token: expect.any(String), app: FIXTURE_APP_ID },
    });
  });

  it("answers a contract error as status err with the daemon's {code, message, retryable}", async () => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    client.send(request(1, "demo.snapshot", { token: "forged" }));
    expect(await client.nextLine()).toBe(
      '{"type":"response","id":1,"status":"err","error":{"code":"invalid_token","message":"the token is unknown","retryable":false}}',
    );
    client.send({ type: "request", id: "two", method: "demo.batch", params: { token: "t", steps: [] } });
    expect(await client.nextFrame()).toMatchObject({ id: "two", error: { code: "invalid_arguments", retryable: false } });
  });

  it("answers a second request while one is in flight with bad_request, closes, and counts it", async () => {
    const host = await fixtures.host({ consent: { answer: "approve", delayMs: 60_000 } });
    const { client } = await fixtures.helloed(host);
    const pending = once(host.events, "request");
    client.send(request(1, "demo.request", { app: FIXTURE_APP_ID, agent_name: "t" }));
    await pending;
    client.send(request(2, "demo.apps"));
    expect(await client.nextFrame()).toMatchObject({ type: "event", id: 1 });
    expect(await client.nextFrame()).toEqual({
      type: "response",
      id: 2,
      status: "err",
      error: { code: "bad_request", message: "request 2 arrived while 1 is in flight: one request at a time", retryable: false },
    });
    await client.closed();
    expect(host.protocolViolations()).toBe(1);
  });

  it.each([
    ["a line that is not JSON", "{nope\n", { id: null, reason: "the line is not JSON" }],
    [
      "a frame type clients do not send",
      '{"type":"event","id":1}\n',
      { id: null, reason: 'a client sends no frame of type "event"' },
    ],
    ["a request without a method", '{"type":"request","id":4}\n', { id: 4, reason: "a request needs a method name" }],
    [
      "a request without an id",
      '{"type":"request","method":"demo.apps"}\n',
      { id: null, reason: "a request needs a number or string id" },
    ],
    ["a second hello", `${JSON.stringify(HELLO)}\n`, { id: null, reason: "a second hello" }],
  ])("answers %s after hello with bad_request and closes", async (_, line, expected) => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    client.sendRaw(line);
    expect(await client.nextFrame()).toEqual({
      type: "response",
      id: expected.id,
      status: "err",
      error: { code: "bad_request", message: expected.reason, retryable: false },
    });
    await client.closed();
    expect(host.protocolViolations()).toBe(1);
  });

  it("drops a client whose line grows past 16 MiB, reading no further", async () => {
    const host = await fixtures.host();
    const { client } = await fixtures.helloed(host);
    client.sendRaw(Buffer.alloc(16 * 1024 * 1024 + 2, 0x61));
    await client.closed();
    expect(host.protocolViolations()).toBe(1);
  });

  it("reports request and answer events with method and id, and connections coming and going", async () => {
    const host = await fixtures.host();
    const seen: unknown[] = [];
    host.events.on("request", (event) => seen.push(["request", event]));
    host.events.on("answer", (event) => seen.push(["answer", event]));
    const { client } = await fixtures.helloed(host);
    expect(host.connectionCount()).toBe(1);
    await call(client, 3, "ping");
    expect(seen).toEqual([
      ["request", { method: "ping", id: 3 }],
      ["answer", { method: "ping", id: 3 }],
    ]);
    await client.close();
    await host.idle();
    expect(host.connectionCount()).toBe(0);
  });
});
