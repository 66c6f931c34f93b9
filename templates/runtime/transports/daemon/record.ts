/// <reference types="node" />
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { errnoCode, ToolError, type ToolErrorOptions } from "../../core/errors.js";
import { isPlainObject } from "../../core/json.js";
import { PROTOCOL_MAJOR } from "../../protocols/daemon.js";
import { hostGone } from "./liveness.js";

/** What the client takes from `service.json`; the other fields (role, rank, version, …) are the host's business. */
export type ServiceRecord = {
  endpoint: string;
  pid: number | undefined;
  /** Which publication this is, so a hand-off can tell the new host's record from the old one. */
  identity: string;
};

// A record is a few hundred bytes; anything near this is not a record.
const MAX_RECORD_BYTES = 64 * 1024;

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
  // Relative, it would depend on the caller's working directory, as a relative suite root would.
  if (typeof endpoint !== "string" || !isAbsolute(endpoint)) {
    throw unavailable(`${path} names no absolute endpoint`, false, "record_malformed", { path });
  }
  const pid = processId(parsed["pid"], path);
  if (pid !== undefined) {
    const gone = await hostGone(pid, parsed["process_started_ms"]);
    if (gone !== undefined) {
      throw unavailable(`the host of ${path} (pid ${pid}) ${gone}`, true, "stale_record", { path, pid });
    }
  }
  return { endpoint, pid, identity: JSON.stringify([pid ?? null, endpoint, parsed["started_ms"] ?? null]) };
}

/**
 * The record's `pid`, if it names one. A function returning `number | undefined` rather than a
 * check on `unknown` in place: without strictNullChecks `pid !== undefined` narrows nothing.
 */
function processId(pid: unknown, path: string): number | undefined {
  if (pid === undefined) return undefined;
  if (typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0) return pid;
  throw unavailable(`${path} has a pid that is not a process id`, false, "record_malformed", { path });
}

/**
 * How the record is opened: read-only, never blocking (opening a FIFO would otherwise wait in
 * libuv's thread pool for a writer that never comes, past every deadline and after it, and keep
 * the process alive), never through a symbolic link, never as a controlling terminal. The flags
 * a platform lacks (Windows) are 0.
 */
const OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * What `open` says of a path that is not a regular file: a symbolic link under O_NOFOLLOW
 * (ELOOP; EMLINK on the BSDs), a socket (ENXIO).
 */
const NOT_A_FILE: ReadonlySet<string> = new Set(["ELOOP", "EMLINK", "ENXIO"]);

/**
 * The record decides where our calls go, so only a record the current user wrote is followed:
 * anyone else who could write it could point us at their own socket. It is opened without
 * blocking or following a link (OPEN_FLAGS), and judged on the open handle before a byte is
 * read: a regular file, the user's, not writable by others, at most MAX_RECORD_BYTES. Anything
 * else — a FIFO, socket, device, directory or link — is `record_malformed`, at once.
 */
async function readOwnedFile(path: string): Promise<string> {
  let file;
  try {
    file = await open(path, OPEN_FLAGS);
  } catch (error) {
    const reason = errnoCode(error);
    if (reason === "ENOENT" || reason === "ENOTDIR")
      throw unavailable(`no host has published ${path}`, true, "no_record", { path });
    if (reason !== undefined && NOT_A_FILE.has(reason)) throw notARecord(path);
    throw unreadable(path, error);
  }
  try {
    const facts = await file.stat().catch((error: unknown) => {
      throw unreadable(path, error);
    });
    if (!facts.isFile()) throw notARecord(path);
    const uid = process.getuid?.();
    if (process.platform !== "win32" && uid !== undefined) {
      if (facts.uid !== uid)
        throw unavailable(`${path} belongs to another user`, false, "record_not_owned", { path });
      if ((facts.mode & 0o022) !== 0)
        throw unavailable(`${path} is writable by other users`, false, "record_writable_by_others", { path });
    }
    if (facts.size > MAX_RECORD_BYTES) throw notARecord(path);
    // One byte past the cap, so that a record grown since the stat is refused, not cut short.
    const buffer = Buffer.alloc(MAX_RECORD_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file
        .read(buffer, length, buffer.length - length, length)
        .catch((error: unknown) => {
          throw unreadable(path, error);
        });
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_RECORD_BYTES) throw notARecord(path);
    return buffer.toString("utf8", 0, length);
  } finally {
    await file.close();
  }
}

function notARecord(path: string): ToolError {
  return unavailable(`${path} is not a record`, false, "record_malformed", { path });
}

function unreadable(path: string, error: unknown): ToolError {
  return unavailable(
    `${path} cannot be read`,
    false,
    "record_unreadable",
    { path, errno: errnoCode(error) ?? null },
    error,
  );
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
