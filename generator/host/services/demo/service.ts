import { randomBytes, randomUUID } from "node:crypto";
import { failure, handoffFailure, HOST_ERROR, success, type Outcome } from "../../core/outcome.js";
import type { CallContext, Service } from "../../core/service.js";
import { FIXTURE_APP_ID, FIXTURE_APP_NAME, FIXTURE_ELEMENTS } from "./fixture.js";
import {
  MAX_BATCH_STEPS,
  readActParams,
  readBatchParams,
  readNoParams,
  readRequestParams,
  readTokenParams,
  type Step,
} from "./params.js";
import { scenarioGate, type DemoScenario } from "./scenarios.js";
import { assertNever } from "../../../errors.js";

export const DEMO_SERVICE_NAME = "rightkit.agent.demo";

/** How the scripted person answers the consent dialog, and after how long. */
export type ConsentScript = { answer: "approve" | "deny"; delayMs?: number };

export type EndResult = { ended: true; bundle_id: string; bundle_state: "complete" | "killed" };

type Session = {
  id: string;
  token: string;
  app: string;
  /** Prefix of every element ref this session issues, so refs are valid in it alone. */
  refPrefix: string;
  bundleId: string;
  state: "active" | "ended" | "killed";
  receipts: number;
};

type StepOutcome = { ok: true; receipt_id: string } | { ok: false; code: string; message: string };

/** slow_snapshot's delay: past the contract's 30 s timeout for demo.snapshot. */
const SLOW_SNAPSHOT_MS = 31_000;
/** crash_on_long_text's limit: a longer text drops the connection. */
const CRASH_TEXT_LENGTH = 8;
/** A hand-off signal that never fires, for waits no takeover should cut short. */
const NEVER = new AbortController().signal;

/** How a wait for the scripted person ended. */
type Waited = "answered" | "handoff" | "stopped";

/**
 * The demo service of the contract: consent, sessions and tokens, the fixture app, receipts,
 * batches, end and kill. All state belongs to one instance, so every test host starts clean.
 */
export class DemoService implements Service {
  readonly name = DEMO_SERVICE_NAME;
  readonly #sessions = new Map<string, Session>();
  /** Ends each consent wait still running (stop() calls them all). */
  readonly #waits = new Set<() => void>();
  readonly #scenario: () => DemoScenario;
  readonly #consent: ConsentScript;

  constructor(scenario: () => DemoScenario, consent: ConsentScript) {
    this.#scenario = scenario;
    this.#consent = consent;
  }

  handle(method: string, params: unknown, context: CallContext): Outcome | Promise<Outcome> {
    if (method === "host.kill") return this.#hostKill(params);
    if (!method.startsWith("demo.")) return unknownMethod(method);
    const refused = scenarioGate(this.#scenario(), method);
    if (refused) return refused;
    switch (method) {
      case "demo.apps": {
        const read = readNoParams(params);
        if (!read.ok) return failure("invalid_arguments", read.message);
        return success({ apps: [{ id: FIXTURE_APP_ID, name: FIXTURE_APP_NAME }] });
      }
      case "demo.request":
        return this.#request(params, context);
      case "demo.snapshot":
        return this.#snapshot(params);
      case "demo.act":
        return this.#act(params, context);
      case "demo.batch":
        return this.#batch(params);
      case "demo.end":
        return this.#end(params);
      default:
        return unknownMethod(method);
    }
  }

  /** The kill control: ends one session (or every active one) with bundle_state "killed". */
  kill(sessionId?: string): EndResult[] {
    const killed: EndResult[] = [];
    for (const session of this.#sessions.values()) {
      if (session.state !== "active" || (sessionId !== undefined && session.id !== sessionId)) continue;
      session.state = "killed";
      killed.push({ ended: true, bundle_id: session.bundleId, bundle_state: "killed" });
    }
    return killed;
  }

  /** Every token this service has issued, for tests that prove a client never shows one. */
  tokens(): string[] {
    return [...this.#sessions.keys()];
  }

  /** Ends consent waits still running, so a closed host leaves no timer behind. */
  stop(): void {
    for (const end of [...this.#waits]) end();
  }

  async #request(params: unknown, context: CallContext): Promise<Outcome> {
    const read = readRequestParams(params);
    if (!read.ok) return failure("invalid_arguments", read.message);
    if (read.value.app !== FIXTURE_APP_ID) return failure("unknown_app", `${read.value.app} is not in the demo catalog`);
    // The person is asked now; a client can say so while the answer may take minutes.
    context.emit({ kind: "consent_pending", app: read.value.app });
    const waited = await this.#awaitPerson(this.#consent.delayMs ?? 0, context.handoff);
    switch (waited) {
      case "answered":
        break;
      // The consent wait is this call's safe point: nothing has happened yet, so the client may resubmit.
      case "handoff":
        return handoffFailure();
      case "stopped":
        return failure("service_unavailable", "the host stopped while waiting for consent", true);
      default:
        return assertNever(waited, "case");
    }
    if (this.#consent.answer === "deny") return failure("consent_denied", "the person refused consent");
    const session: Session = {
      id: `session-${randomUUID()}`,
      token: randomBytes(24).toString("base64url"),
      app: read.value.app,
      refPrefix: `${randomBytes(3).toString("hex")}-`,
      bundleId: `bundle-${randomUUID()}`,
      state: "active",
      receipts: 0,
    };
    this.#sessions.set(session.token, session);
    return success({ session: session.id, token: session.token, app: session.app });
  }

  async #snapshot(params: unknown): Promise<Outcome> {
    const read = readTokenParams(params);
    if (!read.ok) return failure("invalid_arguments", read.message);
    const session = this.#armedSession(read.value.token);
    if (isOutcome(session)) return session;
    const scenario = this.#scenario();
    if (scenario === "slow_snapshot" && (await this.#awaitPerson(SLOW_SNAPSHOT_MS, NEVER)) === "stopped") {
      return failure("service_unavailable", "the host stopped while the snapshot was late", true);
    }
    if (scenario === "capture_unsafe") {
      return failure("capture_unsafe", "the target cannot report a capture-safe state");
    }
    const elements = FIXTURE_ELEMENTS.map((element) => ({
      ref: session.refPrefix + element.id,
      role: element.role,
      label: element.label,
      ops: element.ops,
    }));
    switch (scenario) {
      case "capture_state_unsafe":
        return success({ capture_state: "unsafe", elements });
      case "capture_state_masked":
        return success({ capture_state: "masked", elements });
      case "capture_state_missing":
        return success({ elements });
      case "capture_state_null":
        return success({ capture_state: null, elements });
      default:
        return success({ capture_state: "safe", elements });
    }
  }

  #act(params: unknown, context: CallContext): Outcome {
    const read = readActParams(params);
    if (!read.ok) return failure("invalid_arguments", read.message);
    const unstated = this.#argumentsFirst([read.value]);
    if (unstated !== undefined) return unstated;
    if (this.#scenario() === "crash_on_long_text" && [...(read.value.text ?? "")].length > CRASH_TEXT_LENGTH) {
      context.drop();
      return failure("service_unavailable", "dropped");
    }
    const session = this.#armedSession(read.value.token);
    if (isOutcome(session)) return session;
    const done = this.#perform(session, read.value);
    return done.ok ? success({ receipt_id: done.receipt_id }) : failure(done.code, done.message);
  }

  /** Runs steps in order and stops at the first failure, which is reported, not thrown. */
  #batch(params: unknown): Outcome {
    const read = readBatchParams(
      params,
      this.#scenario() === "accepts_invalid_params" ? Number.POSITIVE_INFINITY : MAX_BATCH_STEPS,
    );
    if (!read.ok) return failure("invalid_arguments", read.message);
    const unstated = this.#argumentsFirst(read.value.steps);
    if (unstated !== undefined) return unstated;
    const session = this.#armedSession(read.value.token);
    if (isOutcome(session)) return session;
    const results: { receipt_id: string }[] = [];
    for (const [index, step] of read.value.steps.entries()) {
      const done = this.#perform(session, step);
      if (!done.ok) return success({ completed: index, results, failed_step: index, error_code: done.code });
      results.push({ receipt_id: done.receipt_id });
    }
    return success({ completed: results.length, results, failed_step: null, error_code: null });
  }

  #end(params: unknown): Outcome {
    const read = readTokenParams(params);
    if (!read.ok) return failure("invalid_arguments", read.message);
    const session = this.#activeSession(read.value.token);
    if (isOutcome(session)) return session;
    if (this.#scenario() !== "token_survives_end") session.state = "ended";
    return success({ ended: true, bundle_id: session.bundleId, bundle_state: "complete" });
  }

  #hostKill(params: unknown): Outcome {
    const session = typeof params === "object" && params !== null ? (params as { session?: unknown }).session : undefined;
    if (session !== undefined && typeof session !== "string") return failure("invalid_arguments", "session must be a string");
    return success({ killed: this.kill(session) });
  }

  /**
   * The arguments_first scenario: the rules a step's op sets for its other fields, which the
   * schema does not state, checked before the token is looked at (as a host may well do).
   */
  #argumentsFirst(steps: readonly Step[]): Outcome | undefined {
    if (this.#scenario() !== "arguments_first") return undefined;
    for (const step of steps) {
      if (step.op === "type" && step.text === undefined) return failure("invalid_arguments", "type needs text");
      if (step.op === "press" && step.key === undefined) return failure("invalid_arguments", "press needs key");
    }
    return undefined;
  }

  #perform(session: Session, step: Step): StepOutcome {
    const element = FIXTURE_ELEMENTS.find((candidate) => session.refPrefix + candidate.id === step.ref);
    if (!element) return stepFailure("invalid_arguments", `${step.ref} is not an element of this session`);
    if (element.secure) return stepFailure("target_blocked", `${element.label} is a secure field`);
    if (!element.ops.includes(step.op)) return stepFailure("invalid_arguments", `${element.label} does not accept ${step.op}`);
    if (step.op === "type" && step.text === undefined) return stepFailure("invalid_arguments", "type needs text");
    if (step.op === "press" && step.key === undefined) return stepFailure("invalid_arguments", "press needs key");
    session.receipts += 1;
    return { ok: true, receipt_id: `receipt-${session.refPrefix}${session.receipts}` };
  }

  #armedSession(token: string): Session | Outcome {
    const session = this.#activeSession(token);
    if (!isOutcome(session) && this.#scenario() === "not_armed") {
      return failure("not_armed", "the session is not armed yet", true);
    }
    return session;
  }

  #activeSession(token: string): Session | Outcome {
    const session = this.#sessions.get(token);
    if (!session) return failure("invalid_token", "the token is unknown");
    switch (session.state) {
      case "active":
        return session;
      case "ended":
        return failure("session_ended", "the session has ended");
      case "killed":
        return failure("session_killed", "the session was ended by the kill control");
      default:
        return assertNever(session.state, "case");
    }
  }

  /** The scripted person answers after `ms`, unless a hand-off or stop() comes first. */
  #awaitPerson(ms: number, handoff: AbortSignal): Promise<Waited> {
    if (handoff.aborted) return Promise.resolve("handoff");
    if (ms === 0) return Promise.resolve("answered");
    return new Promise((resolve) => {
      const end = (how: Waited): void => {
        clearTimeout(timer);
        handoff.removeEventListener("abort", onHandoff);
        this.#waits.delete(stop);
        resolve(how);
      };
      const onHandoff = (): void => end("handoff");
      const stop = (): void => end("stopped");
      const timer = setTimeout(() => end("answered"), ms);
      handoff.addEventListener("abort", onHandoff, { once: true });
      this.#waits.add(stop);
    });
  }
}

function unknownMethod(method: string): Outcome {
  return failure(HOST_ERROR.unknownMethod, `Method not found: ${method}`);
}

function isOutcome(value: Session | Outcome): value is Outcome {
  return "ok" in value;
}

function stepFailure(code: string, message: string): StepOutcome {
  return { ok: false, code, message };
}
