/**
 * The conformance host in a process of its own, for the benchmarks: started with `args` (its
 * protocol and place, a scenario), ready once it has printed its first line; the function it
 * resolves with stops it (SIGTERM) and waits for its exit.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export async function startHostProcess(args: readonly string[]): Promise<() => Promise<void>> {
  const hostMain = fileURLToPath(new URL("../../generator/commands/host-main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", hostMain, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  await once(createInterface({ input: child.stdout }), "line");
  return async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}
