/**
 * A scripted rightkit-daemon peer for the regression tests: a real Unix socket in a suite root
 * and a record that points at it, answering each frame as the test's script says. It lies,
 * stalls or goes away on purpose; the conformance host (generator/host) is the honest one.
 */
import { rmSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { recordPath } from "./runtime.js";

export const SERVICE = "rightkit.agent.demo";

export type Frame = Record<string, unknown>;
/** What to do with one frame from a client: lines to write back (each a JSON value), or "close". */
export type Script = (frame: Frame, socket: Socket) => unknown[] | "close";

export type ScriptedHost = {
  readonly endpoint: string;
  /** Writes (or rewrites) the record; `startedMs` tells one publication from the next. */
  publish(startedMs: number): Promise<void>;
  /** Removes the record at once (before it returns its promise). */
  unpublish(): Promise<void>;
  close(): Promise<void>;
};

let hosts = 0;

export async function scriptedHost(suiteRoot: string, script: Script): Promise<ScriptedHost> {
  const dir = join(suiteRoot, "runtime", SERVICE);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const endpoint = join(dir, `scripted-${process.pid}-${hosts++}.sock`);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const frame = JSON.parse(buffered.slice(0, newline)) as Frame;
        buffered = buffered.slice(newline + 1);
        const answer = script(frame, socket);
        if (answer === "close") {
          socket.destroy();
          return;
        }
        for (const line of answer) socket.write(`${JSON.stringify(line)}\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(endpoint, resolve));
  const path = recordPath(suiteRoot, SERVICE);
  return {
    endpoint,
    // Written aside and renamed into place, as a real host does: a client reading the record while
    // it is replaced must see the old one or the new one, never half a file.
    publish: async (startedMs) => {
      const record = JSON.stringify({ protocol_major: 1, service: SERVICE, pid: process.pid, endpoint, started_ms: startedMs });
      const aside = `${path}.${process.pid}-${startedMs}.tmp`;
      await writeFile(aside, record, { mode: 0o600 });
      await rename(aside, path);
    },
    // Synchronous inside: a script that unpublishes and then closes the connection has removed the
    // record before the client can see the close and read discovery again.
    unpublish: async () => {
      rmSync(path, { force: true });
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(endpoint, { force: true });
    },
  };
}

/** The host's half of a normal hello. */
export function hello(): Frame {
  return { type: "hello", service: SERVICE, protocol_major: 1, protocol_minor: 0 };
}

export function ok(frame: Frame, result: unknown): Frame {
  return { type: "response", id: frame["id"], status: "ok", result };
}

export function handoff(frame: Frame): Frame {
  return {
    type: "response",
    id: frame["id"],
    status: "err",
    error: { code: "host_handoff", message: "releasing", retryable: true },
  };
}
