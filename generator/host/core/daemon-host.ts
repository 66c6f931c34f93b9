import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { lstat, mkdir, unlink } from "node:fs/promises";
import { dirname, isAbsolute } from "node:path";
import type { Allowlist } from "./allowlist.js";
import { DaemonSession, type DaemonHostState } from "./daemon-session.js";
import { chooseEndpoint, type Endpoint } from "./endpoint.js";
import type { PeerCheck } from "./peer.js";
import { PROTOCOL_MAJOR, PROTOCOL_MINOR, type HostIdentity } from "./protocols/daemon.js";
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
import { listenPrivate, type Listener } from "./server.js";
import type { Service } from "./service.js";
import { ensurePrivateDir } from "./socket-dir.js";
import { StartRefusal } from "./start-refusal.js";
import {
  awaitRelease,
  outrankedBy,
  outranks,
  watchTakeover,
  withdrawTakeover,
  writeTakeover,
  type TakeoverRequest,
  type TakeoverWatch,
} from "./takeover.js";

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

/** A host that listens, its takeover done and its record written: all it needs to serve. */
type Published = {
  paths: ServicePaths;
  endpoint: Endpoint;
  listener: Listener;
  sessions: SessionsShared;
  record: ServiceRecord;
  /** Tells this host's own takeover request from a newcomer's. */
  nonce: string;
};

/**
 * Where a started host stands. Serving, it watches for a takeover; the first of a takeover and
 * close() ends it, and whoever asks later gets that same ending.
 */
type HostStage =
  | { kind: "serving"; watch: TakeoverWatch }
  | { kind: "handingOff"; done: Promise<void> }
  | { kind: "closing"; done: Promise<void> };

/** Starts a daemon host (DaemonHost.start). */
export function startDaemonHost(config: DaemonHostConfig): Promise<DaemonHost> {
  return DaemonHost.start(config);
}

/**
 * A rightkit-daemon host for one service in one suite: it listens, then (after any takeover)
 * publishes <suite>/runtime/<service>/service.json, and watches for a takeover of its own.
 */
export class DaemonHost {
  readonly paths: ServicePaths;
  readonly endpoint: string;
  readonly record: ServiceRecord;
  /** Resolves once this host handed its service over to a higher-ranked host (never on a plain close). */
  readonly handedOff: Promise<HandOff>;
  readonly #config: DaemonHostConfig;
  readonly #endpoint: Endpoint;
  readonly #listener: Listener;
  readonly #sessions: SessionsShared;
  readonly #announceHandOff: (to: HandOff) => void;
  #stage: HostStage;

  static async start(config: DaemonHostConfig): Promise<DaemonHost> {
    if (!isAbsolute(config.suiteRoot)) throw new StartRefusal(`the suite root must be an absolute path, not ${config.suiteRoot}`);
    const paths = servicePaths(config.suiteRoot, config.service.name);
    await preparePrivateTree(paths);
    const incumbent = await liveIncumbent(paths);
    if (incumbent && !outranks(config.rank, incumbent.rank)) throw new StartRefusal(outrankedBy(incumbent, config.rank));

    const endpoint = await chooseEndpoint(paths.serviceDir, config.endpoint);
    const nonce = randomBytes(8).toString("hex");
    // Made before listening: a client may connect the moment the socket exists.
    const sessions = new SessionsShared(config);
    const listener = await listenPrivate({
      socketPath: endpoint.path,
      peerCheck: config.peerCheck,
      events: config.events,
      openSession: (connection) => new DaemonSession(connection, sessions),
    }).catch(async (error: unknown) => {
      await endpoint.release();
      throw error;
    });
    const record = await publish(config, { paths, endpoint, listener, nonce }, incumbent);
    return new DaemonHost(config, { paths, endpoint, listener, sessions, record, nonce });
  }

  private constructor(config: DaemonHostConfig, published: Published) {
    this.paths = published.paths;
    this.endpoint = published.endpoint.path;
    this.record = published.record;
    this.#config = config;
    this.#endpoint = published.endpoint;
    this.#listener = published.listener;
    this.#sessions = published.sessions;
    let announce: (to: HandOff) => void = () => undefined;
    this.handedOff = new Promise<HandOff>((resolve) => {
      announce = resolve;
    });
    this.#announceHandOff = announce;
    const watch = watchTakeover(published.paths.takeoverPath, {
      rank: config.rank,
      nonce: published.nonce,
      pollMs: config.takeoverPollMs,
      onRequest: (request) => this.#takenOver(request),
    });
    this.#stage = { kind: "serving", watch };
  }

  connectionCount(): number {
    return this.#listener.connectionCount();
  }

  idle(): Promise<void> {
    return this.#listener.idle();
  }

  /** A property, not a method: callers pass it on unbound (start.ts's handle does). */
  readonly protocolViolations = (): number => this.#sessions.violations;

  close(): Promise<void> {
    if (this.#stage.kind !== "serving") return this.#stage.done;
    this.#stage.watch.stop();
    this.#stage = { kind: "closing", done: this.#closeNow() };
    return this.#stage.done;
  }

  async #closeNow(): Promise<void> {
    this.#config.service.stop();
    // Unpublished first, so no client discovers a host that is going away.
    await removeRecordIfOurs(this.paths.recordPath, this.record);
    await this.#listener.close();
    await this.#endpoint.release();
  }

  #takenOver(request: TakeoverRequest): void {
    if (this.#stage.kind === "serving") {
      this.#stage = { kind: "handingOff", done: this.#handOver({ pid: request.pid, rank: request.rank }) };
    }
    // Nobody awaits a hand-off the watcher started; close() hands its outcome to whoever calls it.
    this.#stage.done.catch(() => undefined);
  }

  async #handOver(to: HandOff): Promise<void> {
    await this.#sessions.handOff(this.#config.handoffGraceMs);
    await removeRecordIfOurs(this.paths.recordPath, this.record);
    await this.#listener.finish();
    await this.#endpoint.release();
    this.#config.service.stop();
    this.#config.events.emit("handoff", to);
    this.#announceHandOff(to);
  }
}

/**
 * What every daemon session of one host shares (DaemonHostState), with the host's side of it:
 * the hand-off signal, the count of protocol breaches, handoff_once's one hand-off, and the
 * service calls still running.
 */
class SessionsShared implements DaemonHostState {
  readonly service: Service;
  readonly identity: HostIdentity;
  readonly allowlist: Allowlist;
  readonly scenario: () => string;
  readonly handshakeTimeoutMs: number;
  readonly events: EventEmitter;
  readonly handoff: AbortSignal;
  readonly #handingOff = new AbortController();
  readonly #running = new Set<Promise<void>>();
  #violations = 0;
  #handoffOnceTaken = false;

  constructor(config: DaemonHostConfig) {
    this.service = config.service;
    this.identity = { service: config.service.name, role: config.role, version: config.version };
    this.allowlist = config.allowlist;
    this.scenario = config.scenario;
    this.handshakeTimeoutMs = config.handshakeTimeoutMs;
    this.events = config.events;
    this.handoff = this.#handingOff.signal;
  }

  get violations(): number {
    return this.#violations;
  }

  violation(reason: string): void {
    this.#violations += 1;
    this.events.emit("violation", { reason });
  }

  takeHandoffOnce(): boolean {
    if (this.#handoffOnceTaken) return false;
    this.#handoffOnceTaken = true;
    return true;
  }

  track(answered: Promise<void>): void {
    this.#running.add(answered);
    const forget = (): boolean => this.#running.delete(answered);
    answered.then(forget, forget);
  }

  /** Resolves once the calls running now answered, or after `graceMs`, whichever comes first. */
  async handOff(graceMs: number): Promise<void> {
    // From here every new request answers host_handoff, and a waiting call gives up at its safe point.
    this.#handingOff.abort();
    await settleWithin([...this.#running], graceMs);
  }
}

/**
 * Takes the service over from `incumbent`, if there is one, then writes this host's record. On
 * failure the listener and endpoint go too: nothing of a host that never started stays behind.
 */
async function publish(
  config: DaemonHostConfig,
  listening: Omit<Published, "sessions" | "record">,
  incumbent: ServiceRecord | undefined,
): Promise<ServiceRecord> {
  const { paths, endpoint, listener, nonce } = listening;
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
    const record: ServiceRecord = {
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
    return record;
  } catch (error) {
    await listener.close();
    await endpoint.release();
    throw error;
  } finally {
    // The request has done its work (or failed); left behind it would hand off its own author.
    if (incumbent) await withdrawTakeover(paths.takeoverPath, nonce);
  }
}

/** The suite root as given (made if missing), and runtime/<service>/ made or checked 0700. */
export async function preparePrivateTree(paths: ServicePaths): Promise<void> {
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
