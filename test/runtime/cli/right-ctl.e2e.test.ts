/**
 * End to end: the real `right-ctl` bin as a child process against the conformance host in
 * rightkit-daemon mode, found through `<suite>/runtime/rightkit.agent.demo/service.json` in a
 * temp suite: request → apps → snapshot → act → batch → end, then every exit code. Results go
 * to stdout, failures to stderr. Each child runs with an empty HOME as its working directory,
 * which must still be empty after every run: the CLI writes the token nowhere.
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, startHost, type DaemonHostHandle } from "../../../generator/host/index.js";
import { privateTempDir } from "../../support/host.js";

const BIN = fileURLToPath(new URL("../../../generator/bin/right-ctl.js", import.meta.url));

type Child = { code: number | null; stdout: string; stderr: string };
type TempDir = { dir: string; remove(): Promise<void> };
type ErrorLine = { code: string; message: string; retryable: boolean };

let home: TempDir;

/** Environment variables that would point a child at some other host or suite. */
const INHERITED_ROUTES = new Set(["RIGHTKIT_SUITE_ROOT", "RIGHTKIT_SOCKET"]);

async function rightCtl(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED_ROUTES.has(key)));
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: home.dir,
    env: { ...base, HOME: home.dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const ran = await new Promise<Child>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
  expect(await readdir(home.dir), "the child wrote into HOME").toEqual([]);
  return ran;
}

/** Exactly one line on the stream. */
function oneLine(text: string, context: string): string {
  expect(text.endsWith("\n") && text.indexOf("\n") === text.length - 1, context).toBe(true);
  return text;
}

/** The result: one JSON object on one line of stdout, nothing on stderr. */
function output(child: Child): Record<string, unknown> {
  expect(child.stderr).toBe("");
  return JSON.parse(oneLine(child.stdout, child.stdout)) as Record<string, unknown>;
}

/** The failure: one `{"error":{code,message,retryable}}` line on stderr, nothing on stdout. */
function failure(child: Child): ErrorLine {
  expect(child.stdout).toBe("");
  const line = JSON.parse(oneLine(child.stderr, child.stderr)) as { error: ErrorLine };
  expect(Object.keys(line)).toEqual(["error"]);
  expect(Object.keys(line.error)).toEqual(["code", "message", "retryable"]);
  return line.error;
}

let suite: TempDir;
let host: DaemonHostHandle;
let connections = 0;
let empty: TempDir;

beforeAll(async () => {
  home = await privateTempDir();
  suite = await privateTempDir();
  empty = await privateTempDir();
  host = await startHost({ suiteRoot: suite.dir, consent: { answer: "approve" } });
  host.events.on("connection", () => connections++);
});

afterAll(async () => {
  await host.close();
  for (const dir of [suite, empty, home]) await dir.remove();
});

describe("right-ctl demo against the daemon host", () => {
  let token = "";
  let refs: Record<string, string> = {};
  const at = (): string[] => ["--suite-root", suite.dir];

  it("the host published its record in the suite", () => {
    expect(host.recordPath).toBe(join(suite.dir, "runtime", "rightkit.agent.demo", "service.json"));
  });

  it("request mints a session once the person approves", async () => {
    const child = await rightCtl(["demo", "request", `app=${FIXTURE_APP_ID}`, "agent_name=bot", ...at()]);
    expect(child.code).toBe(0);
    const result = output(child);
    expect(result).toMatchObject({ app: FIXTURE_APP_ID });
    expect(Object.keys(result).sort()).toEqual(["app", "session", "token"]);
    token = result["token"] as string;
  });

  it("apps finds the host through RIGHTKIT_SUITE_ROOT instead of the flag", async () => {
    const child = await rightCtl(["demo", "apps"], { RIGHTKIT_SUITE_ROOT: suite.dir });
    expect(child.code).toBe(0);
    expect(output(child)).toEqual({ apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }] });
  });

  it("--suite-root wins over RIGHTKIT_SUITE_ROOT", async () => {
    const child = await rightCtl(["demo", "apps", ...at()], { RIGHTKIT_SUITE_ROOT: empty.dir });
    expect(child.code).toBe(0);
    expect(output(child)).toHaveProperty("apps");
  });

  it("snapshot lists the elements while capture-safe", async () => {
    const child = await rightCtl(["demo", "snapshot", `token=${token}`, ...at()]);
    expect(child.code).toBe(0);
    const result = output(child) as { capture_state: string; elements: { ref: string; label: string }[] };
    expect(result.capture_state).toBe("safe");
    refs = Object.fromEntries(result.elements.map((element) => [element.label, element.ref]));
    expect(Object.keys(refs)).toEqual(expect.arrayContaining(["Search", "Password"]));
  });

  it("act types verbatim text, options after the pairs", async () => {
    const child = await rightCtl([
      "demo",
      "act",
      `token=${token}`,
      `ref=${refs["Name — full"]}`,
      "op=type",
      "text=1e3",
      ...at(),
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
    const child = await rightCtl(["demo", ...at(), "demo.batch", JSON.stringify({ token, steps })]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ completed: 3, failed_step: null, error_code: null });
  });

  it("batch stopping at a blocked step still succeeds, with failed_step and error_code", async () => {
    const steps = JSON.stringify([
      { ref: refs["Submit ✓"], op: "click" },
      { ref: refs["Password"], op: "type", text: "p" },
    ]);
    const child = await rightCtl(["demo", "batch", `token=${token}`, `steps=${steps}`, ...at()]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ completed: 1, failed_step: 1, error_code: "target_blocked" });
  });

  it("act on a secure field is refused by the host gate: target_blocked, exit 3", async () => {
    const child = await rightCtl(["demo", "act", `token=${token}`, `ref=${refs["Password"]}`, "op=type", "text=p", ...at()]);
    expect(child.code).toBe(3);
    expect(failure(child)).toMatchObject({ code: "target_blocked", retryable: false });
  });

  it("end seals the bundle", async () => {
    const child = await rightCtl(["demo", "end", `token=${token}`, ...at()]);
    expect(child.code).toBe(0);
    expect(output(child)).toMatchObject({ ended: true, bundle_state: "complete" });
  });

  it("a call with the ended token is a tool error on stderr, stdout empty, exit 1", async () => {
    const child = await rightCtl(["demo", "snapshot", `token=${token}`, ...at()]);
    expect(child.code).toBe(1);
    expect(["invalid_token", "session_ended"]).toContain(failure(child).code);
  });

  it("an unknown token is invalid_token, exit 1", async () => {
    const child = await rightCtl(["demo", "snapshot", "token=never-issued", ...at()]);
    expect(child.code).toBe(1);
    expect(failure(child)).toMatchObject({ code: "invalid_token" });
  });

  it("invalid arguments exit 2 and the host sees no connection", async () => {
    const before = connections;
    expect(before).toBeGreaterThan(0);
    const steps = JSON.stringify(Array.from({ length: 21 }, () => ({ ref: "e1", op: "click" })));
    for (const args of [
      ["demo", "batch", `token=${token}`, `steps=${steps}`, ...at()],
      ["demo", "eval", "js=1", ...at()],
      ["demo", "apps", "--suite-root", "relative/suite"],
    ]) {
      const child = await rightCtl(args);
      expect(child.code, args.join(" ")).toBe(2);
      expect(failure(child)).toMatchObject({ code: "invalid_arguments", retryable: false });
    }
    expect(connections).toBe(before);
  });

  it("--timeout overrides the tool's timeout: a host that never answers is a timeout, exit 1", async () => {
    host.setScenario("never_answer");
    try {
      const child = await rightCtl(["demo", "apps", "--timeout", "200", ...at()]);
      expect(child.code).toBe(1);
      expect(failure(child)).toMatchObject({ code: "timeout", retryable: true });
    } finally {
      host.setScenario("normal");
    }
  });
});

describe("a host whose allowlist does not let right-ctl call the method", () => {
  let strictSuite: TempDir;
  let strict: DaemonHostHandle;

  beforeAll(async () => {
    strictSuite = await privateTempDir();
    strict = await startHost({ suiteRoot: strictSuite.dir, allowlist: { "right-ctl": ["demo.apps"] } });
  });

  afterAll(async () => {
    await strict.close();
    await strictSuite.remove();
  });

  it("answers what it allows", async () => {
    const child = await rightCtl(["demo", "apps", "--suite-root", strictSuite.dir]);
    expect(child.code).toBe(0);
    expect(output(child)).toHaveProperty("apps");
  });

  it("refuses the rest with request_not_allowed: exit 3", async () => {
    const child = await rightCtl(["demo", "snapshot", "token=t", "--suite-root", strictSuite.dir]);
    expect(child.code).toBe(3);
    expect(failure(child)).toMatchObject({ code: "request_not_allowed", retryable: false });
  });
});

describe("right-ctl without a host", () => {
  const nowhere = (): string[] => ["--suite-root", empty.dir];

  it("--tools prints the six tool specs as a JSON array, sorted by name", async () => {
    const child = await rightCtl(["demo", "--tools", ...nowhere()]);
    expect(child.code).toBe(0);
    const specs = JSON.parse(oneLine(child.stdout, child.stdout)) as { name: string; description: string; params: object }[];
    expect(child.stderr).toBe("");
    expect(specs.map((spec) => spec.name)).toEqual([
      "demo.act",
      "demo.apps",
      "demo.batch",
      "demo.end",
      "demo.request",
      "demo.snapshot",
    ]);
    for (const spec of specs) {
      expect(Object.keys(spec)).toEqual(["name", "description", "params"]);
      expect(spec.params).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
    }
  });

  it("--dry-run prints the parsed call, the token redacted", async () => {
    const child = await rightCtl(["demo", "snapshot", "token=null", "--dry-run", ...nowhere()]);
    expect(child.code).toBe(0);
    expect(output(child)).toEqual({ tool: "demo.snapshot", params: { token: "<redacted>" } });
  });

  it("--tools and --dry-run need no suite at all", async () => {
    expect((await rightCtl(["demo", "--tools"])).code).toBe(0);
    expect((await rightCtl(["demo", "apps", "--dry-run"])).code).toBe(0);
  });

  it("an empty suite is service_unavailable, exit 1", async () => {
    const child = await rightCtl(["demo", "apps", ...nowhere()]);
    expect(child.code).toBe(1);
    expect(failure(child)).toMatchObject({ code: "service_unavailable", retryable: true });
  });

  it("a relative RIGHTKIT_SUITE_ROOT is suite_unresolved, exit 1", async () => {
    const child = await rightCtl(["demo", "apps"], { RIGHTKIT_SUITE_ROOT: "relative/suite" });
    expect(child.code).toBe(1);
    expect(failure(child)).toMatchObject({ code: "suite_unresolved", retryable: false });
  });

  it("--help says this is a demo build, on stdout", async () => {
    const child = await rightCtl(["--help"]);
    expect(child.code).toBe(0);
    expect(child.stderr).toBe("");
    expect(child.stdout).toMatch(/^right-ctl \(demo build\)/);
  });

  it("demo --help lists the options and exit codes, on stdout", async () => {
    const child = await rightCtl(["demo", "--help"]);
    expect(child.code).toBe(0);
    expect(child.stderr).toBe("");
    expect(child.stdout).toContain("--suite-root DIR");
    expect(child.stdout).toContain("70 internal error");
  });

  it("any other subcommand, or none, is invalid_arguments on stderr, exit 2", async () => {
    for (const args of [["com.example.app", "snapshot"], []]) {
      const child = await rightCtl(args);
      expect(child.code).toBe(2);
      expect(failure(child)).toMatchObject({ code: "invalid_arguments", retryable: false });
    }
  });
});
