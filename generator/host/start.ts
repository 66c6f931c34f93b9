import { EventEmitter } from "node:events";
import { resolve } from "node:path";
import { GENERATOR_VERSION } from "../version.js";
import type { Allowlist } from "./core/allowlist.js";
import type { HostStream } from "./core/connection.js";
import { startDaemonHost, type HandOff } from "./core/daemon-host.js";
import type { Protocol } from "./core/faults.js";
import { serveJsonRpcStream, startJsonRpcHost } from "./core/jsonrpc-host.js";
import { peerCheckUnavailable, platformPeerCheck, type PeerCheck } from "./core/peer.js";
import { RANK_UNKNOWN, type ServiceRecord } from "./core/record.js";
import type { Service } from "./core/service.js";
import { StartRefusal } from "./core/start-refusal.js";
import { assertScenario, DEFAULT_SERVICE, isServiceScenario, type ScenarioName, type ServiceName } from "./scenarios.js";
import { isAgentcliScenario } from "./services/agentcli/scenarios.js";
import { AgentcliService } from "./services/agentcli/service.js";
import { DEMO_ALLOWLIST } from "./services/demo/allowlist.js";
import { isDemoScenario, type DemoScenario } from "./services/demo/scenarios.js";
import { DemoService, type ConsentScript, type EndResult } from "./services/demo/service.js";
import { INT64_ALLOWLIST, Int64Service } from "./services/int64/service.js";

/**
 * A service of the caller's own, served in place of a named one (`rightkit-bindgen mock` serves
 * any contract this way), with the apps a daemon host lets call it. The fault scenarios still
 * apply; the named services' own scenarios do not.
 */
export type GivenService = { readonly service: Service; readonly allowlist: Allowlist };

/** The JSON-RPC 2.0 host on a Unix socket, as before the daemon protocol existed. */
export type HostOptions = {
  socketPath: string;
  /** Which service answers: demo (the default) or int64; agentcli is served on stdio only. */
  service?: SocketServiceName;
  /** Serve this service instead of a named one (`service` and `consent` are then unused). */
  given?: GivenService;
  scenario?: ScenarioName;
  consent?: ConsentScript;
  /** How many answers out_of_order holds before sending them newest first. Default 3. */
  outOfOrderWindow?: number;
  /** Checks each peer's uid as the daemon host does. Default off, so this host behaves as it always did. */
  peerCheck?: boolean | PeerCheck;
};

/** What both hosts' handles offer. */
type HostControls = {
  /** "request" and "answer" carry `{ method, id }`; "connection" fires per client, "idle" when none is left. */
  readonly events: EventEmitter;
  scenario(): ScenarioName;
  /** Throws for a scenario this host's protocol cannot run. */
  setScenario(scenario: ScenarioName): void;
  /** Open client connections right now. */
  connectionCount(): number;
  /** Resolves once no client connection is open (at once if none is). */
  idle(): Promise<void>;
  /** The kill control: ends one session, or every active one, with bundle_state "killed". */
  kill(session?: string): EndResult[];
  /** Every session token the demo service has issued (tests prove no client output shows one); none for int64. */
  issuedTokens(): readonly string[];
  close(): Promise<void>;
};

export type HostHandle = HostControls & { readonly socketPath: string };

/** The rightkit-daemon host: discovery record in a suite, hello, allowlist, lock-step, takeover. */
export type DaemonHostOptions = {
  /** The suite root (made absolute); the record goes to <suite>/runtime/<service name>/service.json. */
  suiteRoot: string;
  /** Which service answers: demo (rightkit.agent.demo, the default) or int64 (rightkit.test.int64). */
  service?: SocketServiceName;
  /** Serve this service instead of a named one, under its own name and allowlist (`allowlist` still overrides). */
  given?: GivenService;
  /** Lower wins the service. Default 100; 255 (RANK_UNKNOWN) never wins a takeover. */
  rank?: number;
  /** The socket to listen on. Default: one in the service's 0700 directory, or a 0700 temp dir when that path is too long. */
  endpoint?: string;
  scenario?: ScenarioName;
  consent?: ConsentScript;
  /**
   * App label → method patterns. Default for demo: right-ctl may call demo.*, rightkit-host-control
   * host.kill; for int64: right-ctl may call int64.*.
   */
  allowlist?: Allowlist;
  /** A connection that has not said hello by then is closed. Default 10 000. */
  handshakeTimeoutMs?: number;
  /** How often the host looks for takeover.json, and a newcomer for the incumbent's release. Default 1000. */
  takeoverPollMs?: number;
  /** How long a newcomer waits for the incumbent to hand over before startHost rejects. Default 15 000. */
  takeoverTimeoutMs?: number;
  /** How long a handing-off host lets running calls answer before it closes anyway. Default 5000. */
  handoffGraceMs?: number;
  /**
   * The user-only check on every accept. Default true: the platform check (Linux: ss and /proc),
   * and startHost rejects where none exists. `false` DISABLES it: any process that can reach the
   * socket may then speak, and only the 0700 directory keeps other users out. A function replaces it.
   */
  peerCheck?: boolean | PeerCheck;
  /** The record's and hello's role. Default rightkit_bindgen_conformance_host. */
  role?: string;
  /** The record's and hello's version. Default the generator's version. */
  version?: string;
};

export type DaemonHostHandle = HostControls & {
  readonly suiteRoot: string;
  readonly service: string;
  readonly recordPath: string;
  /** The socket the record points at. */
  readonly endpoint: string;
  readonly rank: number;
  /** What was written to service.json. */
  readonly record: ServiceRecord;
  /** Breaches of the protocol by clients so far (a second request in flight, a bad frame, no hello...). */
  protocolViolations(): number;
  /** Resolves once this host handed its service to a higher-ranked newcomer; also emitted as "handoff". */
  readonly handedOff: Promise<HandOff>;
};

export const DEFAULT_RANK = 100;
export const DEFAULT_ROLE = "rightkit_bindgen_conformance_host";

/** Starts the JSON-RPC host (`socketPath`) or the rightkit-daemon host (`suiteRoot`); resolves once it serves. */
export function startHost(options: HostOptions): Promise<HostHandle>;
export function startHost(options: DaemonHostOptions): Promise<DaemonHostHandle>;
export function startHost(options: HostOptions | DaemonHostOptions): Promise<HostHandle | DaemonHostHandle> {
  return "suiteRoot" in options ? startDaemon(options) : startJsonRpc(options);
}

async function startJsonRpc(options: HostOptions): Promise<HostHandle> {
  const core = socketCore(options, "jsonrpc");
  const peerCheck =
    options.peerCheck === undefined || options.peerCheck === false ? undefined : await resolvePeerCheck(options.peerCheck);
  const host = await startJsonRpcHost({
    socketPath: options.socketPath,
    service: core.service,
    scenario: core.scenario,
    outOfOrderWindow: options.outOfOrderWindow ?? 3,
    events: core.events,
    peerCheck,
  });
  return { ...core.controls(host), socketPath: host.socketPath };
}

async function startDaemon(options: DaemonHostOptions): Promise<DaemonHostHandle> {
  const rank = options.rank ?? DEFAULT_RANK;
  if (!Number.isInteger(rank) || rank < 0 || rank > RANK_UNKNOWN)
    throw new StartRefusal(`rank must be a whole number 0..255, not ${rank}`);
  const core = socketCore(options, "daemon");
  const suiteRoot = resolve(options.suiteRoot);
  const host = await startDaemonHost({
    service: core.service,
    suiteRoot,
    rank,
    role: options.role ?? DEFAULT_ROLE,
    version: options.version ?? GENERATOR_VERSION,
    endpoint: options.endpoint,
    scenario: core.scenario,
    allowlist: options.allowlist ?? core.allowlist,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
    takeoverPollMs: options.takeoverPollMs ?? 1000,
    takeoverTimeoutMs: options.takeoverTimeoutMs ?? 15_000,
    handoffGraceMs: options.handoffGraceMs ?? 5000,
    peerCheck: options.peerCheck === false ? undefined : await resolvePeerCheck(options.peerCheck ?? true),
    events: core.events,
  });
  return {
    ...core.controls(host),
    suiteRoot,
    service: core.service.name,
    recordPath: host.paths.recordPath,
    endpoint: host.endpoint,
    rank,
    record: host.record,
    protocolViolations: host.protocolViolations,
    handedOff: host.handedOff,
  };
}

/** The services a socket host can serve; agentcli is served on stdio only, as `agentcli serve` is. */
export type SocketServiceName = Exclude<ServiceName, "agentcli">;

export type StdioHostOptions = Omit<HostOptions, "socketPath" | "peerCheck" | "service"> & {
  /** Which service answers. Default demo; unused when `given` is. */
  service?: ServiceName;
};

/**
 * One JSON-RPC client on a pair of streams (`host --stdio`), also in process (tests); stop()
 * ends the service's waits. A service that exits at start calls `stream.exit`.
 */
export function serveStdioHost(stream: HostStream, options: StdioHostOptions): { stop(): void } {
  const service = options.service ?? DEFAULT_SERVICE;
  const core =
    options.given !== undefined
      ? socketCore({ ...options, service: undefined }, "jsonrpc")
      : service === "agentcli"
        ? agentcliCore(options)
        : socketCore({ ...options, service }, "jsonrpc");
  serveJsonRpcStream(stream, {
    service: core.service,
    scenario: core.scenario,
    outOfOrderWindow: options.outOfOrderWindow ?? 3,
    events: core.events,
  });
  return { stop: () => core.service.stop() };
}

/** The agentcli server: JSON-RPC on stdio only, its scenario fixed for the process. */
function agentcliCore(options: { scenario?: ScenarioName }) {
  const current: ScenarioName = options.scenario ?? "normal";
  assertScenario(current, "jsonrpc", "agentcli");
  const service = new AgentcliService(() => (isAgentcliScenario(current) ? current : "normal"));
  return { service, events: new EventEmitter(), scenario: (): ScenarioName => current };
}

/** The service a socket host (or a stdio one serving demo or int64) runs, with its scenario switch. */
function socketCore(
  options: {
    service?: SocketServiceName | undefined;
    given?: GivenService | undefined;
    scenario?: ScenarioName | undefined;
    consent?: ConsentScript | undefined;
  },
  protocol: Protocol,
) {
  const name = options.service ?? DEFAULT_SERVICE;
  if ((name as ServiceName) === "agentcli") throw new StartRefusal("the agentcli service is served on stdio only");
  const given = options.given;
  const check = (next: ScenarioName): void => {
    assertScenario(next, protocol, name);
    if (given !== undefined && isServiceScenario(next) && next !== "normal")
      throw new StartRefusal(`scenario ${next} belongs to a named service, not to ${given.service.name}`);
  };
  let current: ScenarioName = options.scenario ?? "normal";
  check(current);
  const events = new EventEmitter();
  const scenario = (): ScenarioName => current;
  const served =
    given !== undefined ? givenServed(given) : name === "int64" ? int64Served() : demoServed(scenario, options.consent);
  return {
    service: served.service,
    allowlist: served.allowlist,
    events,
    scenario,
    controls: (host: { connectionCount(): number; idle(): Promise<void>; close(): Promise<void> }): HostControls => ({
      events,
      scenario,
      setScenario: (next) => {
        check(next);
        current = next;
      },
      connectionCount: () => host.connectionCount(),
      idle: () => host.idle(),
      kill: served.kill,
      issuedTokens: served.issuedTokens,
      close: () => host.close(),
    }),
  };
}

/** What a socket host needs of its service beyond the Service itself. */
type Served = {
  service: Service;
  allowlist: Allowlist;
  kill(session?: string): EndResult[];
  issuedTokens(): readonly string[];
};

function demoServed(scenario: () => ScenarioName, consent: ConsentScript | undefined): Served {
  const demoScenario = (): DemoScenario => {
    const now = scenario();
    return isDemoScenario(now) ? now : "normal";
  };
  const service = new DemoService(demoScenario, consent ?? { answer: "approve" });
  return {
    service,
    allowlist: DEMO_ALLOWLIST,
    kill: (session) => service.kill(session),
    issuedTokens: () => service.tokens(),
  };
}

/** A given service: its own sessions, if any, are its own business; nothing to kill, no tokens shown. */
function givenServed(given: GivenService): Served {
  return { service: given.service, allowlist: given.allowlist, kill: () => [], issuedTokens: () => [] };
}

/** The int64 service has no sessions: nothing to kill, no tokens. */
function int64Served(): Served {
  return { service: new Int64Service(), allowlist: INT64_ALLOWLIST, kill: () => [], issuedTokens: () => [] };
}

async function resolvePeerCheck(choice: true | PeerCheck): Promise<PeerCheck> {
  if (choice !== true) return choice;
  const missing = await peerCheckUnavailable();
  if (missing !== undefined) throw new StartRefusal(`${missing}; pass peerCheck: false (host --no-peer-check) to run without it`);
  return platformPeerCheck();
}
