import { randomBytes } from "node:crypto";
import { open, readFile, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { errnoCode } from "./errno.js";

/**
 * Writes `value` as JSON so a reader sees the old file or the whole new one, never half of it:
 * the text goes to a fresh temp file beside it (same directory, so the rename stays on one
 * filesystem), which is given its mode, synced and renamed over `path`.
 */
export async function writeJsonAtomic(path: string, value: unknown, mode = 0o600): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const file = await open(temp, "wx", mode);
  try {
    await file.writeFile(`${JSON.stringify(value, null, 2)}\n`, "utf8");
    // open()'s mode went through the umask; set it exactly.
    await file.chmod(mode);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** The JSON in `path`, or undefined when the file is missing or is not JSON (other I/O errors throw). */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
