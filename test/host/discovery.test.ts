import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, lstat, mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { writeJsonAtomic } from "../../generator/host/core/json-file.js";
import { GENERATOR_VERSION } from "../../generator/version.js";
import { call, DaemonFixtures, deadPid, readJson } from "./support/daemon.js";

const fixtures = new DaemonFixtures();
afterEach(() => fixtures.cleanup());

const SERVICE_DIR = join("runtime", "rightkit.agent.demo");

const mode = async (path: string): Promise<number> => (await lstat(path)).mode & 0o777;
const exists = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    () => false,
  );

function connects(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A socket file whose listener was killed, as a crashed host leaves it. */
async function orphanedSocket(path: string): Promise<number> {
  const listen = `require("net").createServer().listen(${JSON.stringify(path)}, () => console.log("up"))`;
  const child = spawn(process.execPath, ["-e", listen], { stdio: ["ignore", "pipe", "inherit"] });
  await once(createInterface({ input: child.stdout }), "line");
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
  return child.pid ?? 0;
}

describe("the discovery record", () => {
  it("is written with every field once the socket listens, in 0700 directories, 0600 itself", async () => {
    const suiteRoot = await fixtures.suite();
    const before = Date.now();
    const host = await fixtures.host({ suiteRoot, rank: 42 });
    const serviceDir = join(suiteRoot, SERVICE_DIR);
    expect(host.recordPath).toBe(join(serviceDir, "service.json"));
    const record = await readJson(host.recordPath);
    expect(record).toEqual({
      protocol_major: 1,
      protocol_minor: 0,
      service: "rightkit.agent.demo",
      role: "rightkit_bindgen_conformance_host",
      rank: 42,
      pid: process.pid,
      endpoint: host.endpoint,
      version: GENERATOR_VERSION,
      started_ms: expect.any(Number),
      process_started_ms: expect.any(Number),
    });
    expect(record).toEqual(host.record);
    expect(record["started_ms"]).toBeGreaterThanOrEqual(before);
    expect(record["process_started_ms"]).toBeLessThanOrEqual(before);
    // This process's start, from the same two clocks the host reads (only rounding and drift apart).
    expect(Math.abs(Number(record["process_started_ms"]) - (Date.now() - process.uptime() * 1000))).toBeLessThan(1000);
    expect(dirname(host.endpoint)).toBe(serviceDir);
    expect(host.endpoint).toMatch(new RegExp(`/host-${process.pid}-[0-9a-f]{6}\\.sock$`));
    expect(await mode(host.recordPath)).toBe(0o600);
    expect(await mode(join(suiteRoot, "runtime"))).toBe(0o700);
    expect(await mode(serviceDir)).toBe(0o700);
    expect((await lstat(host.endpoint)).isSocket()).toBe(true);
    expect(await mode(host.endpoint)).toBe(0o600);
    expect(await connects(host.endpoint)).toBe(true);
    // No temp file is left beside the record.
    expect((await readdir(serviceDir)).sort()).toEqual([host.endpoint.slice(serviceDir.length + 1), "service.json"].sort());
  });

  it("is removed on close, with the socket; the directories stay for the next host", async () => {
    const suiteRoot = await fixtures.suite();
    const host = await fixtures.host({ suiteRoot });
    await host.close();
    expect(await exists(host.recordPath)).toBe(false);
    expect(await exists(host.endpoint)).toBe(false);
    expect(await readdir(join(suiteRoot, SERVICE_DIR))).toEqual([]);
  });

  it("replaces a record whose pid is dead, whatever its rank, and removes its orphaned socket", async () => {
    const suiteRoot = await fixtures.suite();
    const serviceDir = join(suiteRoot, SERVICE_DIR);
    await mkdir(serviceDir, { recursive: true, mode: 0o700 });
    const orphan = join(serviceDir, "host-crashed.sock");
    const pid = await orphanedSocket(orphan);
    await writeJsonAtomic(join(serviceDir, "service.json"), { protocol_major: 1, pid, rank: 0, endpoint: orphan, started_ms: 1 });
    const host = await fixtures.host({ suiteRoot });
    expect(await readJson(host.recordPath)).toMatchObject({ pid: process.pid, endpoint: host.endpoint });
    expect(await exists(orphan)).toBe(false);
  });

  it.each([
    [
      "a live pid whose endpoint does not answer",
      async (dir: string) => ({ pid: process.pid, rank: 0, endpoint: join(dir, "gone.sock") }),
    ],
    ["a dead pid", async (dir: string) => ({ pid: await deadPid(), rank: 0, endpoint: join(dir, "gone.sock") })],
  ])("replaces a stale record with %s", async (_, stale) => {
    const suiteRoot = await fixtures.suite();
    const serviceDir = join(suiteRoot, SERVICE_DIR);
    await mkdir(serviceDir, { recursive: true, mode: 0o700 });
    await writeJsonAtomic(join(serviceDir, "service.json"), { protocol_major: 1, started_ms: 1, ...(await stale(serviceDir)) });
    const host = await fixtures.host({ suiteRoot, rank: 200 });
    expect(await readJson(host.recordPath)).toMatchObject({ pid: process.pid, rank: 200, endpoint: host.endpoint });
  });

  it("replaces a record that is not JSON", async () => {
    const suiteRoot = await fixtures.suite();
    await mkdir(join(suiteRoot, SERVICE_DIR), { recursive: true, mode: 0o700 });
    await writeFile(join(suiteRoot, SERVICE_DIR, "service.json"), "{half a rec");
    const host = await fixtures.host({ suiteRoot });
    expect(await readJson(host.recordPath)).toMatchObject({ endpoint: host.endpoint });
  });

  it("refuses a runtime directory that others may enter", async () => {
    const suiteRoot = await fixtures.suite();
    await mkdir(join(suiteRoot, "runtime"), { mode: 0o755 });
    await chmod(join(suiteRoot, "runtime"), 0o755);
    await expect(fixtures.host({ suiteRoot })).rejects.toThrow(/mode 755, a private directory must be 0700/);
  });
});

describe("the endpoint", () => {
  it("moves to a fresh 0700 directory under the temp dir when the suite path is too long for sun_path", async () => {
    const suiteRoot = join(await fixtures.suite(), "a-rather-long-directory-name".repeat(3));
    const host = await fixtures.host({ suiteRoot });
    const dir = dirname(host.endpoint);
    expect(Buffer.byteLength(join(suiteRoot, SERVICE_DIR, "host-1234567-abcdef.sock"))).toBeGreaterThan(107);
    expect(dirname(dir)).toBe(tmpdir());
    expect(await mode(dir)).toBe(0o700);
    expect((await readJson(host.recordPath))["endpoint"]).toBe(host.endpoint);
    const { client } = await fixtures.helloed(host);
    expect((await call(client, 1, "ping")).response).toMatchObject({ status: "ok" });
    await client.close();
    await host.close();
    expect(await exists(dir)).toBe(false);
  });

  it("can be chosen, in a directory made 0700", async () => {
    const suiteRoot = await fixtures.suite();
    const endpoint = join(suiteRoot, "sockets", "demo.sock");
    const host = await fixtures.host({ suiteRoot, endpoint });
    expect(host.endpoint).toBe(endpoint);
    expect((await readJson(host.recordPath))["endpoint"]).toBe(endpoint);
    expect(await mode(dirname(endpoint))).toBe(0o700);
  });
});

describe("writeJsonAtomic", () => {
  it("replaces the file by rename (a new inode), mode 0600, leaving no temp file", async () => {
    const dir = await fixtures.suite();
    const path = join(dir, "record.json");
    await writeFile(path, "old", { mode: 0o644 });
    const old = await stat(path);
    await writeJsonAtomic(path, { fresh: true });
    const now = await stat(path);
    expect(now.ino).not.toBe(old.ino);
    expect(now.mode & 0o777).toBe(0o600);
    expect(await readJson(path)).toEqual({ fresh: true });
    expect(await readdir(dir)).toEqual(["record.json"]);
  });

  it("removes its temp file when the rename fails", async () => {
    const dir = await fixtures.suite();
    await mkdir(join(dir, "in-the-way"));
    await writeFile(join(dir, "in-the-way", "keep"), "");
    await expect(writeJsonAtomic(join(dir, "in-the-way"), {})).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["in-the-way"]);
  });
});
