/**
 * The host the proxy forwards to, reached once per client connection: on the daemon transport
 * the host the discovery record under the upstream suite root names (read by the runtime's own
 * reader, so the proxy finds what a client would find), on JSON-RPC a socket path, or a host the
 * proxy starts itself on stdio.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createConnection, type Socket } from "node:net";
import { readServiceRecord } from "../../templates/runtime/transports/daemon/record.js";
import type { RelayEnd } from "./relay.js";

export type Upstream =
  | { readonly kind: "suite"; readonly suiteRoot: string; readonly service: string }
  | { readonly kind: "socket"; readonly socketPath: string };

/** A connection to the upstream host; rejects with why there is none. */
export async function connectUpstream(upstream: Upstream): Promise<Socket> {
  const path =
    upstream.kind === "socket" ? upstream.socketPath : (await readServiceRecord(upstream.suiteRoot, upstream.service)).endpoint;
  const socket = createConnection(path);
  try {
    await once(socket, "connect");
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return socket;
}

export function describeUpstream(upstream: Upstream): string {
  return upstream.kind === "socket" ? upstream.socketPath : `${upstream.service} in ${upstream.suiteRoot}`;
}

/** A host the proxy started (`--stdio`), talked to on its stdin/stdout; its stderr is the proxy's. */
export interface SpawnedUpstream {
  readonly end: RelayEnd;
  /** Resolves once the host exited (or never started). */
  readonly exited: Promise<void>;
  /** Asks the host to stop (SIGTERM), if it still runs. */
  stop(): void;
}

export function spawnUpstream(words: readonly string[], failed: (why: string) => void): SpawnedUpstream {
  const [command = "", ...args] = words;
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => {
    child.once("close", () => resolve());
    child.once("error", (error) => {
      failed(`the upstream command could not start: ${error.message}`);
      resolve();
    });
  });
  return {
    // Its stdin ends when the client's does, as if the client had started it itself.
    end: { input: child.stdout, output: child.stdin, release: () => child.stdin.end(), hearsAfterEnd: false },
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    },
  };
}
