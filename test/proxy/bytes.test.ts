/**
 * The proxy forwards every frame unchanged, byte for byte, both ways, on the daemon transport and
 * on JSON-RPC sockets: odd spacing, CRLF, a frame cut across writes, a line that is not JSON and
 * a lying answer all arrive as they were sent, and the lie is reported, never enforced.
 */
import { readFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ConformReport } from "../../generator/values/report-shape.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { AGENTCLI, DEMO } from "../mock/support.js";
import { collect, recordingHost, spawnProxy, suiteProxy } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const SERVICE = "rightkit.agent.demo";
const HOST_HELLO = '{"type":"hello","service":"rightkit.agent.demo","protocol_major":1,"protocol_minor":0}\n';
/** demo.apps answered outside its result schema (apps is a list), then a result that keeps it. */
const LYING = '{"type":"response","id":1,"status":"ok","result":{"apps":"none"}}\n';
const TRUTHFUL = '{"type":"response","id":2,"status":"ok","result":{"apps":[{"id":"a","name":"É"}]}}\n';

describe("proxy forwards bytes unchanged", () => {
  it("on the daemon transport, both ways, and reports the lying answer it passed on", async () => {
    const upstream = { suiteRoot: await cleanups.dir(), service: SERVICE };
    const host = await recordingHost(cleanups, upstream, (line) => {
      if (line.includes('"hello"')) return [HOST_HELLO];
      if (!line.includes('"request"')) return [];
      return [line.includes('"id": 2') ? TRUTHFUL : LYING];
    });
    const { proxy, suiteRoot, endpoint } = await suiteProxy(cleanups, DEMO, upstream, ["--format", "json"]);
    const record = JSON.parse(await readFile(join(suiteRoot, "runtime", SERVICE, "service.json"), "utf8")) as { role: string };
    expect(record.role).toBe("rightkit_bindgen_proxy");
    const socket = createConnection(endpoint);
    cleanups.add(async () => void socket.destroy());
    const received = collect(socket);
    const sent = [
      '{"type":"hello","app":"right-ctl","protocol_major":1,"protocol_minor":0}\n',
      '{ "type" : "request",  "id":1, "method":"demo.apps", ',
      '"params":{} }\r\n',
      "not json at all\n",
      '{"type":"request","method":"demo.apps","params":{},"id": 2}\n',
    ];
    for (const piece of sent) socket.write(piece);
    const all = Buffer.from(sent.join(""));
    await host.receivedAtLeast(all.length);
    expect(host.received().equals(all)).toBe(true);
    const answers = Buffer.from(HOST_HELLO + LYING + TRUTHFUL);
    expect((await received.atLeast(answers.length)).equals(answers)).toBe(true);
    expect(await proxy.line("FAIL response_schema demo.apps host→client at /result/apps")).toContain("params {}");
    expect(await proxy.stop()).toBe(1);
    const report = JSON.parse(proxy.stdout()) as ConformReport;
    expect(report.findings.map((finding) => [finding.method, finding.check])).toEqual([["demo.apps", "response_schema"]]);
    expect(report.summary.methods["demo.apps"]?.results).toBe(2);
    expect(report.notes.join("\n")).toContain("client frames that are not JSON");
  });

  it("on a JSON-RPC socket, both ways, with the client's own invalid params reported as the client's fault", async () => {
    const dir = await cleanups.dir();
    const data = '{"code":"invalid_argument","error_type":"invalid_argument","validation":[]}';
    const refusal = `{"jsonrpc":"2.0","id":"a-1","error":{"code":-32602,"message":"params must be an object","data":${data}}}\n`;
    const host = await recordingHost(cleanups, { socketPath: join(dir, "host.sock") }, () => [refusal]);
    const socketPath = join(dir, "proxy", "proxy.sock");
    const proxy = await spawnProxy(cleanups, [
      "--contract",
      AGENTCLI,
      "--socket",
      socketPath,
      "--upstream-socket",
      host.endpoint,
    ]);
    expect(proxy.started).toContain("listening on");
    const socket = createConnection(socketPath);
    cleanups.add(async () => void socket.destroy());
    const received = collect(socket);
    // agentcli.ping takes an object: a list is the client's own mistake, which the host refuses.
    const request = '{"jsonrpc":"2.0","id":"a-1","method":"agentcli.ping","params":[1, 2,3]}\n';
    socket.write(request);
    await host.receivedAtLeast(request.length);
    expect(host.received().toString("utf8")).toBe(request);
    expect((await received.atLeast(Buffer.byteLength(refusal))).toString("utf8")).toBe(refusal);
    expect(await proxy.line("FAIL client_params agentcli.ping client→host at /params")).toContain("[1,2,3]");
    expect(await proxy.stop()).toBe(1);
    // The client's fault only: the host refused the params as the contract says it must.
    expect(proxy.stdout()).toContain("FAIL client_params");
    expect(proxy.stdout()).not.toContain("negative_rejected !");
  });
});
