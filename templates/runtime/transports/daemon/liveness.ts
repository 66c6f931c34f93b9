/// <reference types="node" />
import { readFile } from "node:fs/promises";
import { errnoCode } from "../../core/errors.js";

// /proc/<pid>/stat counts in USER_HZ, which Linux fixes at 100 for user space on every architecture.
const LINUX_TICKS_PER_SECOND = 100;
// btime is whole seconds and a host measures its own start a little late; a reused pid is off by far more.
const START_TIME_TOLERANCE_MS = 2000;

/**
 * Why the host a record names is gone, or undefined while it runs: its pid is not alive, or it
 * is alive but started at another time than the record says (a reused pid). The start time is
 * compared where the platform tells it without native code (Linux); elsewhere plain liveness.
 */
export async function hostGone(pid: number, processStartedMs: unknown): Promise<string | undefined> {
  if (!isAlive(pid)) return "is not running";
  if (typeof processStartedMs !== "number") return undefined;
  const actual = await startedMs(pid);
  if (actual !== undefined && Math.abs(actual - processStartedMs) > START_TIME_TOLERANCE_MS) {
    return "is gone: its pid now belongs to another process";
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is not ours to signal; the endpoint's owner check decides.
    return errnoCode(error) === "EPERM";
  }
}

/** When the process started, in ms since the epoch (Linux), else undefined. */
async function startedMs(pid: number): Promise<number | undefined> {
  if (process.platform !== "linux") return undefined;
  try {
    const [stat, system] = await Promise.all([
      readFile(`/proc/${pid}/stat`, "utf8"),
      readFile("/proc/stat", "utf8"),
    ]);
    // The command name (field 2) may hold spaces and parentheses; fields after its last ")" are plain.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticksSinceBoot = Number(fields[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(system)?.[1]);
    if (!Number.isFinite(ticksSinceBoot) || !Number.isFinite(bootSeconds)) return undefined;
    return bootSeconds * 1000 + (ticksSinceBoot * 1000) / LINUX_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
