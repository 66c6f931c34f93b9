/// <reference types="node" />
import { createConnection } from "node:net";
import type { RpcChannel } from "./channel.js";
import { asToolError, serviceUnavailable } from "../core/errors.js";
import type { NotificationListener } from "../protocols/jsonrpc-multiplexer.js";
import { ReconnectingChannel } from "./reconnecting.js";
import { destroySocket } from "./sockets.js";
import { assertSocketTrusted, resolveSocketPath } from "./socket-path.js";
import type { Transport, TransportCallOptions } from "../core/transport.js";

export type JsonRpcSocketTransportOptions = {
  /** Unix socket path or Windows pipe name; else `RIGHTKIT_SOCKET`, else the platform default. */
  socketPath?: string;
};

/**
 * JSON-RPC 2.0 over NDJSON on the daemon's Unix socket or named pipe. One connection carries
 * every concurrent call; it is opened on the first call, dropped when it fails, and opened
 * again by the next call. `close()` is final.
 */
export class JsonRpcSocketTransport implements Transport {
  readonly socketPath: string;
  readonly #connection: ReconnectingChannel;

  constructor(options: JsonRpcSocketTransportOptions = {}) {
    this.socketPath = resolveSocketPath(options.socketPath);
    this.#connection = new ReconnectingChannel((channel) => void this.#connect(channel), {
      peer: this.socketPath,
    });
  }

  listen(listener: NotificationListener): () => void {
    return this.#connection.listen(listener);
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    return this.#connection.call(method, params, options);
  }

  close(): Promise<void> {
    return this.#connection.close();
  }

  async #connect(channel: RpcChannel): Promise<void> {
    let trusted: string;
    try {
      trusted = await assertSocketTrusted(this.socketPath);
    } catch (error) {
      channel.fail(asToolError(error, "service_unavailable"));
      return;
    }
    if (channel.isDead) return;
    const socket = createConnection(trusted);
    let connected = false;
    socket.once("connect", () => {
      connected = true;
    });
    // Before "connect" nothing reached the host, so trying again is safe.
    socket.on("error", (error) => {
      channel.fail(
        serviceUnavailable(
          connected ? "the connection to the host failed mid-call" : `cannot connect to ${this.socketPath}`,
          !connected,
          error,
        ),
      );
    });
    socket.on("close", () => channel.fail(serviceUnavailable("the host closed the connection", !connected)));
    channel.attach({ readable: socket, writable: socket, destroy: () => destroySocket(socket) });
  }
}
