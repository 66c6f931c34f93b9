/**
 * The conversation with a server started as a child process: wait for its ready notification,
 * send one request, read one response, stop the child. Line-delimited JSON-RPC 2.0 on its
 * stdin/stdout; its stderr is kept (the last few KB) to quote when it fails.
 *
 * Every wait is bounded (the ready wait and the call each by their own timer), every failure is
 * a BindgenError naming the command, and the child is stopped before the answer is returned or
 * the error thrown, whichever way the conversation ended.
 *
 * Not the runtime's StdioTransport, on purpose: this is a drift detector, so it reads the server
 * independently of the client it checks (as the host shares no code with the client), and its
 * errors are for a reviewer: the offending line quoted, which phase it was in, the end of the
 * child's stderr. The rules both must agree on are shared: the command words and the version
 * rule come from the runtime.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { assertNever, BindgenError } from "../errors.js";
import { readMessage, type ServerMessage } from "./jsonrpc.js";
import { showCommand } from "./server-command.js";

export interface ReadyWait {
  readonly notification: string;
  readonly timeoutMs: number;
  /** Why the ready notification's params are refused, or undefined to accept them. */
  readonly refuse?: (params: unknown) => string | undefined;
}

export interface ProbePlan {
  /** The command and its arguments; never read by a shell. */
  readonly command: readonly string[];
  /** The notification the server sends before it serves requests; without one, the request goes at once. */
  readonly ready: ReadyWait | undefined;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly callTimeoutMs: number;
}

/** Enough of the child's stderr to show why it failed, without holding a chatty server's whole log. */
const STDERR_TAIL_BYTES = 4096;
/** A line this long is not an answer a person meant to send; it must not grow without bound. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;
/** How long the child gets after SIGTERM before SIGKILL, and again after SIGKILL before we stop waiting. */
const STOP_GRACE_MS = 2000;
/** Only one request is ever sent; its id is what the response must carry. */
const REQUEST_ID = 1;

type Child = ChildProcessByStdio<Writable, Readable, Readable>;
type Outcome = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: BindgenError };

/** The introspection method's `result`, once the child has been stopped. */
export async function probeServer(plan: ProbePlan): Promise<unknown> {
  const outcome = await converse(plan);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/** Resolves with the outcome once the child is stopped; never rejects, so nothing can go unhandled. */
function converse(plan: ProbePlan): Promise<Outcome> {
  const shown = showCommand(plan.command);
  const [program, ...args] = plan.command;
  const failure = (message: string): Outcome => ({ ok: false, error: new BindgenError("io", `--stdio ${shown}: ${message}`) });
  if (program === undefined) return Promise.resolve(failure("needs a command"));
  let child: Child;
  try {
    child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    // spawn throws only for arguments it cannot pass at all (a NUL byte, say).
    return Promise.resolve(failure(`cannot start: ${(error as Error).message}`));
  }
  return new Promise((resolve) => new Conversation(child, plan, failure, resolve).begin());
}

type Phase = "ready" | "answer" | "done";

class Conversation {
  readonly #child: Child;
  readonly #plan: ProbePlan;
  readonly #failure: (message: string) => Outcome;
  readonly #resolve: (outcome: Outcome) => void;
  readonly #stderr: Buffer[] = [];
  #stderrBytes = 0;
  #phase: Phase;
  #timer: NodeJS.Timeout | undefined;
  #pending = "";
  #lineNumber = 0;

  constructor(child: Child, plan: ProbePlan, failure: (message: string) => Outcome, resolve: (outcome: Outcome) => void) {
    this.#child = child;
    this.#plan = plan;
    this.#failure = failure;
    this.#resolve = resolve;
    this.#phase = plan.ready === undefined ? "answer" : "ready";
  }

  begin(): void {
    const child = this.#child;
    // `on`, not `once`: a later error (a failed kill) must not be thrown for want of a listener.
    child.on("error", (error: NodeJS.ErrnoException) => this.#fail(`cannot start: ${spawnReason(error)}`));
    // "close", not "exit": it comes after stdout was read to its end, so an answer written just
    // before the child exited has been seen by then.
    child.once("close", (code, signal) =>
      this.#fail(`exited ${this.#awaiting()} (${signal ?? `code ${code}`})${this.#stderrTail()}`),
    );
    // EPIPE once the child is gone; its exit is what gets reported.
    child.stdin.on("error", () => undefined);
    child.stderr.on("data", (chunk: Buffer) => this.#keepStderr(chunk));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => this.#read(chunk));
    // A last line without its "\n" still counts once the stream has ended.
    child.stdout.on("end", () => {
      if (this.#pending !== "") this.#line(this.#pending);
      this.#pending = "";
    });
    const { ready } = this.#plan;
    if (ready === undefined) this.#send();
    else this.#arm(ready.timeoutMs, () => `sent no ${ready.notification} within ${ready.timeoutMs} ms${this.#stderrTail()}`);
  }

  #read(chunk: string): void {
    // Most chunks of a long line hold no "\n": appending them is cheap, splitting again is not.
    const lines = chunk.includes("\n") ? (this.#pending + chunk).split("\n") : [this.#pending + chunk];
    this.#pending = lines.pop() ?? "";
    for (const line of lines) this.#line(line);
    if (this.#pending.length > MAX_LINE_CHARS)
      this.#fail(`line ${this.#lineNumber + 1} of its stdout is longer than ${MAX_LINE_CHARS} characters`);
  }

  #line(line: string): void {
    if (this.#phase === "done") return;
    this.#lineNumber += 1;
    // Blank lines carry nothing; some servers flush with them.
    if (line.trim() === "") return;
    this.#message(readMessage(line), line);
  }

  #message(message: ServerMessage, line: string): void {
    const { ready } = this.#plan;
    switch (message.kind) {
      case "malformed":
        return this.#fail(`line ${this.#lineNumber} of its stdout ${message.why}: ${excerpt(line)}`);
      case "request":
        return;
      case "notification":
        if (this.#phase === "ready" && ready !== undefined && message.method === ready.notification) {
          const refused = ready.refuse?.(message.params);
          if (refused !== undefined) return this.#fail(refused);
          return this.#send();
        }
        // Other notifications (logs, progress, a second ready) say nothing about what it serves.
        return;
      case "result":
      case "error":
        return this.#response(message);
      default:
        return assertNever(message, "server message");
    }
  }

  #response(message: Extract<ServerMessage, { kind: "result" | "error" }>): void {
    const { method } = this.#plan;
    if (this.#phase === "ready") return this.#fail(`answered id ${JSON.stringify(message.id)} before it was asked anything`);
    if (message.id !== REQUEST_ID) {
      return this.#fail(`answered id ${JSON.stringify(message.id)}; the ${method} request was id ${REQUEST_ID}`);
    }
    if (message.kind === "error") return this.#fail(`${method} failed with error ${message.code}: ${message.message}`);
    this.#finish({ ok: true, result: message.result });
  }

  #send(): void {
    const { method, params, callTimeoutMs } = this.#plan;
    this.#phase = "answer";
    const request = { jsonrpc: "2.0", id: REQUEST_ID, method, ...(params === undefined ? {} : { params }) };
    this.#child.stdin.write(`${JSON.stringify(request)}\n`);
    this.#arm(callTimeoutMs, () => `did not answer ${method} within ${callTimeoutMs} ms${this.#stderrTail()}`);
  }

  /** One timer at a time: the bound of the phase the conversation is in. */
  #arm(ms: number, message: () => string): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#fail(message()), ms);
  }

  #awaiting(): string {
    const { ready, method } = this.#plan;
    return this.#phase === "ready" && ready !== undefined ? `before ${ready.notification}` : `before answering ${method}`;
  }

  #fail(message: string): void {
    if (this.#phase !== "done") this.#finish(this.#failure(message));
  }

  #finish(outcome: Outcome): void {
    if (this.#phase === "done") return;
    this.#phase = "done";
    clearTimeout(this.#timer);
    this.#timer = undefined;
    void stopChild(this.#child).then(() => this.#resolve(outcome));
  }

  #keepStderr(chunk: Buffer): void {
    this.#stderr.push(chunk);
    this.#stderrBytes += chunk.length;
    while (this.#stderr.length > 1 && this.#stderrBytes - (this.#stderr[0]?.length ?? 0) >= STDERR_TAIL_BYTES) {
      this.#stderrBytes -= this.#stderr.shift()?.length ?? 0;
    }
  }

  #stderrTail(): string {
    const all = Buffer.concat(this.#stderr);
    const tail = all
      .subarray(Math.max(0, all.length - STDERR_TAIL_BYTES))
      .toString("utf8")
      .trim();
    return tail === "" ? "" : `; its stderr ends: ${tail}`;
  }
}

/**
 * Ends the child: stdin closed and SIGTERM, then SIGKILL after a grace. Resolves once it exited
 * (or, should even SIGKILL not end it, after a second grace); never rejects. Its pipes are
 * destroyed, so no handle of it outlives the command.
 */
function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    let force: NodeJS.Timeout | undefined;
    let giveUp: NodeJS.Timeout | undefined;
    let stopped = false;
    const done = (): void => {
      if (stopped) return;
      stopped = true;
      clearTimeout(force);
      clearTimeout(giveUp);
      child.off("exit", done);
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
      resolve();
    };
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", done);
    if (!child.stdin.destroyed) child.stdin.end();
    child.kill("SIGTERM");
    force = setTimeout(() => {
      child.kill("SIGKILL");
      giveUp = setTimeout(done, STOP_GRACE_MS);
    }, STOP_GRACE_MS);
  });
}

function spawnReason(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "no such command";
    case "EACCES":
      return "permission denied";
    default:
      return error.message;
  }
}

/** A line as messages quote it: JSON-escaped (so it stays one line) and cut short. */
function excerpt(line: string): string {
  const limit = 80;
  return JSON.stringify(line.length > limit ? `${line.slice(0, limit)}…` : line);
}
