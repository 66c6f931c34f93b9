import { RpcChannel } from "./channel.js";
import { serviceUnavailable } from "../core/errors.js";
import type { Transport, TransportCallOptions } from "../core/transport.js";

/**
 * The connection policy both transports share: open on the first call, forget a channel the
 * moment it fails, open a fresh one on the next call, and make `close()` final. Only how a
 * channel gets its streams differs, so that is the one thing passed in.
 */
export class ReconnectingChannel implements Transport {
  readonly #connect: (channel: RpcChannel) => void;
  #channel: RpcChannel | undefined;
  #closed = false;

  constructor(connect: (channel: RpcChannel) => void) {
    this.#connect = connect;
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    if (this.#closed) return Promise.reject(serviceUnavailable("the transport is closed", false));
    return (this.#channel ?? this.#open()).call(method, params, options);
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
    });
    this.#channel = channel;
    this.#connect(channel);
    return channel;
  }
}
