import { open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { errnoCode, ToolError, type ToolErrorOptions } from "../../core/errors.js";
import { isPlainObject } from "../../core/json.js";
import { PROTOCOL_MAJOR } from "../../protocols/daemon.js";

/** What the client takes from `service.json`; the other fields (role, rank, version, …) are the host's business. */
export type ServiceRecord = {
  endpoint: string;
  pid: number | undefined;
  /** Which publication this is, so a hand-off can tell the new host's record from the old one. */
  identity: string;
};

// A record is a few hundred bytes; anything near this is not a record.
const MAX_RECORD_BYTES = 64 * 1024;

// /proc/<pid>/stat counts in USER_HZ, which Linux fixes at 100 for user space on every architecture.
const LINUX_TICKS_PER_SECOND = 100;
// btime is whole seconds and a host measures its own start a little late; a reused pid is off by far more.
const START_TIME_TOLERANCE_MS = 2000;

const SERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `<suite>/runtime/<service>/service.json`; a service name that is not one plain path segment is refused. */
export function recordPath(suiteRoot: string, service: string): string {
  if (!SERVICE_NAME.test(service) || service.includes("..")) {
    throw unavailable(`${JSON.stringify(service)} is not a service name`, false, "bad_service_name");
  }
  return join(suiteRoot, "runtime", service, "service.json");
}

/**
 * Reads and judges the discovery record. No record, or one whose host is gone (dead pid, or a
 * pid reused by another process), is no service: `service_unavailable`, retryable — a host may
 * be starting. A record that is unreadable, malformed, of another protocol major, for another
 * service, or not the current user's is `service_unavailable` and not retryable: asking again
 * gives the same answer. Every refusal names its reason in `details.reason`.
 */
export async function readServiceRecord(suiteRoot: string, service: string): Promise<ServiceRecord> {
  const path = recordPath(suiteRoot, service);
  const text = await readOwnedFile(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw unavailable(`${path} is not JSON`, false, "record_malformed", { path }, error);
  }
  if (!isPlainObject(parsed))
    throw unavailable(`${path} is not a JSON object`, false, "record_malformed", { path });
  const major = parsed["protocol_major"];
  if (major !== PROTOCOL_MAJOR) {
    throw unavailable(
      `${path} is for protocol ${String(major)}, not ${PROTOCOL_MAJOR}`,
      false,
      "protocol_major",
      {
        path,
        found: major ?? null,
      },
    );
  }
  const named = parsed["service"];
  // `service` defaults to "" upstream (HeardRight's records omit it), so only a different name is refused.
  if (named !== undefined && named !== "" && named !== service) {
    throw unavailable(`${path} names the service ${JSON.stringify(named)}`, false, "wrong_service", { path });
  }
  const endpoint = parsed["endpoint"];
  if (typeof endpoint !== "string" || endpoint === "") {
    throw unavailable(`${path} names no endpoint`, false, "record_malformed", { path });
  }
  const pid = parsed["pid"];
  if (pid !== undefined && !(typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0)) {
    throw unavailable(`${path} has a pid that is not a process id`, false, "record_malformed", { path });
  }
  if (pid !== undefined) await assertHostAlive(pid, parsed["process_started_ms"], path);
  return { endpoint, pid, identity: JSON.stringify([pid ?? null, endpoint, parsed["started_ms"] ?? null]) };
}

/**
 * The record decides where our calls go, so only a record the current user wrote is followed:
 * anyone else who could write it could point us at their own socket.
 */
async function readOwnedFile(path: string): Promise<string> {
  let file;
  try {
    file = await open(path, "r");
  } catch (error) {
    const reason = errnoCode(error);
    if (reason === "ENOENT" || reason === "ENOTDIR")
      throw unavailable(`no host has published ${path}`, true, "no_record", { path });
    throw unavailable(`${path} cannot be read`, false, reason ?? "record_unreadable", { path }, error);
  }
  try {
    const facts = await file.stat();
    const uid = process.getuid?.();
    if (process.platform !== "win32" && uid !== undefined) {
      if (facts.uid !== uid)
        throw unavailable(`${path} belongs to another user`, false, "record_not_owned", { path });
      if ((facts.mode & 0o022) !== 0)
        throw unavailable(`${path} is writable by other users`, false, "record_writable_by_others", { path });
    }
    if (facts.size > MAX_RECORD_BYTES)
      throw unavailable(`${path} is too large to be a record`, false, "record_malformed", { path });
    return await readFile(file, "utf8");
  } finally {
    await file.close();
  }
}

async function assertHostAlive(pid: number, startedMs: unknown, path: string): Promise<void> {
  if (!isAlive(pid))
    throw unavailable(`the host of ${path} (pid ${pid}) is not running`, true, "stale_record", { path, pid });
  if (typeof startedMs !== "number") return;
  const actual = await processStartedMs(pid);
  if (actual !== undefined && Math.abs(actual - startedMs) > START_TIME_TOLERANCE_MS) {
    throw unavailable(`pid ${pid} of ${path} now belongs to another process`, true, "stale_record", {
      path,
      pid,
    });
  }
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

/** When the process started (ms since the epoch), where the platform tells without native code: Linux. */
async function processStartedMs(pid: number): Promise<number | undefined> {
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

function unavailable(
  message: string,
  retryable: boolean,
  reason: string,
  details: Record<string, unknown> = {},
  cause?: unknown,
): ToolError {
  const options: ToolErrorOptions = { retryable, details: { reason, ...details } };
  if (cause !== undefined) options.cause = cause;
  return new ToolError("service_unavailable", message, options);
}
