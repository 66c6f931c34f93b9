/**
 * One client connection's traffic, judged frame by frame after it was forwarded: each request's
 * params by the contract's own validators (invalid ones are the client's fault, and the host must
 * then refuse them), each answer by conform's checks (values/checks.ts), under the case kind the
 * request made it — a call carrying a value the proxy saw ended is a lifecycle case. A request
 * not answered within its method's timeout is a deadline violation when the timeout passes; a
 * host that closes the connection with calls open leaves each a fault. Nothing here writes a
 * byte: the relay forwards, this only reads.
 */
import { readBigints } from "../../templates/runtime/core/integers.js";
import { HOST_HANDOFF } from "../../templates/runtime/protocols/daemon.js";
import { isJsonObject, type Pointer } from "../json.js";
import type { LifecycleRule } from "../model/types.js";
import { CHECK_NAMES, judge, type CaseKind, type CheckName, type Observation } from "../values/checks.js";
import { errorCodeOf } from "../values/error-model.js";
import { requestIn, responseIn, type ResponseFrame, type WireProtocol } from "../values/frames.js";
import type { LinkLedger } from "../values/ledger.js";
import type { Validate } from "../values/validators.js";
import { FrameReader } from "./frame-reader.js";
import type { ProxyMethod, ProxyPlan } from "./plan.js";
import type { Direction, TrafficLog } from "./traffic-log.js";

/** What every connection's watch shares: the contract, its validators, the one ledger and log. */
export interface WatchShared {
  readonly plan: ProxyPlan;
  readonly validators: ReadonlyMap<Pointer, Validate>;
  /** Shared by every connection: a value one client ended is ended for all, as on the host. */
  readonly ledger: LinkLedger;
  readonly log: TrafficLog;
  readonly protocol: WireProtocol;
}

interface Pending {
  readonly method: ProxyMethod;
  readonly params: unknown;
  readonly request: string;
  readonly kind: CaseKind;
  readonly rule: LifecycleRule | undefined;
  readonly timer: NodeJS.Timeout;
  /** Its deadline passed (and was reported) before any answer came. */
  late: boolean;
}

/** How many answered ids a connection remembers, to tell a second response from a stray one. */
const REMEMBERED = 256;
const ALL_CHECKS: ReadonlySet<CheckName> = new Set(CHECK_NAMES);
const NO_DEADLINE: ReadonlySet<CheckName> = new Set(CHECK_NAMES.filter((check) => check !== "deadline"));

export class ConnectionWatch {
  readonly #shared: WatchShared;
  readonly #fromClient = new FrameReader();
  readonly #fromHost = new FrameReader();
  readonly #pending = new Map<unknown, Pending>();
  /** Answered id → its method's wire name, the newest last. */
  readonly #answered = new Map<unknown, string>();
  /** Open requests of methods the contract lacks (a daemon's ping): their answers are theirs, not strays. */
  readonly #unjudged = new Set<unknown>();
  #closed = false;

  constructor(shared: WatchShared) {
    this.#shared = shared;
  }

  fromClient(chunk: Buffer): void {
    const wasBlind = this.#fromClient.blind !== undefined;
    for (const line of this.#fromClient.push(chunk)) {
      if ("unreadable" in line) this.#shared.log.note("client frames that are not JSON, forwarded unjudged");
      else this.#request(line.message, line.text);
    }
    const blind = this.#fromClient.blind;
    if (!wasBlind && blind !== undefined) this.#shared.log.note(`client streams no longer read: ${blind}`);
  }

  fromHost(chunk: Buffer): void {
    const wasBlind = this.#fromHost.blind !== undefined;
    for (const line of this.#fromHost.push(chunk)) {
      if ("unreadable" in line) this.#stray(`an unreadable frame: ${line.unreadable}`);
      else this.#answer(line.message);
    }
    const blind = this.#fromHost.blind;
    if (!wasBlind && blind !== undefined) this.#stray(`an unreadable frame: ${blind}`);
  }

  /** The host closed the connection: every call still open got no answer. */
  hostClosed(): void {
    for (const [id, pending] of this.#pending) {
      this.#settle(id, pending);
      if (pending.late) continue;
      const observation: Observation = {
        kind: "fault",
        timedOut: false,
        reason: "no answer: the host closed the connection",
        anomalies: [],
      };
      this.#judge(pending, observation, ALL_CHECKS);
    }
    this.clientClosed();
  }

  /** The client went away: its open calls, and whatever answers them later, are nobody's to judge. */
  clientClosed(): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) clearTimeout(pending.timer);
    this.#pending.clear();
  }

  #request(message: unknown, text: string): void {
    const request = requestIn(message, this.#shared.protocol);
    if (request === undefined) return;
    const { plan, validators, ledger, log } = this.#shared;
    const method = plan.methods.get(request.method);
    if (method === undefined) {
      log.note(`calls of ${JSON.stringify(request.method.slice(0, 80))}, which the contract does not have, forwarded unjudged`);
      this.#unjudged.add(request.id);
      if (this.#unjudged.size > REMEMBERED) this.#unjudged.delete(this.#unjudged.values().next().value);
      return;
    }
    log.called(method.tool);
    const params = method.paramsIntegers === undefined ? request.params : readBigints(method.paramsIntegers, request.params);
    const verdict = (validators.get(method.params) as Validate)(params);
    log.applied(method.tool, ["client_params"]);
    const refusal = verdict.ok ? ledger.refusal(method, params, "ended only") : undefined;
    if (!verdict.ok) {
      const issue = verdict.issues[0];
      this.#depart(method, params, text, "client→host", {
        check: "client_params",
        message: `the client sent params the params schema refuses: ${issue?.message ?? "rejected"}`,
        pointer: `/params${issue?.instancePath ?? ""}`,
      });
    }
    if (this.#pending.has(request.id)) {
      log.note("requests reusing an id still in flight, judged as the later one");
      this.#settle(request.id, this.#pending.get(request.id) as Pending);
    }
    const kind: CaseKind = !verdict.ok ? "negative" : refusal === undefined ? "positive" : "ended";
    // unref: an open call never keeps a stopping proxy alive.
    const timer = setTimeout(() => this.#timedOut(request.id), method.timeoutMs).unref();
    this.#pending.set(request.id, { method, params, request: text, kind, rule: refusal?.rule, timer, late: false });
  }

  #answer(message: unknown): void {
    const response = responseIn(message, this.#shared.protocol);
    if (response === undefined || this.#closed || this.#unjudged.delete(response.id)) return;
    const pending = this.#pending.get(response.id);
    // The client's requests are no longer read: an answer nobody is known to have asked for is no evidence.
    if (pending === undefined && this.#fromClient.blind !== undefined) return;
    if (pending === undefined) {
      const known = this.#answered.get(response.id);
      const why =
        known === undefined
          ? `a response for request id ${JSON.stringify(response.id)}, which no open call has`
          : `a second response for request id ${JSON.stringify(response.id)}`;
      this.#stray(why, known);
      return;
    }
    this.#settle(response.id, pending);
    if (this.#shared.protocol === "daemon" && isJsonObject(response.error) && response.error.code === HOST_HANDOFF) {
      // The daemon's own word, not the contract's: the client resubmits to the host taking over.
      this.#shared.log.note("calls answered host_handoff (a host handing its service over), forwarded unjudged");
      return;
    }
    this.#judge(pending, this.#observation(pending, response), pending.late ? NO_DEADLINE : ALL_CHECKS);
    if (response.error === undefined) this.#shared.ledger.record(pending.method, pending.params, response.result);
  }

  #observation(pending: Pending, response: ResponseFrame): Observation {
    if (response.error === undefined) {
      const integers = pending.method.resultIntegers;
      const value = integers === undefined ? response.result : readBigints(integers, response.result);
      return { kind: "result", value, anomalies: [] };
    }
    const raw = response.error;
    const message = isJsonObject(raw) && typeof raw.message === "string" ? raw.message : "";
    return { kind: "error", raw, code: errorCodeOf(raw, this.#shared.plan.errors), message, anomalies: [] };
  }

  #timedOut(id: unknown): void {
    const pending = this.#pending.get(id);
    if (pending === undefined || this.#closed) return;
    pending.late = true;
    this.#judge(pending, { kind: "fault", timedOut: true, reason: "no answer in time", anomalies: [] }, ALL_CHECKS);
  }

  /** Judges one answer (or its absence) of a call, as conform judges its own calls. */
  #judge(pending: Pending, observation: Observation, enabled: ReadonlySet<CheckName>): void {
    const { method } = pending;
    const validateResult = this.#shared.validators.get(method.result) as Validate;
    const judgement = judge(observation, {
      kind: pending.kind,
      validateResult,
      errors: this.#shared.plan.errors,
      timeoutMs: method.timeoutMs,
      contractTimeoutMs: method.timeoutMs,
      ...(pending.rule === undefined ? {} : { rule: pending.rule }),
      ...(pending.kind === "negative" ? { mutation: "the client's own params" } : {}),
      enabled,
    });
    const log = this.#shared.log;
    if (observation.kind !== "fault" || !observation.timedOut) log.answered(method.tool, observation.kind);
    log.applied(method.tool, judgement.applied);
    for (const judged of judgement.violations) {
      this.#depart(method, pending.params, pending.request, "host→client", {
        check: judged.check,
        message: judged.message,
        detail: judged.detail,
        pointer: pointerOf(judged.check, observation, validateResult),
      });
    }
  }

  /**
   * A frame from the host no call owns (or owns no more): the protocol is broken. It is charged to
   * the method it answered again (`method`), else to the oldest open call, as conform charges the
   * call in flight; with neither, to the connection.
   */
  #stray(why: string, method?: string): void {
    const open = this.#pending.values().next().value;
    const owner = method === undefined ? open?.method : this.#shared.plan.methods.get(method);
    const shown = method === undefined ? open : undefined;
    this.#shared.log.depart({
      method: owner?.tool ?? "(connection)",
      check: "no_server_error",
      message: why,
      direction: "host→client",
      pointer: "",
      params: shown?.params ?? {},
      sensitiveParams: owner?.sensitiveParams ?? [],
      request: shown?.request ?? "",
    });
  }

  #depart(
    method: ProxyMethod,
    params: unknown,
    request: string,
    direction: Direction,
    found: { check: "client_params" | CheckName; message: string; detail?: string | undefined; pointer: string },
  ): void {
    this.#shared.log.depart({
      method: method.tool,
      ...found,
      direction,
      params,
      sensitiveParams: method.sensitiveParams,
      request,
    });
  }

  #settle(id: unknown, pending: Pending): void {
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    this.#answered.set(id, pending.method.tool);
    if (this.#answered.size > REMEMBERED) this.#answered.delete(this.#answered.keys().next().value);
  }
}

/** Where in the frame a violation is: the result's first refused location, the error object, or the whole. */
function pointerOf(check: CheckName, observation: Observation, validateResult: Validate): string {
  if (check === "response_schema" && observation.kind === "result") {
    const verdict = validateResult(observation.value);
    return `/result${verdict.ok ? "" : (verdict.issues[0]?.instancePath ?? "")}`;
  }
  if (check === "error_model" || check === "unknown_error_code") return "/error";
  return "";
}
