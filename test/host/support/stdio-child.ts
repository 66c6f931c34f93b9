import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { LineQueue } from "./line-queue.js";

const hostMain = fileURLToPath(new URL("../../../generator/commands/host-main.ts", import.meta.url));

export type Frame = Record<string, unknown>;
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * The host command as a child process speaking NDJSON on its stdin/stdout, read and written as
 * raw lines: nothing from the runtime's transports, so the tests see the bytes the server writes.
 */
export class StdioChild {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #lines = new LineQueue("the server closed its stdout");
  readonly #exited: Promise<Exit>;
  readonly #stderr: Buffer[] = [];

  private constructor(args: readonly string[]) {
    this.#child = spawn(process.execPath, ["--import", "tsx", hostMain, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    this.#child.stdout.on("data", (chunk: Buffer) => this.#lines.push(chunk));
    this.#child.stdout.once("close", () => this.#lines.end());
    this.#child.stderr.on("data", (chunk: Buffer) => this.#stderr.push(chunk));
    // A server that exited (exit_at_start) makes writes fail with EPIPE; the exit is what a test checks.
    this.#child.stdin.on("error", () => undefined);
    // "close" comes after the exit and after stdout and stderr closed: nothing of the child is left open.
    this.#exited = once(this.#child, "close").then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
    }));
  }

  /** `host --stdio --service agentcli [--scenario NAME]` in its own process. */
  static agentcli(scenario?: string): StdioChild {
    return new StdioChild(["--stdio", "--service", "agentcli", ...(scenario === undefined ? [] : ["--scenario", scenario])]);
  }

  static host(args: readonly string[]): StdioChild {
    return new StdioChild(args);
  }

  send(frame: unknown): void {
    this.sendRaw(`${JSON.stringify(frame)}\n`);
  }

  sendRaw(text: string): void {
    this.#child.stdin.write(text);
  }

  nextLine(): Promise<string> {
    return this.#lines.nextLine();
  }

  async nextFrame(): Promise<Frame> {
    return JSON.parse(await this.nextLine()) as Frame;
  }

  /** Sends one JSON-RPC request and reads the next line as its response. */
  async call(id: string | number, method: string, params?: unknown): Promise<Frame> {
    this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return this.nextFrame();
  }

  /** A call's `result`; fails the test with the whole response when it is an error. */
  async result(method: string, params?: unknown): Promise<Frame> {
    const response = await this.call(method, method, params);
    if (!("result" in response)) throw new Error(`${method} answered ${JSON.stringify(response)}`);
    return response["result"] as Frame;
  }

  /** A call's `error`; fails the test with the whole response when it succeeded. */
  async error(method: string, params?: unknown): Promise<Frame> {
    const response = await this.call(method, method, params);
    if (!("error" in response)) throw new Error(`${method} answered ${JSON.stringify(response)}`);
    return response["error"] as Frame;
  }

  /** Every byte of stdout so far. */
  received(): string {
    return this.#lines.received();
  }

  stderr(): string {
    return Buffer.concat(this.#stderr).toString("utf8");
  }

  exited(): Promise<Exit> {
    return this.#exited;
  }

  /** Whether the process still exists (after close() it must not: it has exited and been reaped). */
  isAlive(): boolean {
    const { pid } = this.#child;
    if (pid === undefined) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Ends stdin (the server's EOF) and resolves with how the process exited; lines not yet taken stay readable. */
  async close(): Promise<Exit> {
    this.#child.stdin.end();
    return this.#exited;
  }
}

/** Children a test file started; `closeAll()` ends each and waits for its exit. */
export class StdioChildren {
  readonly #children: StdioChild[] = [];

  agentcli(scenario?: string): StdioChild {
    return this.#adopt(StdioChild.agentcli(scenario));
  }

  host(args: readonly string[]): StdioChild {
    return this.#adopt(StdioChild.host(args));
  }

  /** Ends every child and resolves with those still alive afterwards (a test expects none). */
  async closeAll(): Promise<StdioChild[]> {
    const children = this.#children.splice(0);
    for (const child of children) await child.close();
    return children.filter((child) => child.isAlive());
  }

  #adopt(child: StdioChild): StdioChild {
    this.#children.push(child);
    return child;
  }
}
