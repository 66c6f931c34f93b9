/**
 * What the mock tests share: `rightkit-bindgen mock` as its own process (the bin, as a person or
 * conform's `--server` starts it), awaited by the line it prints once it serves, stopped by
 * SIGTERM and awaited by its exit.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { Cleanups } from "../support/cleanups.js";

export const BIN = resolve("generator/bin/rightkit-bindgen.js");
export const DEMO = "rightkit.agent.demo.v1";
export const AGENTCLI = "agentcli.v0.2";

export interface MockChild {
  /** The line the mock printed once it served (or the last it printed before it exited). */
  readonly started: string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Resolves with the exit code when the mock exits by itself. */
  readonly exited: Promise<number | null>;
  /** Everything it printed on stderr so far. */
  stderr(): string;
}

/** `rightkit-bindgen mock ARGS` in a process of its own, resolved once it says it serves (or exits). */
export async function spawnMock(cleanups: Cleanups, args: readonly string[]): Promise<MockChild> {
  const child: ChildProcessByStdio<null, null, Readable> = spawn(process.execPath, [BIN, "mock", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const lines: string[] = [];
  const reader = createInterface({ input: child.stderr });
  const serving = new Promise<string>((resolveLine) => {
    reader.on("line", (line) => {
      lines.push(line);
      if (line.includes(": serving ") || line.includes(": listening on ")) resolveLine(line);
    });
    void exited.then(() => resolveLine(lines.at(-1) ?? ""));
  });
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  cleanups.add(async () => {
    await stop();
  });
  return { started: await serving, stop, exited, stderr: () => lines.join("\n") };
}

/** conform's `--server` for the mock of `contract` on stdio, as a JSON array (paths may hold spaces). */
export function stdioMockServer(contract: string, ...more: string[]): string {
  return JSON.stringify([process.execPath, BIN, "mock", "--contract", contract, "--stdio", ...more]);
}
