import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { lstat, mkdir, unlink } from "node:fs/promises";
import { dirname, isAbsolute } from "node:path";
import type { Allowlist } from "./allowlist.js";
import { openDaemonSession, type DaemonHostState } from "./daemon-session.js";
import { chooseEndpoint } from "./endpoint.js";
import type { PeerCheck } from "./peer.js";
import { PROTOCOL_MAJOR, PROTOCOL_MINOR } from "./protocols/daemon.js";
import {
  processStartedMs,
  readRecord,
  recordIsLive,
  removeRecordIfOurs,
  servicePaths,
  writeRecord,
  type ServicePaths,
  type ServiceRecord,
} from "./record.js";
import { listenPrivate } from "./server.js";
import type { Service } from "./service.js";
import { ensurePrivateDir } from "./socket-dir.js";
import { awaitRelease, outrankedBy, outranks, watchTakeover, withdrawTakeover, writeTakeover } from "./takeover.js";

export type DaemonHostConfig = {
  service: Service;
  /** Absolute. */
  suiteRoot: string;
  rank: number;
  role: string;
  version: string;
  /** The socket to listen on; undefined picks one (endpoint.ts). */
  endpoint: string | undefined;
  scenario(): string;
  allowlist: Allowlist;
  handshakeTimeoutMs: number;
  takeoverPollMs: number;
  /** How long a newcomer waits for the incumbent to release the service. */
  takeoverTimeoutMs: number;
  /** How long a handing-off host lets running calls answer before it closes anyway. */
  handoffGraceMs: number;
  peerCheck: PeerCheck | undefined;
  events: EventEmitter;
};

/** The newcomer this host handed its service to. */
export type HandOff = { pid: number; rank: number };

export type DaemonHost = {
  readonly paths: ServicePaths;
  readonly endpoint: string;
  readonly record: ServiceRecord;
  connectionCount(): number;
  idle(): Promise<void>;
  protocolViolations(): number;
  /** Resolves once this host handed its service over to a higher-ranked host (never on a plain close). */
  readonly handedOff: Promise<HandOff>;
  close(): Promise<void>;
};

/**
 * A rightkit-daemon host for one service in one suite: it listens, then (after any takeover)
 * publishes <suite>/runtime/<service>/service.json, and watches for a takeover of its own.
 */
export async function startDaemonHost(config: DaemonHostConfig): Promise<DaemonHost> {
  if (!isAbsolute(config.suiteRoot)) throw new Error(`the suite root must be an absolute path, not ${config.suiteRoot}`);
  const paths = servicePaths(config.suiteRoot, config.service.name);
  await preparePrivateTree(paths);
  const incumbent = await liveIncumbent(paths);
  if (incumbent && !outranks(config.rank, incumbent.rank)) throw new Error(outrankedBy(incumbent, config.rank));

  const endpoint = await chooseEndpoint(paths.serviceDir, config.endpoint);
  const nonce = randomBytes(8).toString("hex");
  const handoff = new AbortController();
  const running = new Set<Promise<void>>();
  let violations = 0;
  let handoffOnceTaken = false;
  const state: DaemonHostState = {
    service: config.service,
    identity: { service: config.service.name, role: config.role, version: config.version },
    allowlist: config.allowlist,
    scenario: config.scenario,
    handshakeTimeoutMs: config.handshakeTimeoutMs,
    events: config.events,
    handoff: handoff.signal,
    violation: (reason) => {
      violations += 1;
      config.events.emit("violation", { reason });
    },
    takeHandoffOnce: () => {
      if (handoffOnceTaken) return false;
      handoffOnceTaken = true;
      return true;
    },
    track: (answered) => {
      running.add(answered);
      const forget = (): boolean => running.delete(answered);
      answered.then(forget, forget);
    },
  };
  const listener = await listenPrivate({
    socketPath: endpoint.path,
    peerCheck: config.peerCheck,
    events: config.events,
    openSession: (connection) => openDaemonSession(connection, state),
  }).catch(async (error: unknown) => {
    await endpoint.release();
    throw error;
  });

  let record: ServiceRecord;
  try {
    if (incumbent) {
      const request = { service: config.service.name, rank: config.rank, pid: process.pid, nonce, requested_ms: Date.now() };
      await writeTakeover(paths.takeoverPath, request);
      await awaitRelease(paths.recordPath, incumbent, {
        rank: config.rank,
        pollMs: config.takeoverPollMs,
        timeoutMs: config.takeoverTimeoutMs,
      });
    }
    record = {
      protocol_major: PROTOCOL_MAJOR,
      protocol_minor: PROTOCOL_MINOR,
      service: config.service.name,
      role: config.role,
      rank: config.rank,
      pid: process.pid,
      endpoint: endpoint.path,
      version: config.version,
      started_ms: Date.now(),
      process_started_ms: processStartedMs(),
    };
    await writeRecord(paths.recordPath, record);
  } catch (error) {
    await listener.close();
    await endpoint.release();
    throw error;
  } finally {
    // The request has done its work (or failed); left behind it would hand off its own author.
    if (incumbent) await withdrawTakeover(paths.takeoverPath, nonce);
  }
  const published = record;

  let announceHandOff: (to: HandOff) => void = () => undefined;
  const handedOff = new Promise<HandOff>((resolve) => {
    announceHandOff = resolve;
  });
  let finishing: Promise<void> | undefined;

  const handOver = async (to: HandOff): Promise<void> => {
    // From here every new request answers host_handoff, and a waiting call gives up at its safe point.
    handoff.abort();
    await settleWithin([...running], config.handoffGraceMs);
    await removeRecordIfOurs(paths.recordPath, published);
    await listener.finish();
    await endpoint.release();
    config.service.stop();
    config.events.emit("handoff", to);
    announceHandOff(to);
  };
  const watch = watchTakeover(paths.takeoverPath, {
    rank: config.rank,
    nonce,
    pollMs: config.takeoverPollMs,
    onRequest: (request) => {
      finishing ??= handOver({ pid: request.pid, rank: request.rank });
      // Nobody awaits a hand-off the watcher started; close() hands its outcome to whoever calls it.
      finishing.catch(() => undefined);
    },
  });

  return {
    paths,
    endpoint: endpoint.path,
    record: published,
    connectionCount: listener.connectionCount,
    idle: listener.idle,
    protocolViolations: () => violations,
    handedOff,
    close: () => {
      finishing ??= (async () => {
        watch.stop();
        config.service.stop();
        // Unpublished first, so no client discovers a host that is going away.
        await removeRecordIfOurs(paths.recordPath, published);
        await listener.close();
        await endpoint.release();
      })();
      return finishing;
    },
  };
}

/** The suite root as given (made if missing), and runtime/<service>/ made or checked 0700. */
async function preparePrivateTree(paths: ServicePaths): Promise<void> {
  await mkdir(paths.suiteRoot, { recursive: true, mode: 0o700 });
  await ensurePrivateDir(paths.runtimeDir);
  await ensurePrivateDir(paths.serviceDir);
}

/**
 * The host the record names when it is live. A stale record (dead pid, or an endpoint that does
 * not answer) is simply replaced later; its socket file, if it sits in the service directory, goes now.
 */
async function liveIncumbent(paths: ServicePaths): Promise<ServiceRecord | undefined> {
  const found = await readRecord(paths.recordPath);
  if (found === undefined) return undefined;
  if (await recordIsLive(found)) return found;
  if (dirname(found.endpoint) === paths.serviceDir) {
    const stale = await lstat(found.endpoint).catch(() => undefined);
    if (stale?.isSocket()) await unlink(found.endpoint).catch(() => undefined);
  }
  return undefined;
}

async function settleWithin(calls: readonly Promise<void>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(calls), bound]);
  clearTimeout(timer);
}
