/**
 * What the proxy tests share: `rightkit-bindgen proxy` as its own process, awaited by the line it
 * prints once it serves and by each violation line it prints (events, never wall time), stopped
 * by SIGTERM or by the end of its stdin; and a recording host, a raw Unix-socket peer that keeps
 * every byte it received and answers what the test's script says, so a test can compare bytes.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { expect } from "vitest";
import type { ConformReport } from "../../generator/values/report-shape.js";
import type { Cleanups } from "../support/cleanups.js";
import { conformJson, failing } from "../conform/support.js";
import { BIN } from "../mock/support.js";

export interface ProxyChild {
  /** The line it printed once it served (or the last before it exited). */
  readonly started: string;
  /** Resolves with the first stderr line (so far or to come) that contains `text`. */
  line(text: string): Promise<string>;
  stderr(): string;
  stdout(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  readonly exited: Promise<number | null>;
  /** The proxy's stdin and stdout: its client's side on --stdio. */
  readonly stdin: Writable;
  readonly output: Readable;
}

export async function spawnProxy(cleanups: Cleanups, args: readonly string[]): Promise<ProxyChild> {
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(process.execPath, [BIN, "proxy", ...args], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.on("error", () => undefined);
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const lines: string[] = [];
  const waiters: { text: string; resolve: (line: string) => void }[] = [];
  let out = "";
  const stdio = args.includes("--stdio");
  if (!stdio) child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  createInterface({ input: child.stderr }).on("line", (line) => {
    lines.push(line);
    for (const waiter of waiters.splice(0)) {
      if (line.includes(waiter.text)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  });
  const line = (text: string): Promise<string> => {
    const seen = lines.find((candidate) => candidate.includes(text));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => waiters.push({ text, resolve }));
  };
  const started = await Promise.race([line(": serving "), line(": listening on "), exited.then(() => lines.at(-1) ?? "")]);
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  cleanups.add(async () => {
    await stop();
  });
  return {
    started,
    line,
    stderr: () => lines.join("\n"),
    stdout: () => out,
    stop,
    exited,
    stdin: child.stdin,
    output: child.stdout,
  };
}

/** What a recording host answers to one line it received (each answer written as given), or "close". */
export type Answer = (line: string) => readonly string[] | "close";

export interface RecordingHost {
  readonly endpoint: string;
  /** Every byte received so far, over all connections. */
  received(): Buffer;
  /** Resolves once `bytes` bytes have arrived in all. */
  receivedAtLeast(bytes: number): Promise<void>;
}

/**
 * A host that records bytes on `endpoint` and answers each complete line as `answer` says; with
 * `suiteRoot`, its record is published there as the daemon's service.json, as a host's would be.
 */
export async function recordingHost(
  cleanups: Cleanups,
  where: { readonly suiteRoot: string; readonly service: string } | { readonly socketPath: string },
  answer: Answer,
): Promise<RecordingHost> {
  const endpoint = "socketPath" in where ? where.socketPath : join(where.suiteRoot, "runtime", where.service, "host.sock");
  const chunks: Buffer[] = [];
  let size = 0;
  const waiters: { bytes: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.once("close", () => sockets.delete(socket));
    let pending = "";
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      for (const waiter of waiters.splice(0)) {
        if (size >= waiter.bytes) waiter.resolve();
        else waiters.push(waiter);
      }
      pending += chunk.toString("utf8");
      for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
        const reply = answer(pending.slice(0, end));
        pending = pending.slice(end + 1);
        if (reply === "close") socket.destroy();
        else for (const text of reply) socket.write(text);
      }
    });
  });
  if (!("socketPath" in where)) await mkdir(join(where.suiteRoot, "runtime", where.service), { recursive: true, mode: 0o700 });
  server.listen(endpoint);
  await once(server, "listening");
  cleanups.add(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  if (!("socketPath" in where)) {
    const record = join(where.suiteRoot, "runtime", where.service, "service.json");
    await writeFile(
      record,
      JSON.stringify({ protocol_major: 1, protocol_minor: 0, service: where.service, pid: process.pid, endpoint }),
    );
    await chmod(record, 0o600);
  }
  return {
    endpoint,
    received: () => Buffer.concat(chunks),
    receivedAtLeast: (bytes) =>
      size >= bytes ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ bytes, resolve })),
  };
}

/** Every byte a stream delivers, kept as it comes, awaited by count. */
export function collect(stream: Readable): { bytes(): Buffer; atLeast(bytes: number): Promise<Buffer> } {
  const chunks: Buffer[] = [];
  let size = 0;
  const waiters: { bytes: number; resolve: (all: Buffer) => void }[] = [];
  stream.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    for (const waiter of waiters.splice(0)) {
      if (size >= waiter.bytes) waiter.resolve(Buffer.concat(chunks));
      else waiters.push(waiter);
    }
  });
  return {
    bytes: () => Buffer.concat(chunks),
    atLeast: (bytes) =>
      size >= bytes ? Promise.resolve(Buffer.concat(chunks)) : new Promise((resolve) => waiters.push({ bytes, resolve })),
  };
}

/**
 * The proxy of `contract` published as `service` in a fresh suite root, forwarding to the host
 * `upstream`'s record names; with the endpoint its own record names, as a client would find it.
 */
export async function suiteProxy(
  cleanups: Cleanups,
  contract: string,
  upstream: { readonly suiteRoot: string; readonly service: string },
  more: readonly string[] = [],
): Promise<{ proxy: ProxyChild; suiteRoot: string; endpoint: string }> {
  const suiteRoot = await cleanups.dir();
  const proxy = await spawnProxy(cleanups, [
    "--contract",
    contract,
    "--suite-root",
    suiteRoot,
    "--upstream-suite-root",
    upstream.suiteRoot,
    ...more,
  ]);
  if (!proxy.started.includes(": serving ")) throw new Error(`the proxy did not start: ${proxy.stderr()}`);
  const record = join(suiteRoot, "runtime", upstream.service, "service.json");
  const { endpoint } = JSON.parse(await readFile(record, "utf8")) as { endpoint: string };
  return { proxy, suiteRoot, endpoint };
}

/**
 * conform run with `args` against the proxy in front of a correct host: conform must find it
 * conforming (the proxy is transparent); then the proxy is stopped and the JSON report it wrote
 * to `report` read back, with its exit code.
 */
export async function conformThrough(
  proxy: ProxyChild,
  report: string,
  ...args: readonly (string | readonly string[])[]
): Promise<{ exit: number | null; seen: ConformReport }> {
  const { run, report: conformed } = await conformJson(...args);
  expect(failing(conformed)).toEqual([]);
  expect(run.code).toBe(0);
  const exit = await proxy.stop();
  return { exit, seen: JSON.parse(await readFile(report, "utf8")) as ConformReport };
}
