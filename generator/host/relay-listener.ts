/**
 * The proxy's own Unix socket: mode 0600 in a directory the caller made 0700 (the daemon's
 * user-only rule), each accepted client held paused until its upstream connection is open, so
 * no byte of it is read before it can be forwarded. Beside the host's sockets, as its record is
 * (publication.ts): sockets and records under a suite root are the host floor's, not the file door's.
 */
import { chmod, unlink } from "node:fs/promises";
import { createServer, type Socket } from "node:net";

export interface RelayListener {
  /** Stops accepting, drops every open connection and removes the socket file. */
  close(): Promise<void>;
}

export async function listenForClients(socketPath: string, accept: (client: Socket) => void): Promise<RelayListener> {
  const sockets = new Set<Socket>();
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    accept(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  let closing: Promise<void> | undefined;
  return {
    close: () => {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        await unlink(socketPath).catch(() => undefined);
      })();
      return closing;
    },
  };
}
