/**
 * The proxy's connections: each client accepted on its socket gets one upstream connection of its
 * own and one watch, relayed until both sides are gone; a client on stdio is relayed to the
 * host the command started. A client whose upstream cannot be reached is closed (what its
 * transport sees of a host that is not there) and noted; the proxy goes on.
 */
import type { Socket } from "node:net";
import { relay, type RelayEnd } from "./relay.js";
import { connectUpstream, type Upstream } from "./upstream.js";
import { ConnectionWatch, type WatchShared } from "./watch.js";

export class TrafficProxy {
  readonly #shared: WatchShared;
  readonly #relays = new Set<Promise<void>>();
  readonly #watches = new Set<ConnectionWatch>();
  /** Every socket of every relay, either side: a stop closes them all, so no relay outlives it. */
  readonly #sockets = new Set<Socket>();

  constructor(shared: WatchShared) {
    this.#shared = shared;
  }

  /** A client on the proxy's socket (still paused): its upstream first, then the relay. */
  accept(client: Socket, upstream: Upstream): void {
    this.#hold(client);
    const done = connectUpstream(upstream).then(
      (host) => this.#relay(socketEnd(client), socketEnd(this.#hold(host))),
      (error: unknown) => {
        this.#shared.log.notice(
          `client connections closed: no upstream (${error instanceof Error ? error.message : String(error)})`,
        );
        client.destroy();
      },
    );
    this.#track(done);
  }

  /** One client on streams (stdio) and its host's streams. */
  relayStreams(client: RelayEnd, host: RelayEnd): Promise<void> {
    const done = this.#relay(client, host);
    this.#track(done);
    return done;
  }

  /**
   * Stops: every open call is let go unjudged first (a host the proxy cuts off is not at fault),
   * then every socket is closed (one that stopped reading cannot hold the stop up), and every
   * relay awaited.
   */
  async close(): Promise<void> {
    for (const watch of this.#watches) watch.clientClosed();
    for (const socket of this.#sockets) socket.destroy();
    await Promise.all([...this.#relays]);
  }

  async #relay(client: RelayEnd, host: RelayEnd): Promise<void> {
    const watch = new ConnectionWatch(this.#shared);
    this.#watches.add(watch);
    try {
      await relay(client, host, watch);
    } finally {
      this.#watches.delete(watch);
    }
  }

  #hold(socket: Socket): Socket {
    this.#sockets.add(socket);
    socket.once("close", () => this.#sockets.delete(socket));
    return socket;
  }

  #track(done: Promise<void>): void {
    this.#relays.add(done);
    void done.finally(() => this.#relays.delete(done));
  }
}

/** A socket let go once the other side is gone: what was written to it is flushed first, then it closes. */
function socketEnd(socket: Socket): RelayEnd {
  return { input: socket, output: socket, release: () => socket.end(() => socket.destroy()), hearsAfterEnd: false };
}
