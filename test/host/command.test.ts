import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runHostCommand } from "../../generator/commands/host.js";
import { SCENARIO_NAMES } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";
import { JsonRpcSocketTransport } from "../support/runtime.js";
import { call, DaemonFixtures, HELLO, readJson } from "./support/daemon.js";

const hostMain = fileURLToPath(new URL("../../generator/commands/host-main.ts", import.meta.url));

const fixtures = new DaemonFixtures();
afterEach(() => fixtures.cleanup());

type HostChild = { child: ChildProcessByStdio<null, Readable, null>; nextLine(): Promise<string> };

/** The host command as its own process, its stdout read line by line. */
function spawnHost(args: string[]): HostChild {
  const child = spawn(process.execPath, ["--import", "tsx", hostMain, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on("line", (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else queue.push(line);
  });
  return {
    child,
    nextLine: () => {
      const line = queue.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

async function stop(host: HostChild): Promise<unknown[]> {
  const exited = once(host.child, "exit");
  host.child.kill("SIGTERM");
  return exited;
}

const gone = (path: string): Promise<boolean> =>
  access(path).then(
    () => false,
    () => true,
  );

describe("rightkit-bindgen host", () => {
  it.each([
    [[]],
    [["--socket", "/tmp/x.sock", "--stdio"]],
    [["--socket", "/tmp/x.sock", "--scenario", "chaos"]],
    [["--stdio", "--consent", "maybe"]],
    [["--stdio", "--consent-delay", "soon"]],
    [["--bogus"]],
    [["--suite-root", "/tmp/s", "--socket", "/tmp/x.sock"]],
    [["--socket", "/tmp/x.sock", "--rank", "1"]],
    [["--suite-root", "/tmp/s", "--rank", "256"]],
    [["--suite-root", "/tmp/s", "--rank", "-1"]],
    [["--suite-root", "/tmp/s", "--scenario", "out_of_order"]],
    [["--socket", "/tmp/x.sock", "--scenario", "ok_flag"]],
  ])("exits 2 on bad arguments %j, with the usage on stderr", async (argv) => {
    const out: string[] = [];
    const err: string[] = [];
    expect(await runHostCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line) })).toBe(2);
    expect(out).toEqual([]);
    expect(err.join("\n")).toContain("usage: rightkit-bindgen host");
  });

  it("lists every scenario under --help and exits 0", async () => {
    const out: string[] = [];
    expect(await runHostCommand(["--help"], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    for (const name of SCENARIO_NAMES) expect(out.join("\n")).toContain(`  ${name} `);
  });

  it("prints one line when listening, serves, and exits 0 on SIGTERM", async () => {
    const temp = await privateTempDir();
    const socketPath = join(temp.dir, "daemon.sock");
    const child = spawn(process.execPath, ["--import", "tsx", hostMain, "--socket", socketPath, "--scenario", "echo"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: child.stdout });
    const [first] = (await once(lines, "line")) as [string];
    expect(first).toBe(`rightkit-bindgen host: listening on ${socketPath} (scenario echo)`);
    const transport = new JsonRpcSocketTransport({ socketPath });
    await expect(transport.call("any.method", { ping: 1 }, { timeoutMs: 5000 })).resolves.toEqual({
      ping: 1,
    });
    await transport.close();
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    expect(await exited).toEqual([0, null]);
    await temp.remove();
  });
});

describe("rightkit-bindgen host --suite-root", () => {
  it("publishes its record, speaks the daemon protocol, and removes the record on SIGTERM", async () => {
    const suiteRoot = await fixtures.suite();
    const host = spawnHost(["--suite-root", suiteRoot, "--scenario", "echo"]);
    const recordPath = join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json");
    expect(await host.nextLine()).toBe(
      `rightkit-bindgen host: serving rightkit.agent.demo, record ${recordPath} (scenario echo)`,
    );
    const record = await readJson(recordPath);
    expect(record).toMatchObject({ pid: host.child.pid, rank: 100, service: "rightkit.agent.demo" });
    const client = await fixtures.connect(String(record["endpoint"]));
    client.send(HELLO);
    expect(await client.nextFrame()).toMatchObject({ type: "hello", status: "ok" });
    expect((await call(client, 1, "demo.apps", { ping: 1 })).response).toEqual({
      type: "response",
      id: 1,
      status: "ok",
      result: { ping: 1 },
    });
    await client.close();
    expect(await stop(host)).toEqual([0, null]);
    expect(await gone(recordPath)).toBe(true);
    expect(await gone(String(record["endpoint"]))).toBe(true);
  });

  it("hands over to a host of a better rank, says so, and exits 0", async () => {
    const suiteRoot = await fixtures.suite();
    const incumbent = spawnHost(["--suite-root", suiteRoot, "--rank", "50"]);
    expect(await incumbent.nextLine()).toMatch(/^rightkit-bindgen host: serving /);
    const incumbentExit = once(incumbent.child, "exit");
    const successor = spawnHost(["--suite-root", suiteRoot, "--rank", "10"]);
    expect(await incumbent.nextLine()).toBe(
      `rightkit-bindgen host: handed rightkit.agent.demo over to pid ${successor.child.pid} (rank 10)`,
    );
    expect(await incumbentExit).toEqual([0, null]);
    expect(await successor.nextLine()).toMatch(/^rightkit-bindgen host: serving /);
    const recordPath = join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json");
    expect(await readJson(recordPath)).toMatchObject({ pid: successor.child.pid, rank: 10 });
    expect(await stop(successor)).toEqual([0, null]);
  });

  it("exits 1 with the reason when a live host of a better or equal rank serves", async () => {
    const suiteRoot = await fixtures.suite();
    const incumbent = await fixtures.host({ suiteRoot, rank: 10 });
    const err: string[] = [];
    const code = await runHostCommand(["--suite-root", suiteRoot, "--rank", "10"], {
      out: () => undefined,
      err: (line) => err.push(line),
    });
    expect(code).toBe(1);
    expect(err).toEqual([
      `rightkit-bindgen host: rightkit.agent.demo is already served by pid ${process.pid} (rank 10) at ${incumbent.endpoint}; ` +
        "rank 10 does not outrank it (a lower rank wins)",
    ]);
  });
});
