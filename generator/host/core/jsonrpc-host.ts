import type { EventEmitter } from "node:events";
import { rmdir } from "node:fs/promises";
import { Connection, type HostStream } from "./connection.js";
import { openJsonRpcSession, type JsonRpcHostState } from "./jsonrpc-session.js";
import { MAX_LINE_BYTES } from "./limits.js";
import type { PeerCheck } from "./peer.js";
import { listenPrivate } from "./server.js";
import type { Service } from "./service.js";
import { prepareSocketPath } from "./socket-dir.js";

export type JsonRpcHostConfig = {
  socketPath: string;
  service: Service;
  scenario(): string;
  outOfOrderWindow: number;
  events: EventEmitter;
  /** Off (undefined) unless asked for: the JSON-RPC host keeps its behaviour from before the daemon protocol. */
  peerCheck: PeerCheck | undefined;
};

export type JsonRpcHost = {
  readonly socketPath: string;
  connectionCount(): number;
  idle(): Promise<void>;
  close(): Promise<void>;
};

/** The JSON-RPC 2.0 host on a Unix socket (0600, in a 0700 directory it makes or checks). */
export async function startJsonRpcHost(config: JsonRpcHostConfig): Promise<JsonRpcHost> {
  const { createdDir } = await prepareSocketPath(config.socketPath);
  const state = jsonRpcState(config);
  const listener = await listenPrivate({
    socketPath: config.socketPath,
    peerCheck: config.peerCheck,
    events: config.events,
    openSession: (connection) => openJsonRpcSession(connection, state),
  });
  let closing: Promise<void> | undefined;
  return {
    socketPath: config.socketPath,
    connectionCount: listener.connectionCount,
    idle: listener.idle,
    close: () => {
      closing ??= (async () => {
        config.service.stop();
        await listener.close();
        if (createdDir !== undefined) await rmdir(createdDir).catch(() => undefined);
      })();
      return closing;
    },
  };
}

/** One JSON-RPC client on a pair of streams (stdio). */
export function serveJsonRpcStream(stream: HostStream, config: Omit<JsonRpcHostConfig, "socketPath" | "peerCheck">): void {
  const state = jsonRpcState(config);
  new Connection(stream, MAX_LINE_BYTES, (connection) => openJsonRpcSession(connection, state));
}

function jsonRpcState(config: Omit<JsonRpcHostConfig, "socketPath" | "peerCheck">): JsonRpcHostState {
  return {
    service: config.service,
    scenario: config.scenario,
    outOfOrderWindow: config.outOfOrderWindow,
    events: config.events,
    handoff: new AbortController().signal,
  };
}
