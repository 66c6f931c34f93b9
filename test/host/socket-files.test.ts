import { chmod, lstat, mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startHost } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const temp = await privateTempDir();
  cleanups.push(temp.remove);
  return temp.dir;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

describe("the host's socket files", () => {
  it("creates a missing directory 0700 and the socket 0600, and removes both on close", async () => {
    const dir = join(await tempDir(), "run", "rightkit");
    const socketPath = join(dir, "daemon.sock");
    const host = await startHost({ socketPath });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const socket = await lstat(socketPath);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    await host.close();
    expect(await exists(socketPath)).toBe(false);
    expect(await exists(dir)).toBe(false);
  });

  it.each([0o755, 0o750, 0o701])("refuses an existing directory with mode %o", async (mode) => {
    const dir = join(await tempDir(), "loose");
    await mkdir(dir);
    await chmod(dir, mode);
    await expect(startHost({ socketPath: join(dir, "daemon.sock") })).rejects.toThrow(/must be 0700/);
  });

  it("replaces a stale socket but refuses one a live host is listening on", async () => {
    const socketPath = join(await tempDir(), "daemon.sock");
    const first = await startHost({ socketPath });
    await expect(startHost({ socketPath })).rejects.toThrow(/another host is listening/);
    await first.close();
    const second = await startHost({ socketPath });
    await second.close();
  });

  it("refuses a path taken by a file that is not a socket", async () => {
    const socketPath = join(await tempDir(), "daemon.sock");
    await writeFile(socketPath, "not a socket");
    await expect(startHost({ socketPath })).rejects.toThrow(/not a socket/);
  });
});
