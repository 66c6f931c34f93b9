import { unlink } from "node:fs/promises";
import { readJsonFile, writeJsonAtomic } from "./json-file.js";
import { pidAlive } from "./liveness.js";
import { readRecord, recordIsLive, sameHost, type ServiceRecord } from "./record.js";
import { StartRefusal } from "./start-refusal.js";

/** takeover.json: a would-be host that outranks the incumbent asks it to hand the service over. */
export type TakeoverRequest = {
  service: string;
  rank: number;
  pid: number;
  /** Tells this request from any other, also from a host in the same process. */
  nonce: string;
  requested_ms: number;
};

export function writeTakeover(path: string, request: TakeoverRequest): Promise<void> {
  return writeJsonAtomic(path, request);
}

/** Removes takeover.json if it is still the request `nonce` made. */
export async function withdrawTakeover(path: string, nonce: string): Promise<void> {
  const current = await readTakeover(path).catch(() => undefined);
  if (current?.nonce === nonce) await unlink(path).catch(() => undefined);
}

export async function readTakeover(path: string): Promise<TakeoverRequest | undefined> {
  const value = await readJsonFile(path);
  if (typeof value !== "object" || value === null) return undefined;
  const { service, rank, pid, nonce, requested_ms: requestedMs } = value as Partial<Record<keyof TakeoverRequest, unknown>>;
  if (typeof rank !== "number" || typeof pid !== "number") return undefined;
  return {
    service: typeof service === "string" ? service : "",
    rank,
    pid,
    nonce: typeof nonce === "string" ? nonce : "",
    requested_ms: typeof requestedMs === "number" ? requestedMs : 0,
  };
}

export type ReleaseWait = { rank: number; pollMs: number; timeoutMs: number };

/**
 * Waits until `incumbent` released the service: its record is gone, or its pid is dead, or its
 * endpoint no longer answers. A host that published meanwhile is waited for in turn when we
 * outrank it, and ends the wait when we do not.
 */
export async function awaitRelease(recordPath: string, incumbent: ServiceRecord, wait: ReleaseWait): Promise<void> {
  const deadline = Date.now() + wait.timeoutMs;
  let holder = incumbent;
  for (;;) {
    const current = await readRecord(recordPath);
    if (current === undefined || !(await recordIsLive(current))) return;
    if (!sameHost(current, holder)) {
      if (!outranks(wait.rank, current.rank)) throw new StartRefusal(outrankedBy(current, wait.rank));
      holder = current;
    }
    if (Date.now() >= deadline) {
      throw new StartRefusal(
        `pid ${holder.pid} (rank ${holder.rank}) did not hand ${holder.service || "the service"} over within ${wait.timeoutMs} ms`,
      );
    }
    await sleep(wait.pollMs);
  }
}

/** Lower rank wins; a tie keeps the incumbent. */
export function outranks(rank: number, incumbentRank: number): boolean {
  return rank < incumbentRank;
}

export function outrankedBy(incumbent: ServiceRecord, rank: number): string {
  return (
    `${incumbent.service || "the service"} is already served by pid ${incumbent.pid} (rank ${incumbent.rank}) at ` +
    `${incumbent.endpoint}; rank ${rank} does not outrank it (a lower rank wins)`
  );
}

export type TakeoverWatch = { stop(): void };

/**
 * Whether a host of `rank` must hand over to `request`: not its own request, the requester
 * outranks it, and is alive (one killed while waiting must not make the host hand off to no one).
 */
export function takeoverApplies(request: TakeoverRequest, host: { rank: number; nonce: string }): boolean {
  return request.nonce !== host.nonce && outranks(request.rank, host.rank) && pidAlive(request.pid);
}

/**
 * The incumbent's side: looks for takeover.json every `pollMs` (rightkit-daemon checks once a
 * second) and reports the first request that outranks `rank`, once. Its own request, and one
 * whose author is dead, are ignored.
 */
export function watchTakeover(
  path: string,
  watch: { rank: number; nonce: string; pollMs: number; onRequest(request: TakeoverRequest): void },
): TakeoverWatch {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    const request = await readTakeover(path).catch(() => undefined);
    if (stopped) return;
    if (request && takeoverApplies(request, watch)) {
      stopped = true;
      watch.onRequest(request);
      return;
    }
    timer = setTimeout(() => void tick(), watch.pollMs);
  };
  timer = setTimeout(() => void tick(), watch.pollMs);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
