import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runHostCommand, SCENARIO_NAMES } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";
import { JsonRpcSocketTransport } from "../support/runtime.js";

const hostMain = fileURLToPath(new URL("../../generator/host/main.ts", import.meta.url));

describe("rightkit-bindgen host", () => {
  it.each([
    [[]],
    [["--socket", "/tmp/x.sock", "--stdio"]],
    [["--socket", "/tmp/x.sock", "--scenario", "chaos"]],
    [["--stdio", "--consent", "maybe"]],
    [["--stdio", "--consent-delay", "soon"]],
    [["--bogus"]],
  ])("exits 2 on bad arguments %j, with the usage on stderr", async (argv) => {
    const out: string[] = [];
    const err: string[] = [];
    expect(await runHostCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line) })).toBe(2);
    expect(out).toEqual([]);
    expect(err.join("\n")).toContain("usage: rightkit-bindgen host");
  });

  it("lists every scenario under --help and exits 0", async () => {
    const out: string[] = [];
    expect(await runHostCommand(["--help"], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    for (const name of SCENARIO_NAMES) expect(out.join("\n")).toContain(`  ${name} `);
  });

  it("prints one line when listening, serves, and exits 0 on SIGTERM", async () => {
    const temp = await privateTempDir();
    const socketPath = join(temp.dir, "daemon.sock");
    const child = spawn(process.execPath, ["--import", "tsx", hostMain, "--socket", socketPath, "--scenario", "echo"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: child.stdout });
    const [first] = (await once(lines, "line")) as [string];
    expect(first).toBe(`rightkit-bindgen host: listening on ${socketPath} (scenario echo)`);
    const transport = new JsonRpcSocketTransport({ socketPath });
    await expect(transport.call("any.method", { ping: 1 }, { timeoutMs: 5000 })).resolves.toEqual({
      ping: 1,
    });
    await transport.close();
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    expect(await exited).toEqual([0, null]);
    await temp.remove();
  });
});
