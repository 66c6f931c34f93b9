import { once, type EventEmitter } from "node:events";
import { chmod, unlink } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { Connection, type Session } from "./connection.js";
import { MAX_LINE_BYTES } from "./limits.js";
import type { PeerCheck, PeerVerdict } from "./peer.js";

export type ListenerOptions = {
  socketPath: string;
  /** Run on every accept before a byte is read; undefined admits every peer the directory let in. */
  peerCheck: PeerCheck | undefined;
  /** "connection" per admitted client, "idle" when none is left, "peer" with each verdict and its cost. */
  events: EventEmitter;
  openSession(connection: Connection): Session;
};

/** The verdict of one peer check, as the "peer" event carries it. */
export type PeerEvent = PeerVerdict & { ms: number };

export type Listener = {
  connectionCount(): number;
  idle(): Promise<void>;
  /** Ends every connection after what was written to it, then closes as close() does. */
  finish(): Promise<void>;
  /** Drops every connection, stops listening and removes the socket file. */
  close(): Promise<void>;
};

/**
 * Listens on a Unix socket and admits clients: each accepted socket stays paused until the peer
 * check passed, so a refused peer is closed before a single byte of it is read.
 */
export async function listenPrivate(options: ListenerOptions): Promise<Listener> {
  const { events, peerCheck } = options;
  const sockets = new Set<Socket>();
  const connections = new Set<Connection>();
  const checks = new Set<Promise<void>>();

  const admit = (socket: Socket): void => {
    const connection = new Connection(
      {
        input: socket,
        output: socket,
        drop: () => socket.destroy(),
        end: () => endSocket(socket),
      },
      MAX_LINE_BYTES,
      options.openSession,
    );
    connections.add(connection);
    socket.once("close", () => connections.delete(connection));
    events.emit("connection");
    socket.resume();
  };

  const server = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0) events.emit("idle");
    });
    // A client vanishing mid-write is normal here; the close handler does the bookkeeping.
    socket.on("error", () => undefined);
    if (peerCheck === undefined) {
      admit(socket);
      return;
    }
    const started = performance.now();
    const check = peerCheck(socket)
      .catch((error: unknown): PeerVerdict => ({ ok: false, reason: String(error) }))
      .then((verdict) => {
        events.emit("peer", { ...verdict, ms: performance.now() - started } satisfies PeerEvent);
        if (socket.destroyed) return;
        if (verdict.ok) admit(socket);
        else socket.destroy();
      })
      .finally(() => checks.delete(check));
    checks.add(check);
  });
  await listen(server, options.socketPath);
  // The 0700 directory already keeps others out while the mode is still the umask's.
  await chmod(options.socketPath, 0o600);

  let stopped: Promise<void> | undefined;
  const stopListening = (): Promise<void> => {
    stopped ??= new Promise<void>((resolve) => server.close(() => resolve()));
    return stopped;
  };
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      // A check still running would admit into a closed host; wait it out (it destroys instead).
      await Promise.all(checks);
      await closed;
      await unlink(options.socketPath).catch(() => undefined);
    })();
    return closing;
  };
  return {
    connectionCount: () => sockets.size,
    idle: () => (sockets.size === 0 ? Promise.resolve() : once(events, "idle").then(() => undefined)),
    finish: async () => {
      void stopListening();
      await Promise.all([...connections].map((connection) => connection.finish()));
      await close();
    },
    close,
  };
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Ends a socket after its last write and resolves once it is closed. */
function endSocket(socket: Socket): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  // The callback runs once our last byte and FIN are out; destroying then frees the fd even if
  // the peer never closes its side.
  socket.end(() => socket.destroy());
  return closed;
}
