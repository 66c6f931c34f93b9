import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runHostCommand } from "../../generator/commands/host.js";
import { CONTROL_APP, serveStdioHost, startHost, type HostHandle, type SocketServiceName } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";
import { DaemonFixtures, HELLO, readJson } from "./support/daemon.js";
import { LineQueue } from "./support/line-queue.js";
import { RawClient } from "./support/raw-client.js";

/**
 * The int64 service against real hosts, spoken to with hand-written frames: the digits a double
 * cannot hold must come back as sent, so every assertion reads the answer's raw text.
 */
const NUMBERS = `{"id":18446744073709551615,"offset":-9223372036854775808,"maybe":9007199254740993,"list":[0,18446744073709551615],"small":7,"label":"12345678901234567890"}`;
const EXTREMES = `{"u64_max":18446744073709551615,"i64_min":-9223372036854775808,"past_safe":9007199254740993,"zero":0}`;

const fixtures = new DaemonFixtures();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await fixtures.cleanup();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the int64 service on the daemon host", () => {
  async function helloed() {
    const host = await fixtures.host({ service: "int64" });
    const { client, hello } = await fixtures.helloed(host);
    return { host, client, hello };
  }

  it("publishes its record under rightkit.test.int64 and says so in its hello", async () => {
    const { host, hello } = await helloed();
    expect(host.service).toBe("rightkit.test.int64");
    expect(host.recordPath).toBe(join(host.suiteRoot, "runtime", "rightkit.test.int64", "service.json"));
    expect(await readJson(host.recordPath)).toMatchObject({ service: "rightkit.test.int64" });
    expect(hello).toMatchObject({ type: "hello", status: "ok", service: "rightkit.test.int64" });
  });

  it("echoes u64::MAX, i64::MIN, 2^53 + 1 and 0 digit for digit", async () => {
    const { client } = await helloed();
    client.sendRaw(`{"type":"request","id":1,"method":"int64.echo","params":${NUMBERS}}\n`);
    expect(await client.nextLine()).toBe(`{"type":"response","id":1,"status":"ok","result":${NUMBERS}}`);
  });

  it("answers extremes with the exact digits", async () => {
    const { client } = await helloed();
    client.sendRaw(`{"type":"request","id":1,"method":"int64.extremes","params":{}}\n`);
    expect(await client.nextLine()).toBe(`{"type":"response","id":1,"status":"ok","result":${EXTREMES}}`);
  });

  it("keeps a request id past the safe range exact", async () => {
    const { client } = await helloed();
    client.sendRaw(`{"type":"request","id":18446744073709551615,"method":"int64.extremes","params":{}}\n`);
    expect(await client.nextLine()).toBe(`{"type":"response","id":18446744073709551615,"status":"ok","result":${EXTREMES}}`);
  });

  it.each([["[1,2]"], ["7"], ['"x"'], ["null"]])("refuses echo params %s with invalid_arguments", async (params) => {
    const { client } = await helloed();
    client.sendRaw(`{"type":"request","id":1,"method":"int64.echo","params":${params}}\n`);
    expect(JSON.parse(await client.nextLine())).toEqual({
      type: "response",
      id: 1,
      status: "err",
      error: { code: "invalid_arguments", message: "params must be an object", retryable: false },
    });
  });

  it("lets right-ctl call int64.* and nothing else, and knows no other app", async () => {
    const { host, client } = await helloed();
    client.send({ type: "request", id: 1, method: "demo.apps", params: {} });
    expect(await client.nextFrame()).toMatchObject({ status: "err", error: { code: "request_not_allowed" } });
    const control = await fixtures.connect(host.endpoint);
    control.send({ ...HELLO, app: CONTROL_APP });
    expect(await control.nextFrame()).toMatchObject({ type: "hello", status: "err", error: { code: "request_not_allowed" } });
  });
});

describe("the int64 service on the JSON-RPC socket host", () => {
  async function connected(): Promise<{ host: HostHandle; client: RawClient }> {
    const temp = await privateTempDir();
    const host = await startHost({ socketPath: join(temp.dir, "int64.sock"), service: "int64" });
    const client = await RawClient.connect(host.socketPath);
    cleanups.push(
      temp.remove,
      () => host.close(),
      () => client.close(),
    );
    return { host, client };
  }

  it("echoes the digits as sent, and answers extremes exactly", async () => {
    const { client } = await connected();
    client.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"int64.echo","params":${NUMBERS}}\n`);
    expect(await client.nextLine()).toBe(`{"jsonrpc":"2.0","id":1,"result":${NUMBERS}}`);
    client.sendRaw(`{"jsonrpc":"2.0","id":2,"method":"int64.extremes","params":{}}\n`);
    expect(await client.nextLine()).toBe(`{"jsonrpc":"2.0","id":2,"result":${EXTREMES}}`);
  });

  it("refuses echo params that are not an object with -32602 invalid_arguments", async () => {
    const { client } = await connected();
    client.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"int64.echo","params":[18446744073709551615]}\n`);
    expect(JSON.parse(await client.nextLine())).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32602, message: "params must be an object", data: { code: "invalid_arguments", retryable: false } },
    });
  });

  it("refuses agentcli, which is served on stdio only", async () => {
    const temp = await privateTempDir();
    cleanups.push(temp.remove);
    // The type already refuses it; a JavaScript caller is refused at run time.
    const agentcli = "agentcli" as SocketServiceName;
    await expect(startHost({ socketPath: join(temp.dir, "x.sock"), service: agentcli })).rejects.toThrow(/stdio only/);
  });
});

describe("the int64 service on the stdio host", () => {
  it("echoes the digits as sent, and answers extremes exactly", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines = new LineQueue("the host ended its output");
    output.on("data", (chunk: Buffer) => lines.push(chunk));
    const host = serveStdioHost({ input, output, drop: () => undefined, end: () => Promise.resolve() }, { service: "int64" });
    try {
      input.write(`{"jsonrpc":"2.0","id":"a","method":"int64.echo","params":${NUMBERS}}\n`);
      expect(await lines.nextLine()).toBe(`{"jsonrpc":"2.0","id":"a","result":${NUMBERS}}`);
      input.write(`{"jsonrpc":"2.0","id":9007199254740993,"method":"int64.extremes"}\n`);
      expect(await lines.nextLine()).toBe(`{"jsonrpc":"2.0","id":9007199254740993,"result":${EXTREMES}}`);
    } finally {
      host.stop();
      input.end();
    }
  });
});

describe("rightkit-bindgen host --service int64", () => {
  it.each([
    [["--socket", "/tmp/x.sock", "--service", "agentcli"]],
    [["--suite-root", "/tmp/s", "--service", "int64", "--consent", "deny"]],
    [["--socket", "/tmp/x.sock", "--service", "int64", "--scenario", "demo_disabled"]],
  ])("exits 2 on %j", async (argv) => {
    const err: string[] = [];
    expect(await runHostCommand(argv, { out: () => undefined, err: (line) => err.push(line) })).toBe(2);
    expect(err.join("\n")).toContain("usage: rightkit-bindgen host");
  });

  it("publishes rightkit.test.int64 in the suite and answers with the exact digits", async () => {
    const hostMain = fileURLToPath(new URL("../../generator/commands/host-main.ts", import.meta.url));
    const suiteRoot = await fixtures.suite();
    const child = spawn(process.execPath, ["--import", "tsx", hostMain, "--suite-root", suiteRoot, "--service", "int64"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = once(child, "exit");
    try {
      const [first] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
      const recordPath = join(suiteRoot, "runtime", "rightkit.test.int64", "service.json");
      expect(first).toBe(`rightkit-bindgen host: serving rightkit.test.int64, record ${recordPath} (scenario normal)`);
      const client = await fixtures.connect(String((await readJson(recordPath))["endpoint"]));
      client.send(HELLO);
      expect(await client.nextFrame()).toMatchObject({ type: "hello", status: "ok", service: "rightkit.test.int64" });
      client.sendRaw(`{"type":"request","id":1,"method":"int64.extremes","params":{}}\n`);
      expect(await client.nextLine()).toBe(`{"type":"response","id":1,"status":"ok","result":${EXTREMES}}`);
      await client.close();
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toEqual([0, null]);
  });
});
