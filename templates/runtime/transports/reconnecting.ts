/// <reference types="node" />
import { RpcChannel } from "./channel.js";
import type { Framing } from "../framing/framing.js";
import { serviceUnavailable } from "../core/errors.js";
import type { NotificationListener } from "../protocols/jsonrpc-multiplexer.js";
import { notReady, type ReadyGate } from "./ready.js";
import type { Transport, TransportCallOptions } from "../core/transport.js";

export type ReconnectingOptions = {
  /** Each new connection holds requests until the server's ready notification. */
  ready?: ReadyGate;
  /** What the connection reaches, for error messages: a command, a socket path. */
  peer: string;
  /** How each connection's frames are written and read; default NDJSON. */
  framing?: Framing;
};

/**
 * The connection policy both transports share: open on the first call, forget a channel the
 * moment it fails, open a fresh one on the next call, and make `close()` final. Only how a
 * channel gets its streams differs, so that is the one thing passed in. Notifications of every
 * connection reach every listener; a ready gate, when given, holds each connection's requests
 * until the server says it is ready.
 */
export class ReconnectingChannel implements Transport {
  readonly #connect: (channel: RpcChannel) => void;
  readonly #options: ReconnectingOptions;
  readonly #listeners = new Set<NotificationListener>();
  #channel: RpcChannel | undefined;
  #readiness: Promise<unknown> = Promise.resolve(undefined);
  #ready = new WeakSet<RpcChannel>();
  #closed = false;

  constructor(connect: (channel: RpcChannel) => void, options: ReconnectingOptions) {
    this.#connect = connect;
    this.#options = options;
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    if (this.#closed) return Promise.reject(serviceUnavailable("the transport is closed", false));
    return (this.#channel ?? this.#open()).call(method, params, options);
  }

  /**
   * Opens a connection now if there is none, and resolves once it can serve: with the ready
   * notification's params under a ready gate, else at once with undefined.
   */
  start(): Promise<unknown> {
    if (this.#closed) return Promise.reject(serviceUnavailable("the transport is closed", false));
    if (this.#channel === undefined) this.#open();
    return this.#readiness;
  }

  /** True once `channel`'s server has said it is ready (always, without a gate). */
  isReady(channel: RpcChannel): boolean {
    return this.#options.ready === undefined || this.#ready.has(channel);
  }

  listen(listener: NotificationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const channel = this.#channel;
    if (!channel) return;
    channel.fail(serviceUnavailable("the transport was closed while the call was pending", false));
    await channel.released();
  }

  #open(): RpcChannel {
    const channel = new RpcChannel(() => {
      if (this.#channel === channel) this.#channel = undefined;
    }, this.#options.framing);
    this.#channel = channel;
    const gate = this.#options.ready;
    if (gate === undefined) {
      channel.onNotification((method, params) => this.#broadcast(method, params));
      this.#readiness = Promise.resolve(undefined);
    } else {
      this.#readiness = this.#gated(channel, gate);
      // Nobody may be waiting on start(); the calls learn of a failure from the channel itself.
      this.#readiness.catch(() => {});
    }
    this.#connect(channel);
    return channel;
  }

  #gated(channel: RpcChannel, gate: ReadyGate): Promise<unknown> {
    channel.hold();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => channel.fail(notReady(gate, this.#options.peer)), gate.timeoutMs);
      void channel.died.then((error) => {
        clearTimeout(timer);
        reject(error);
      });
      channel.onNotification((method, params) => {
        if (method === gate.notification && !this.#ready.has(channel)) {
          const refusal = gate.accept?.(params);
          if (refusal) {
            channel.fail(refusal);
            return;
          }
          clearTimeout(timer);
          this.#ready.add(channel);
          channel.open();
          resolve(params);
        }
        this.#broadcast(method, params);
      });
    });
  }

  /** A listener that throws cannot break the connection: its error is rethrown on its own. */
  #broadcast(method: string, params: unknown): void {
    for (const listener of this.#listeners) {
      try {
        listener(method, params);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
