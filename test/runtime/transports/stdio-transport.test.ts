import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FIXTURE_APP_ID } from "../../../generator/host/index.js";
import { StdioTransport } from "../../support/runtime.js";
import { rejection } from "../../support/rejection.js";

const hostMain = fileURLToPath(new URL("../../../generator/commands/host-main.ts", import.meta.url));
const quick = { timeoutMs: 10_000 };

/** The conformance host itself, serving stdin/stdout in a child process. */
function stdioHost(scenario = "normal"): StdioTransport {
  return new StdioTransport({
    command: process.execPath,
    args: ["--import", "tsx", hostMain, "--stdio", "--scenario", scenario],
    stderr: "ignore",
  });
}

// A minimal NDJSON peer: answers "pid" with its pid, exits on "exit", and ignores the rest.
const tinyPeer = `
const rl = require("node:readline").createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const { id, method } = JSON.parse(line);
  if (method === "exit") process.exit(3);
  if (method === "answer-then-exit") {
    process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, result: { last: true } }) + "\\n", () => process.exit(0));
  }
  if (method === "pid") process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, result: { pid: process.pid } }) + "\\n");
});
`;

function tinyPeerTransport(): StdioTransport {
  return new StdioTransport({ command: process.execPath, args: ["-e", tinyPeer] });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("StdioTransport", () => {
  it("runs a whole session against the host on stdio", async () => {
    const transport = stdioHost();
    const granted = (await transport.call("demo.request", { app: FIXTURE_APP_ID, agent_name: "t" }, quick)) as {
      token: string;
    };
    const [snapshot, apps] = await Promise.all([
      transport.call("demo.snapshot", { token: granted.token }, quick),
      transport.call("demo.apps", {}, quick),
    ]);
    expect(snapshot).toHaveProperty("capture_state", "safe");
    expect(apps).toHaveProperty("apps");
    await expect(transport.call("demo.end", { token: granted.token }, quick)).resolves.toHaveProperty("bundle_state", "complete");
    await transport.close();
  });

  it("stops the child on close and rejects pending calls", async () => {
    const transport = tinyPeerTransport();
    const { pid } = (await transport.call("pid", {}, quick)) as { pid: number };
    expect(isAlive(pid)).toBe(true);
    const pending = rejection(transport.call("never", {}, quick));
    await transport.close();
    expect(await pending).toMatchObject({ code: "service_unavailable", retryable: false });
    expect(isAlive(pid)).toBe(false);
  });

  it("is service_unavailable when the child exits mid-call, and starts a new child next time", async () => {
    const transport = tinyPeerTransport();
    const first = (await transport.call("pid", {}, quick)) as { pid: number };
    const [waiting, exiting] = await Promise.all([
      rejection(transport.call("never", {}, quick)),
      rejection(transport.call("exit", {}, quick)),
    ]);
    expect(waiting).toMatchObject({ code: "service_unavailable", retryable: false });
    expect(exiting.code).toBe("service_unavailable");
    const second = (await transport.call("pid", {}, quick)) as { pid: number };
    expect(second.pid).not.toBe(first.pid);
    await transport.close();
  });

  it("still delivers an answer the child wrote just before exiting", async () => {
    const transport = tinyPeerTransport();
    await expect(transport.call("answer-then-exit", {}, quick)).resolves.toEqual({ last: true });
    await transport.close();
  });

  it("is service_unavailable when the host drops the stream mid-call", async () => {
    const transport = stdioHost("drop_mid_call");
    expect(await rejection(transport.call("demo.apps", {}, quick))).toMatchObject({
      code: "service_unavailable",
    });
    await transport.close();
  });

  it("is service_unavailable (retryable) when the command does not exist", async () => {
    const transport = new StdioTransport({ command: "/nonexistent/rightkit-host" });
    expect(await rejection(transport.call("x", {}, quick))).toMatchObject({
      code: "service_unavailable",
      retryable: true,
      details: { reason: "ENOENT" },
    });
    await transport.close();
  });
});
