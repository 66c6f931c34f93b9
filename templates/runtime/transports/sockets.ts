/// <reference types="node" />
import type { Socket } from "node:net";

/** Destroys a socket; resolves once it has closed, so its file descriptor is released. */
export function destroySocket(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.closed) {
      resolve();
      return;
    }
    socket.once("close", () => resolve());
    socket.destroy();
  });
}
