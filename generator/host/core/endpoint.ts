import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { maxSocketPathBytes } from "./limits.js";
import { prepareSocketPath } from "./socket-dir.js";
import { StartRefusal } from "./start-refusal.js";

/** The socket a host listens on, and how to remove what choosing it created. */
export type Endpoint = { path: string; release(): Promise<void> };

/**
 * The given socket path (its directory made or checked 0700), or by default a fresh socket in
 * the service's own 0700 directory. A deep suite root can make that path too long for sun_path;
 * then the socket goes to a fresh 0700 directory under the temp dir: the record says where.
 */
export async function chooseEndpoint(serviceDir: string, given: string | undefined): Promise<Endpoint> {
  if (given !== undefined) {
    const path = resolve(given);
    assertFits(path);
    const { createdDir } = await prepareSocketPath(path);
    return { path, release: () => removeDir(createdDir) };
  }
  // The random part keeps two hosts of one process (a takeover test) apart.
  const name = `host-${process.pid}-${randomBytes(3).toString("hex")}.sock`;
  const beside = join(serviceDir, name);
  if (fits(beside)) return { path: beside, release: () => Promise.resolve() };
  const dir = await mkdtemp(join(tmpdir(), "rk-host-"));
  await chmod(dir, 0o700);
  const path = join(dir, name);
  if (!fits(path)) {
    await removeDir(dir);
    assertFits(path);
  }
  return { path, release: () => removeDir(dir) };
}

function fits(path: string): boolean {
  return Buffer.byteLength(path) <= maxSocketPathBytes();
}

function assertFits(path: string): void {
  if (!fits(path)) {
    throw new StartRefusal(
      `refusing ${path}: ${Buffer.byteLength(path)} bytes, a Unix socket path takes at most ${maxSocketPathBytes()}`,
    );
  }
}

async function removeDir(dir: string | undefined): Promise<void> {
  if (dir !== undefined) await rmdir(dir).catch(() => undefined);
}
