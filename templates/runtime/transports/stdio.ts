import { spawn, type ChildProcess } from "node:child_process";
import type { RpcChannel } from "./channel.js";
import { serviceUnavailable } from "../core/errors.js";
import { ReconnectingChannel } from "./reconnecting.js";
import type { Transport, TransportCallOptions } from "../core/transport.js";

export type StdioTransportOptions = {
  command: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the child's stderr goes; its stdout is the protocol. Default "inherit". */
  stderr?: "inherit" | "ignore";
};

// How long a child gets to exit after SIGTERM before it is killed outright.
const STOP_GRACE_MS = 2000;

/**
 * The same JSON-RPC NDJSON framing spoken to a child process on stdin/stdout. The child is
 * started on the first call and again on the first call after it died; `close()` stops it
 * and is final.
 */
export class StdioTransport implements Transport {
  readonly #options: StdioTransportOptions;
  readonly #connection = new ReconnectingChannel((channel) => this.#start(channel));

  constructor(options: StdioTransportOptions) {
    this.#options = options;
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    return this.#connection.call(method, params, options);
  }

  close(): Promise<void> {
    return this.#connection.close();
  }

  #start(channel: RpcChannel): void {
    const { command, args = [], cwd, env, stderr = "inherit" } = this.#options;
    const child = spawn(command, args, {
      stdio: ["pipe", "pipe", stderr],
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
    });
    let spawned = false;
    child.once("spawn", () => {
      spawned = true;
    });
    child.once("error", (error) =>
      channel.fail(serviceUnavailable(`cannot run ${command}`, !spawned, error)),
    );
    // "close", not "exit": an answer the child wrote just before exiting may still be in the
    // pipe, and "close" comes only after stdout has been read to its end.
    child.once("close", (code, signal) => {
      channel.fail(serviceUnavailable(`${command} exited (${signal ?? `code ${code}`})`, false));
    });
    // EPIPE when the child is gone before we write; the exit handler reports it.
    child.stdin?.on("error", (error) =>
      channel.fail(serviceUnavailable(`${command} stopped reading`, false, error)),
    );
    const { stdin, stdout } = child;
    if (!stdin || !stdout) {
      channel.fail(serviceUnavailable(`${command} has no stdio pipes`, false));
      return;
    }
    channel.attach({ readable: stdout, writable: stdin, destroy: () => stopChild(child) });
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      child.stdout?.destroy();
      resolve();
      return;
    }
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      child.stdout?.destroy();
      resolve();
    });
    child.stdin?.end();
    child.kill("SIGTERM");
  });
}
