/**
 * End to end: the real `right-ctl` bin as a child process against the conformance host on a
 * real Unix socket: request → apps → snapshot → act → batch → end, then errors. Each child runs
 * with a fresh empty HOME as its working directory, which must still be empty at the end: the
 * CLI writes the token nowhere.
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, startHost, type HostHandle } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";

const BIN = fileURLToPath(new URL("../../generator/bin/right-ctl.js", import.meta.url));

type Child = { code: number | null; stdout: string; stderr: string };

let host: HostHandle;
let hostDir: { dir: string; remove(): Promise<void> };
let home: { dir: string; remove(): Promise<void> };
let connections = 0;

function rightCtl(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "RIGHTKIT_SOCKET"));
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: home.dir,
    env: { ...base, HOME: home.dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** stdout must be exactly one JSON object on one line. */
function output(child: Child): Record<string, unknown> {
  expect(child.stdout.endsWith("\n") && child.stdout.indexOf("\n") === child.stdout.length - 1, child.stdout + child.stderr).toBe(
    true,
  );
  return JSON.parse(child.stdout) as Record<string, unknown>;
}

beforeAll(async () => {
  hostDir = await privateTempDir();
  home = await privateTempDir();
  host = await startHost({ socketPath: join(hostDir.dir, "daemon.sock"), consent: { answer: "approve" } });
  host.events.on("connection", () => connections++);
});

afterAll(async () => {
  await host.close();
  await hostDir.remove();
  await home.remove();
});

describe("right-ctl demo against the conformance host", () => {
  let token = "";
  let refs: Record<string, string> = {};

  it("request mints a session once the person approves", async () => {
    const child = await rightCtl(["demo", "request", `app=${FIXTURE_APP_ID}`, "agent_name=bot", "--socket", host.socketPath]);
    expect(child.code).toBe(0);
    const result = output(child);
    expect(result).toMatchObject({ app: FIXTURE_APP_ID });
    expect(Object.keys(result).sort()).toEqual(["app", "session", "token"]);
    token = result["token"] as string;
  });

  it("apps finds the host through RIGHTKIT_SOCKET", async () => {
    const child = await rightCtl(["demo", "apps"], { RIGHTKIT_SOCKET: host.socketPath });
    expect(child.code).toBe(0);
    expect(output(child)).toEqual({ apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }] });
  });

  it("snapshot lists the elements while capture-safe", async () => {
    const child = await rightCtl(["demo", "snapshot", `token=${token}`, "--socket", host.socketPath]);
    expect(child.code).toBe(0);
    const result = output(child) as { capture_state: string; elements: { ref: string; label: string }[] };
    expect(result.capture_state).toBe("safe");
    refs = Object.fromEntries(result.elements.map((element) => [element.label, element.ref]));
    expect(Object.keys(refs)).toContain("Search");
  });

  it("act types verbatim text, options after the pairs", async () => {
    const child = await rightCtl([
      "demo",
      "act",
      `token=${token}`,
      `ref=${refs["Name — full"]}`,
      "op=type",
      "text=1e3",
      "--socket",
      host.socketPath,
      "--timeout",
      "5000",
    ]);
    expect(child.code).toBe(0);
    expect(output(child)).toEqual({ receipt_id: expect.stringMatching(/^receipt-/) });
  });

  it("batch runs its steps, given as one JSON object with the full tool name", async () => {
    const steps = [
      { ref: refs["Search"], op: "type", text: "x=y" },
      { ref: refs["Search"], op: "press", key: "enter" },
      { ref: refs["Submit ✓"], op: "click" },
    ];
    const child = await rightCtl(["demo", "--socket", host.socketPath, "demo.batch", JSON.stringify({ token, steps })]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ completed: 3, failed_step: null, error_code: null });
  });

  it("batch stopping at a failing step still succeeds, with failed_step and error_code", async () => {
    const steps = JSON.stringify([
      { ref: refs["Search"], op: "click" },
      { ref: refs["Password"], op: "type", text: "p" },
    ]);
    const child = await rightCtl(["demo", "batch", `token=${token}`, `steps=${steps}`, "--socket", host.socketPath]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ failed_step: expect.any(Number), error_code: expect.any(String) });
  });

  it("end seals the bundle", async () => {
    const child = await rightCtl(["demo", "end", `token=${token}`, "--socket", host.socketPath]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ ended: true, bundle_state: "complete" });
  });

  it("a call with the ended token is a ToolError on stdout, exit 1", async () => {
    const child = await rightCtl(["demo", "snapshot", `token=${token}`, "--socket", host.socketPath]);
    expect(child.code).toBe(1);
    const { error } = output(child) as { error: { code: string; message: string; retryable: boolean } };
    expect(["invalid_token", "session_ended"]).toContain(error.code);
    expect(Object.keys(error)).toEqual(["code", "message", "retryable"]);
  });

  it("invalid arguments exit 2 without connecting", async () => {
    const before = connections;
    expect(before).toBeGreaterThan(0);
    const steps = JSON.stringify(Array.from({ length: 21 }, () => ({ ref: "e1", op: "click" })));
    const child = await rightCtl(["demo", "batch", `token=${token}`, `steps=${steps}`, "--socket", host.socketPath]);
    expect(child.code).toBe(2);
    expect(output(child)).toMatchObject({ error: { code: "invalid_arguments", retryable: false } });
    expect(connections).toBe(before);
  });

  it("--timeout overrides the tool's timeout: a host that never answers is a timeout, exit 1", async () => {
    host.setScenario("never_answer");
    try {
      const child = await rightCtl(["demo", "apps", "--timeout", "200", "--socket", host.socketPath]);
      expect(child.code).toBe(1);
      expect(output(child)).toMatchObject({ error: { code: "timeout", retryable: true } });
    } finally {
      host.setScenario("normal");
    }
  });

  it("wrote nothing into HOME or the working directory", async () => {
    expect(await readdir(home.dir)).toEqual([]);
  });
});

describe("right-ctl without a host", () => {
  const nowhere = ["--socket", "/nonexistent/rightkit/daemon.sock"];

  it("--tools lists the six tools", async () => {
    const child = await rightCtl(["demo", "--tools", ...nowhere]);
    expect(child.code).toBe(0);
    expect((output(child)["tools"] as unknown[]).length).toBe(6);
  });

  it("--dry-run prints the parsed call", async () => {
    const child = await rightCtl(["demo", "snapshot", "token=null", "--dry-run", ...nowhere]);
    expect(child.code).toBe(0);
    expect(output(child)).toEqual({ tool: "demo.snapshot", params: { token: "null" } });
  });

  it("an absent host is service_unavailable, exit 1", async () => {
    const child = await rightCtl(["demo", "apps", ...nowhere]);
    expect(child.code).toBe(1);
    expect(output(child)).toMatchObject({ error: { code: "service_unavailable", retryable: true } });
  });

  it("--help says this is a demo build", async () => {
    const child = await rightCtl(["--help"]);
    expect(child.code).toBe(0);
    expect(child.stdout).toMatch(/^right-ctl \(demo build\)/);
  });

  it("any other subcommand is invalid_arguments, exit 2", async () => {
    const child = await rightCtl(["com.example.app", "snapshot"]);
    expect(child.code).toBe(2);
    expect(output(child)).toMatchObject({ error: { code: "invalid_arguments" } });
  });
});
