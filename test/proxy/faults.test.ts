/**
 * Faults around the proxy: a host that dies mid-call, a host that never answers (past the
 * binding's timeout), no host at all, and a client that vanishes mid-call. Each host fault is a
 * reported violation and the client meets a closed connection, never a hang; the proxy survives
 * every one and still writes its report on exit.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createConnection, type Socket } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ConformReport } from "../../generator/values/report-shape.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { AGENTCLI } from "../mock/support.js";
import { collect, recordingHost, spawnProxy, suiteProxy, type Answer } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const FIXTURE = join(import.meta.dirname, "..", "mock", "fixtures", "notes");
const SERVICE = "example.notes";
const CATALOG = '{"type":"request","id":1,"method":"notes.catalog","params":{}}\n';

/** The notes contract, its binding's timeout cut to `timeoutMs` so a deadline passes quickly. */
async function notesWithTimeout(timeoutMs: number): Promise<string> {
  const dir = await cleanups.dir();
  const binding = JSON.parse(await readFile(join(FIXTURE, "notes.v1.binding.json"), "utf8")) as Record<string, unknown>;
  await writeFile(join(dir, "notes.v1.binding.json"), JSON.stringify({ ...binding, defaultTimeoutMs: timeoutMs }));
  await writeFile(join(dir, "notes.v1.schema.json"), await readFile(join(FIXTURE, "notes.v1.schema.json")));
  return join(dir, "notes.v1.schema.json");
}

/** The proxy for `contract` in front of a recording host answering as `answer` says, and the proxy's endpoint. */
async function proxyBefore(contract: string, answer: Answer, report?: string) {
  const upstream = { suiteRoot: await cleanups.dir(), service: SERVICE };
  await recordingHost(cleanups, upstream, answer);
  return suiteProxy(cleanups, contract, upstream, report === undefined ? [] : ["--report", report, "--format", "json"]);
}

function connect(endpoint: string): Socket {
  const socket = createConnection(endpoint);
  socket.on("error", () => undefined);
  cleanups.add(async () => void socket.destroy());
  return socket;
}

const closed = (socket: Socket): Promise<void> => new Promise((resolve) => socket.once("close", () => resolve()));

describe("proxy faults", () => {
  it("a host that dies mid-call: the client's connection closes, the fault is reported, the report is written", async () => {
    const report = join(await cleanups.dir(), "report.json");
    const contract = join(FIXTURE, "notes.v1.schema.json");
    const { proxy, endpoint } = await proxyBefore(contract, (line) => (line.includes('"request"') ? "close" : []), report);
    const socket = connect(endpoint);
    socket.write(CATALOG);
    await closed(socket);
    await proxy.line("FAIL no_server_error notes.catalog host→client: no answer: the host closed the connection");
    expect(await proxy.stop()).toBe(1);
    const written = JSON.parse(await readFile(report, "utf8")) as ConformReport;
    expect(written.findings.map((finding) => finding.check)).toEqual(["no_server_error"]);
    expect(written.summary.methods["notes.catalog"]?.faults).toBe(1);
  });

  it("a host that never answers: a deadline violation once the binding's timeout passes", async () => {
    const { proxy, endpoint } = await proxyBefore(await notesWithTimeout(100), () => []);
    connect(endpoint).write(CATALOG);
    expect(await proxy.line("FAIL deadline notes.catalog")).toContain("no answer within 100 ms");
    expect(await proxy.stop()).toBe(1);
  });

  it("no host at all: the client's connection closes, the proxy says why and goes on", async () => {
    const upstream = { suiteRoot: await cleanups.dir(), service: SERVICE };
    const { proxy, endpoint } = await suiteProxy(cleanups, join(FIXTURE, "notes.v1.schema.json"), upstream);
    const socket = connect(endpoint);
    socket.write(CATALOG);
    await closed(socket);
    expect(await proxy.line("no upstream")).toContain("no host has published");
    const answer = '{"type":"response","id":1,"status":"ok","result":{"titles":[]}}\n';
    await recordingHost(cleanups, upstream, () => [answer]);
    const second = connect(endpoint);
    const answered = collect(second);
    second.write(CATALOG);
    expect((await answered.atLeast(answer.length)).toString("utf8")).toBe(answer);
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stdout()).toContain("client connections closed: no upstream");
  });

  it("a client that vanishes mid-call is nobody's fault, and the next client is served", async () => {
    const answer = '{"type":"response","id":1,"status":"ok","result":{"titles":[]}}\n';
    const { proxy, endpoint } = await proxyBefore(join(FIXTURE, "notes.v1.schema.json"), (line) =>
      line.includes('"request"') ? [answer] : [],
    );
    const first = connect(endpoint);
    first.write(CATALOG.slice(0, 20));
    first.destroy();
    const second = connect(endpoint);
    const answered = collect(second);
    second.write(CATALOG);
    expect((await answered.atLeast(answer.length)).toString("utf8")).toBe(answer);
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stderr()).not.toMatch(/FAIL|warn /);
  });

  it("a stop with a call open accuses nobody: the proxy cut the host off, not the other way round", async () => {
    const upstream = { suiteRoot: await cleanups.dir(), service: SERVICE };
    const host = await recordingHost(cleanups, upstream, () => []);
    const { proxy, endpoint } = await suiteProxy(cleanups, join(FIXTURE, "notes.v1.schema.json"), upstream);
    connect(endpoint).write(CATALOG);
    await host.receivedAtLeast(CATALOG.length);
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stderr()).not.toMatch(/FAIL|warn /);
  });

  it("on stdio, a host that exits mid-call: the fault is reported, the report written, and the client's stdout ends", async () => {
    const dies = JSON.stringify([process.execPath, "-e", "process.stdin.once('data', () => process.exit(0))"]);
    const proxy = await spawnProxy(cleanups, ["--contract", AGENTCLI, "--stdio", "--upstream-command", dies]);
    const output = collect(proxy.output);
    proxy.stdin.write('{"jsonrpc":"2.0","id":1,"method":"agentcli.ping","params":{}}\n');
    expect(await proxy.exited).toBe(1);
    expect(output.bytes().length).toBe(0);
    expect(proxy.stderr()).toContain("FAIL no_server_error agentcli.ping host→client: no answer: the host closed the connection");
    expect(proxy.stderr()).toContain("does not conform (1 failing");
  });
});
