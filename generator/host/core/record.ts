import { unlink } from "node:fs/promises";
import { join } from "node:path";
import { readJsonFile, writeJsonAtomic } from "./json-file.js";
import { endpointAnswers, pidAlive } from "./liveness.js";

/** rightkit-daemon's RANK_UNKNOWN (u8::MAX): the rank of a writer that gave none; it never wins a takeover. */
export const RANK_UNKNOWN = 255;

/** service.json, field for field as rightkit-daemon's ServiceRecord writes it (snake_case). */
export type ServiceRecord = {
  protocol_major: number;
  protocol_minor: number;
  service: string;
  role: string;
  /** Lower wins the service. */
  rank: number;
  pid: number;
  /** The Unix socket path a client connects to. */
  endpoint: string;
  version: string;
  /** When the record was published (ms since the epoch). */
  started_ms: number;
  /** When the host process started (ms since the epoch), to tell a reused pid from the host. */
  process_started_ms: number;
};

/** Where one service's discovery files live in a suite. */
export type ServicePaths = {
  suiteRoot: string;
  runtimeDir: string;
  serviceDir: string;
  recordPath: string;
  takeoverPath: string;
};

export function servicePaths(suiteRoot: string, service: string): ServicePaths {
  const runtimeDir = join(suiteRoot, "runtime");
  const serviceDir = join(runtimeDir, service);
  return {
    suiteRoot,
    runtimeDir,
    serviceDir,
    recordPath: join(serviceDir, "service.json"),
    takeoverPath: join(serviceDir, "takeover.json"),
  };
}

/** This process's start time, as process_started_ms wants it. */
export function processStartedMs(): number {
  return Math.round(Date.now() - process.uptime() * 1000);
}

export function writeRecord(path: string, record: ServiceRecord): Promise<void> {
  return writeJsonAtomic(path, record);
}

/** The record at `path`, or undefined when there is none or it is not a record (both mean: no host). */
export async function readRecord(path: string): Promise<ServiceRecord | undefined> {
  return asRecord(await readJsonFile(path));
}

/** A record's host is live when its pid exists and its endpoint accepts a connection. */
export async function recordIsLive(record: ServiceRecord): Promise<boolean> {
  return pidAlive(record.pid) && (await endpointAnswers(record.endpoint));
}

/** Two records name the same host when pid and endpoint agree (one process may run several hosts). */
export function sameHost(a: ServiceRecord, b: ServiceRecord): boolean {
  return a.pid === b.pid && a.endpoint === b.endpoint && a.started_ms === b.started_ms;
}

/** Removes the record only while it is still `ours`: a successor's record is never touched. */
export async function removeRecordIfOurs(path: string, ours: ServiceRecord): Promise<void> {
  const current = await readRecord(path).catch(() => undefined);
  if (current === undefined || !sameHost(current, ours)) return;
  await unlink(path).catch(() => undefined);
}

/** Reads leniently, as serde(default) does: only pid and endpoint are needed to find a host. */
function asRecord(value: unknown): ServiceRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const pid = fields["pid"];
  const endpoint = fields["endpoint"];
  if (typeof pid !== "number" || typeof endpoint !== "string") return undefined;
  const count = (key: string, fallback: number): number => {
    const found = fields[key];
    return typeof found === "number" ? found : fallback;
  };
  const text = (key: string): string => {
    const found = fields[key];
    return typeof found === "string" ? found : "";
  };
  return {
    protocol_major: count("protocol_major", 0),
    protocol_minor: count("protocol_minor", 0),
    service: text("service"),
    role: text("role"),
    rank: count("rank", RANK_UNKNOWN),
    pid,
    endpoint,
    version: text("version"),
    started_ms: count("started_ms", 0),
    process_started_ms: count("process_started_ms", 0),
  };
}
