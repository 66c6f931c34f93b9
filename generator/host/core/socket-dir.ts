import { chmod, lstat, mkdir, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { errnoCode } from "./errno.js";
import { endpointAnswers } from "./liveness.js";
import { StartRefusal } from "./start-refusal.js";

/**
 * Makes `socketPath` ready to listen on, under the daemon's user-only rule: its directory is
 * created 0700 when missing, and refused when it exists with any group/other permission bits
 * or another owner. A stale socket file left by a dead host is removed; a live one is not.
 * Returns whether the directory was created, so close() can remove exactly what it made.
 */
export async function prepareSocketPath(socketPath: string): Promise<{ createdDir: string | undefined }> {
  if (process.platform === "win32") throw new StartRefusal("the conformance host serves Unix sockets only");
  const dir = dirname(resolve(socketPath));
  const createdDir = await ensurePrivateDir(dir);
  await removeStaleSocket(socketPath);
  return { createdDir };
}

/** Makes `dir` (and missing parents) a directory only this user can enter; returns it when it was created. */
export async function ensurePrivateDir(dir: string): Promise<string | undefined> {
  try {
    const found = await lstat(dir);
    if (!found.isDirectory()) throw new StartRefusal(`refusing ${dir}: not a directory`);
    if (found.uid !== process.getuid?.()) throw new StartRefusal(`refusing ${dir}: owned by uid ${found.uid}, not by this user`);
    if ((found.mode & 0o077) !== 0) {
      throw new StartRefusal(`refusing ${dir}: mode ${(found.mode & 0o777).toString(8)}, a private directory must be 0700`);
    }
    return undefined;
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered through the umask; set it exactly.
  await chmod(dir, 0o700);
  return dir;
}

async function removeStaleSocket(socketPath: string): Promise<void> {
  let found;
  try {
    found = await lstat(socketPath);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return;
    throw error;
  }
  if (!found.isSocket()) throw new StartRefusal(`refusing ${socketPath}: a file that is not a socket is in the way`);
  if (await endpointAnswers(socketPath)) throw new StartRefusal(`refusing ${socketPath}: another host is listening there`);
  await unlink(socketPath);
}
