import { randomBytes, randomUUID } from "node:crypto";
import { FIXTURE_APP_ID, FIXTURE_APP_NAME, FIXTURE_ELEMENTS } from "./fixture.js";
import { bareRpcError, success, toolFailure, type Outcome } from "./outcome.js";
import { readActParams, readBatchParams, readRequestParams, readTokenParams, type Step } from "./params.js";
import type { ServiceScenario } from "./scenarios.js";

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

/**
 * The demo service of the contract: consent, sessions and tokens, the fixture app, receipts,
 * batches, end and kill. All state belongs to one instance, so every test host starts clean.
 */
export class DemoService {
  readonly #sessions = new Map<string, Session>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #scenario: () => ServiceScenario;
  readonly #consent: ConsentScript;

  constructor(scenario: () => ServiceScenario, consent: ConsentScript) {
    this.#scenario = scenario;
    this.#consent = consent;
  }

  handle(method: string, params: unknown): Outcome | Promise<Outcome> {
    if (method === "host.kill") return this.#hostKill(params);
    if (!method.startsWith("demo.")) return bareRpcError(-32601, `Method not found: ${method}`);
    const refused = this.#gate(method);
    if (refused) return refused;
    switch (method) {
      case "demo.apps":
        return success({ apps: [{ id: FIXTURE_APP_ID, name: FIXTURE_APP_NAME }] });
      case "demo.request":
        return this.#request(params);
      case "demo.snapshot":
        return this.#snapshot(params);
      case "demo.act":
        return this.#act(params);
      case "demo.batch":
        return this.#batch(params);
      case "demo.end":
        return this.#end(params);
      default:
        return bareRpcError(-32601, `Method not found: ${method}`);
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

  /** Cancels consent delays still running, so a closed host leaves no timer behind. */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  /** Scenario refusals that apply before a method runs. */
  #gate(method: string): Outcome | undefined {
    const scenario = this.#scenario();
    switch (scenario) {
      case "normal":
      case "not_armed":
      case "capture_unsafe":
      case "capture_state_unsafe":
      case "capture_state_masked":
      case "capture_state_missing":
      case "capture_state_null":
        return undefined;
      case "permission_missing":
        return method === "demo.request"
          ? toolFailure("permission_missing", "Accessibility permission is not granted to the host")
          : undefined;
      case "demo_disabled":
        return toolFailure("demo_disabled", "demo mode is switched off in the host");
      case "service_unavailable":
        return toolFailure("service_unavailable", "the demo service is not running", true);
      case "not_allowed":
        return toolFailure("not_allowed", "the daemon does not allow this client");
      case "bare_rpc_error":
        return bareRpcError(-32603, "Internal error");
      case "malformed_result":
        return success({
          capture_state: "safe",
          elements: "not-a-list",
          apps: 7,
          receipt_id: null,
          ended: "yes",
        });
      default:
        return assertNever(scenario);
    }
  }

  async #request(params: unknown): Promise<Outcome> {
    const read = readRequestParams(params);
    if (!read.ok) return toolFailure("invalid_arguments", read.message);
    if (read.value.app !== FIXTURE_APP_ID) return toolFailure("unknown_app", `${read.value.app} is not in the demo catalog`);
    if (this.#consent.delayMs !== undefined) await this.#delay(this.#consent.delayMs);
    if (this.#consent.answer === "deny") return toolFailure("consent_denied", "the person refused consent");
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

  #snapshot(params: unknown): Outcome {
    const read = readTokenParams(params);
    if (!read.ok) return toolFailure("invalid_arguments", read.message);
    const session = this.#armedSession(read.value.token);
    if (isOutcome(session)) return session;
    const scenario = this.#scenario();
    if (scenario === "capture_unsafe") {
      return toolFailure("capture_unsafe", "the target cannot report a capture-safe state");
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

  #act(params: unknown): Outcome {
    const read = readActParams(params);
    if (!read.ok) return toolFailure("invalid_arguments", read.message);
    const session = this.#armedSession(read.value.token);
    if (isOutcome(session)) return session;
    const done = this.#perform(session, read.value);
    return done.ok ? success({ receipt_id: done.receipt_id }) : toolFailure(done.code, done.message);
  }

  /** Runs steps in order and stops at the first failure, which is reported, not thrown. */
  #batch(params: unknown): Outcome {
    const read = readBatchParams(params);
    if (!read.ok) return toolFailure("invalid_arguments", read.message);
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
    if (!read.ok) return toolFailure("invalid_arguments", read.message);
    const session = this.#activeSession(read.value.token);
    if (isOutcome(session)) return session;
    session.state = "ended";
    return success({ ended: true, bundle_id: session.bundleId, bundle_state: "complete" });
  }

  #hostKill(params: unknown): Outcome {
    const session = typeof params === "object" && params !== null ? (params as { session?: unknown }).session : undefined;
    if (session !== undefined && typeof session !== "string") return toolFailure("invalid_arguments", "session must be a string");
    return success({ killed: this.kill(session) });
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
      return toolFailure("not_armed", "the session is not armed yet", true);
    }
    return session;
  }

  #activeSession(token: string): Session | Outcome {
    const session = this.#sessions.get(token);
    if (!session) return toolFailure("invalid_token", "the token is unknown");
    switch (session.state) {
      case "active":
        return session;
      case "ended":
        return toolFailure("session_ended", "the session has ended");
      case "killed":
        return toolFailure("session_killed", "the session was ended by the kill control");
      default:
        return assertNever(session.state);
    }
  }

  #delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }
}

function isOutcome(value: Session | Outcome): value is Outcome {
  return "ok" in value;
}

function stepFailure(code: string, message: string): StepOutcome {
  return { ok: false, code, message };
}

function assertNever(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
