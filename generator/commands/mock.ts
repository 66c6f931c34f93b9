/**
 * `rightkit-bindgen mock [--contract FILE|ID] (--suite-root DIR | --socket PATH | --stdio) …`:
 * serves any contract from its schema and binding file (generator/mock/ decides each answer;
 * this file adapts those answers into a host `Service` and starts the host with it, since only
 * commands/ may start the host). Everything is checked before the host starts; runs until
 * SIGINT or SIGTERM (stdio: until stdin ends). Exit 0 stopped, 1 could not start, 2 bad input,
 * 3 an answer outside the contract was about to be sent (our bug; the call's connection is dropped).
 */
import { HOST_ERROR, type Outcome } from "../host/core/outcome.js";
import { encodeNotification, PLAIN_DIALECT, type JsonRpcDialect } from "../host/core/protocols/jsonrpc.js";
import type { CallContext, Service } from "../host/core/service.js";
import { startRefusal } from "../host/core/start-refusal.js";
import { serveStdioHost, startHost, type GivenService } from "../host/start.js";
import { assertNever, BindgenError } from "../errors.js";
import type { ErrorModel } from "../contract/shape.js";
import { judgedSchemas, MockAnswers, type MockAnswer } from "../mock/answers.js";
import { mockPlan, type MockPlan } from "../mock/plan.js";
import { errorScenarios } from "../mock/scenarios.js";
import { compileValidators } from "../values/validators.js";
import { EXIT, HOST_EXIT, type Io } from "./exit.js";
import { mockOptions, type MockMode } from "./mock-options.js";
import { untilSignal } from "./signals.js";

/** The record's and hello's role: a client that cares can tell a mock from a real host. */
const MOCK_ROLE = "rightkit_bindgen_mock";
const SAID = "rightkit-bindgen mock";

export async function runMock(args: readonly string[], io: Io): Promise<number> {
  const options = mockOptions(args);
  const plan = mockPlan({ contract: options.contract });
  checkMode(plan, options.mode);
  checkWait(plan, options.waitMs);
  const scenarios = errorScenarios(plan, options.scenarios);
  const validators = await compileValidators(plan.graph, judgedSchemas(plan), plan.int64);
  const answers = new MockAnswers(plan, validators, { seed: options.seed, scenarios });
  const ready = answers.ready();
  const bug = new BugLatch();
  const given: GivenService = {
    service: mockService(plan, answers, ready, bug, options.waitMs),
    // The binding's app may call every method of the contract; the daemon allows it ping besides.
    allowlist: plan.transport.kind === "rightkit-daemon" ? { [plan.transport.app]: plan.methods.map((m) => m.tool) } : {},
  };
  const shown = `${plan.id}, seed ${options.seed}${scenarios.size === 0 ? "" : `, ${scenarios.size} error scenario${scenarios.size === 1 ? "" : "s"}`}`;
  let stopped: "stopped" | "bug";
  try {
    stopped = await serve(options.mode, given, shown, bug, io);
  } catch (error) {
    const refusal = startRefusal(error);
    if (refusal === undefined) throw error;
    io.err(`${SAID}: could not start: ${refusal}`);
    return HOST_EXIT.couldNotStart;
  }
  if (stopped === "bug") {
    io.err(`${SAID}: internal error: ${bug.message()}`);
    return EXIT.bug;
  }
  return EXIT.ok;
}

/** The transport the binding declares decides the option: a daemon binding is served in a suite, a JSON-RPC one on a socket or stdio. */
function checkMode(plan: MockPlan, mode: MockMode): void {
  if (plan.transport.kind === "rightkit-daemon" && mode.kind !== "suite") {
    throw new BindgenError(
      "bad_argument",
      `--${mode.kind}: ${plan.id}'s binding speaks rightkit-daemon; serve it with --suite-root DIR`,
    );
  }
  if (plan.transport.kind === "jsonrpc-stdio" && mode.kind === "suite") {
    throw new BindgenError(
      "bad_argument",
      `--suite-root: ${plan.id}'s binding speaks JSON-RPC; serve it with --socket PATH or --stdio`,
    );
  }
}

/** A waiting method must answer before its client gives up: a `--wait` at or past its timeout is refused. */
function checkWait(plan: MockPlan, waitMs: number): void {
  const outwaited = plan.methods.find((method) => method.waitsForPerson && waitMs >= method.timeoutMs);
  if (outwaited !== undefined) {
    throw new BindgenError(
      "bad_argument",
      `--wait ${waitMs}: ${outwaited.tool} waits for a person, and its client gives up after ${outwaited.timeoutMs} ms`,
    );
  }
}

async function serve(mode: MockMode, given: GivenService, shown: string, bug: BugLatch, io: Io): Promise<"stopped" | "bug"> {
  // Handlers first: whoever reads the line below may signal at once.
  const signal = untilSignal();
  try {
    const stop = Promise.race([signal.received.then(() => "stopped" as const), bug.seen.then(() => "bug" as const)]);
    switch (mode.kind) {
      case "suite": {
        const host = await startHost({ suiteRoot: mode.suiteRoot, given, role: MOCK_ROLE });
        try {
          io.err(`${SAID}: serving ${host.service} (${shown}), record ${host.recordPath}`);
          return await Promise.race([stop, host.handedOff.then(() => "stopped" as const)]);
        } finally {
          await host.close();
        }
      }
      case "socket": {
        const host = await startHost({ socketPath: mode.socketPath, given });
        try {
          io.err(`${SAID}: listening on ${mode.socketPath} (${shown})`);
          return await stop;
        } finally {
          await host.close();
        }
      }
      case "stdio":
        return await serveStdio(given, shown, stop, io);
      default:
        return assertNever(mode, "mode");
    }
  } finally {
    signal.dispose();
  }
}

/** One client on stdin/stdout, until stdin ends, a signal, or a bug. */
async function serveStdio(
  given: GivenService,
  shown: string,
  stop: Promise<"stopped" | "bug">,
  io: Io,
): Promise<"stopped" | "bug"> {
  let finish: () => void = () => undefined;
  const finished = new Promise<"stopped">((resolve) => {
    finish = () => resolve("stopped");
  });
  const drop = (): void => {
    process.stdin.destroy();
    process.stdout.destroy();
    finish();
  };
  const host = serveStdioHost(
    { input: process.stdin, output: process.stdout, drop, end: () => Promise.resolve(drop()), exit: drop },
    { given },
  );
  process.stdin.once("end", finish);
  io.err(`${SAID}: serving stdio (${shown})`);
  const ended = await Promise.race([finished, stop]);
  host.stop();
  process.stdin.destroy();
  return ended;
}

/** The mock's answers as a host Service: outcomes for the protocols, spelled as the binding's error model spells them. */
function mockService(
  plan: MockPlan,
  answers: MockAnswers,
  ready: { readonly method: string; readonly params: unknown } | undefined,
  bug: BugLatch,
  waitMs: number,
): Service {
  const opening = ready === undefined ? [] : [encodeNotification(ready.method, ready.params)];
  const dialect = plan.errors.kind === "jsonrpc" ? jsonRpcDialect(plan.errors) : PLAIN_DIALECT;
  const waiting = new Set(plan.methods.filter((method) => method.waitsForPerson).map((method) => method.tool));
  const person = new PersonWaits();
  const answer = (method: string, params: unknown, context: CallContext): Outcome => {
    try {
      return outcomeOf(answers.answer(method, params), plan.errors);
    } catch (error) {
      // Never an answer outside the contract: the call's connection goes, and the mock stops (exit 3).
      bug.note(error);
      context.drop();
      return { ok: false, error: { code: "internal_error", message: "the mock failed", retryable: false } };
    }
  };
  return {
    name: plan.transport.kind === "rightkit-daemon" ? plan.transport.service : plan.id,
    handle: (method, params, context) => {
      if (waitMs === 0 || !waiting.has(method)) return answer(method, params, context);
      // Answered when the person would have: the state is read then, as a real host reads it.
      return person.wait(waitMs, context.handoff).then(() => answer(method, params, context));
    },
    stop: () => person.stop(),
    jsonRpc: { ...dialect, opening: () => ({ kind: "lines", lines: opening }) },
  };
}

function outcomeOf(answer: MockAnswer, errors: ErrorModel): Outcome {
  if (answer.ok) return { ok: true, result: answer.result };
  const error = { code: String(answer.code), message: answer.message, retryable: false };
  if (errors.kind === "jsonrpc" && answer.issues !== undefined) {
    return { ok: false, error, data: { [errors.invalidParams.issuesField]: answer.issues } };
  }
  return { ok: false, error };
}

/**
 * A JSON-RPC error model's errors: the numeric code the answer carries; the invalid-params code
 * with the binding's `data` and the validator's issues under its issues field; other codes with
 * no data. The host's own refusals are the plain ones (-32700, -32600, -32603).
 */
function jsonRpcDialect(errors: Extract<ErrorModel, { kind: "jsonrpc" }>): JsonRpcDialect {
  const { invalidParams } = errors;
  return {
    opening: () => ({ kind: "lines", lines: [] }),
    refusal: PLAIN_DIALECT.refusal,
    error: ({ error, data }) => {
      if (error.code === HOST_ERROR.unknownMethod) return { code: -32601, message: error.message };
      const code = Number(error.code);
      if (!Number.isInteger(code)) return PLAIN_DIALECT.refusal("internal_error");
      if (code !== invalidParams.code) return { code, message: error.message };
      return { code, message: error.message, data: { ...invalidParams.data, ...data } };
    },
  };
}

/**
 * The pauses of methods that wait for a person (`--wait`): each ends after its time, at a
 * takeover (the call then answers at once, as the host hands over), or when the service stops,
 * so a stopped mock leaves no timer behind.
 */
class PersonWaits {
  readonly #pending = new Map<NodeJS.Timeout, () => void>();

  wait(ms: number, handoff: AbortSignal): Promise<void> {
    if (handoff.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#pending.delete(timer);
        handoff.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#pending.set(timer, done);
      handoff.addEventListener("abort", done, { once: true });
    });
  }

  stop(): void {
    for (const done of [...this.#pending.values()]) done();
  }
}

/** The first bug the mock met; `seen` resolves then, so the command can stop serving. */
class BugLatch {
  #first: unknown;
  #noted = false;
  #resolve: () => void = () => undefined;
  readonly seen = new Promise<void>((resolve) => {
    this.#resolve = resolve;
  });

  note(error: unknown): void {
    if (this.#noted) return;
    this.#noted = true;
    this.#first = error;
    this.#resolve();
  }

  message(): string {
    return this.#first instanceof Error ? this.#first.message : String(this.#first);
  }
}
