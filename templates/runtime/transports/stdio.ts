/// <reference types="node" />
import { spawn, type ChildProcess } from "node:child_process";
import type { RpcChannel } from "./channel.js";
import type { Framing } from "../framing/framing.js";
import { serviceUnavailable } from "../core/errors.js";
import type { NotificationListener } from "../protocols/jsonrpc-multiplexer.js";
import { readyRefusal, type ReadyGate, type ReadyRule } from "./ready.js";
import { ReconnectingChannel } from "./reconnecting.js";
import type { Transport, TransportCallOptions } from "../core/transport.js";

export type StdioTransportOptions = {
  command: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the child's stderr goes; its stdout is the protocol. Default "inherit". */
  stderr?: "inherit" | "ignore";
  /** Each started child must send this notification before it is sent a request; `timeoutMs` defaults to 10 s. */
  ready?: Omit<ReadyGate, "timeoutMs"> & { timeoutMs?: number };
  /** How frames are written and read; default NDJSON. A wrapper may watch every frame (`rightkit-bindgen conform` does). */
  framing?: Framing;
};

const DEFAULT_READY_TIMEOUT_MS = 10_000;

// How long a child gets to exit after SIGTERM before it is killed outright.
const STOP_GRACE_MS = 2000;

/**
 * The same JSON-RPC NDJSON framing spoken to a child process on stdin/stdout. The child is
 * started by `start()` or the first call, and again on the first call after it died; with a
 * ready gate, requests wait for its ready notification. `close()` stops it and is final.
 */
export class StdioTransport implements Transport {
  readonly #options: StdioTransportOptions;
  readonly #connection: ReconnectingChannel;

  constructor(options: StdioTransportOptions) {
    this.#options = options;
    const { ready } = options;
    this.#connection = new ReconnectingChannel((channel) => this.#start(channel), {
      peer: options.command,
      ...(options.framing === undefined ? {} : { framing: options.framing }),
      ...(ready === undefined
        ? {}
        : { ready: { ...ready, timeoutMs: ready.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS } }),
    });
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    return this.#connection.call(method, params, options);
  }

  /** Starts the child unless it runs; resolves with its ready notification's params once it may be sent requests. */
  start(): Promise<unknown> {
    return this.#connection.start();
  }

  listen(listener: NotificationListener): () => void {
    return this.#connection.listen(listener);
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
      const gate = this.#options.ready;
      const when =
        gate === undefined || this.#connection.isReady(channel) ? "" : ` before ${gate.notification}`;
      channel.fail(serviceUnavailable(`${command} exited${when} (${signal ?? `code ${code}`})`, false));
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

/** What a caller of a generated `spawn()` may change; the binding supplies the rest. */
export type SpawnOptions = {
  command?: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stderr?: "inherit" | "ignore";
  /** How long the server has to send its ready notification; default the binding's, else 10 s. */
  readyTimeoutMs?: number;
};

/** A binding's server: the command it starts by default and the ready rule it checks. */
export type ServerDefaults = {
  command: string;
  args: readonly string[];
  ready?: ReadyRule;
  readyTimeoutMs?: number;
};

/** The transport a generated `spawn()` starts: the caller's options over the binding's defaults. */
export function spawnTransport(options: SpawnOptions, server: ServerDefaults): StdioTransport {
  const transportOptions: StdioTransportOptions = {
    command: options.command ?? server.command,
    args: options.args ?? server.args,
  };
  if (options.cwd !== undefined) transportOptions.cwd = options.cwd;
  if (options.env !== undefined) transportOptions.env = options.env;
  if (options.stderr !== undefined) transportOptions.stderr = options.stderr;
  const rule = server.ready;
  if (rule !== undefined) {
    transportOptions.ready = {
      notification: rule.notification,
      timeoutMs: options.readyTimeoutMs ?? server.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      accept: (params) => readyRefusal(rule, params),
    };
  }
  return new StdioTransport(transportOptions);
}

/** Starts the child and waits until it is ready; on any failure the child is stopped before the error is thrown. */
export async function startOrClose(transport: StdioTransport): Promise<void> {
  try {
    await transport.start();
  } catch (error) {
    await transport.close();
    throw error;
  }
}
