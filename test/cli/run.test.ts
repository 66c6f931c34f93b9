/**
 * runDemoCli in-process: options anywhere and never pairs, help, --tools and --dry-run without
 * a host, exit codes, and the error line on stdout.
 */
import { describe, expect, it } from "vitest";
import { CLI_TABLE, runDemoCli, type ToolError } from "../../generated/rightkit.agent.demo.v1/index.js";
import { splitCliOptions } from "../support/runtime.js";
import { refusal } from "./refusal.js";

type Run = { code: number; out: string[]; err: string[] };

/** No RIGHTKIT_SOCKET unless given: a run that connects by mistake fails loudly, not silently. */
async function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDemoCli(argv, { out: (text) => out.push(text), err: (text) => err.push(text), env });
  return { code, out, err };
}

const json = (result: Run): unknown => {
  expect(result.out).toHaveLength(1);
  return JSON.parse(result.out[0] as string);
};

describe("options", () => {
  it("may stand anywhere and never count as pairs", () => {
    for (const argv of [
      ["--dry-run", "--socket", "/x.sock", "snapshot", "token=t"],
      ["snapshot", "--socket=/x.sock", "token=t", "--dry-run"],
      ["snapshot", "token=t", "--dry-run", "--socket", "/x.sock"],
    ]) {
      expect(splitCliOptions(CLI_TABLE, argv)).toEqual({
        options: { help: false, dryRun: true, tools: false, socket: "/x.sock" },
        args: ["snapshot", "token=t"],
      });
    }
  });

  it("reads --timeout as whole milliseconds", () => {
    expect(splitCliOptions(CLI_TABLE, ["--timeout", "2500"]).options.timeoutMs).toBe(2500);
    expect(splitCliOptions(CLI_TABLE, ["--timeout=1"]).options.timeoutMs).toBe(1);
  });

  it("treats everything after -- as arguments", () => {
    expect(splitCliOptions(CLI_TABLE, ["act", "--", "--help", "text=--x"]).args).toEqual(["act", "--help", "text=--x"]);
  });

  it("keeps a pair whose value looks like an option a pair", () => {
    expect(splitCliOptions(CLI_TABLE, ["act", "text=--dry-run"]).args).toEqual(["act", "text=--dry-run"]);
  });

  it.each([
    [["--timeout", "0"], /^option --timeout needs whole milliseconds from 1 to 2147483647$/],
    [["--timeout", "1e3"], /^option --timeout needs whole milliseconds/],
    [["--timeout", "2147483648"], /^option --timeout needs whole milliseconds/],
    [["--timeout"], /^option --timeout needs a value$/],
    [["--socket="], /^option --socket needs a path$/],
    [["--socket", "a", "--socket", "b"], /^option --socket is given twice$/],
    [["-h", "--help"], /^option --help is given twice$/],
    [["--dry-run=yes"], /^option --dry-run takes no value$/],
    [["--verbose"], /^unknown option --verbose$/],
  ])("refuses %j", (argv, message) => {
    const error = refusal(() => splitCliOptions(CLI_TABLE, argv));
    expect(error.code).toBe("invalid_arguments");
    expect(error.message.split("\n")[0]).toMatch(message);
  });
});

describe("runDemoCli without a host", () => {
  it("--dry-run prints the tool and params and exits 0", async () => {
    const result = await run(["act", "token=t", "ref=e1", "op=type", "text=1e3", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(json(result)).toEqual({ tool: "demo.act", params: { token: "t", ref: "e1", op: "type", text: "1e3" } });
  });

  it("--tools lists the six tools as JSON", async () => {
    const result = await run(["--tools"]);
    expect(result.code).toBe(0);
    const { tools } = json(result) as { tools: { tool: string; params: { name: string }[] }[] };
    expect(tools.map((t) => t.tool)).toEqual([
      "demo.act",
      "demo.apps",
      "demo.batch",
      "demo.end",
      "demo.request",
      "demo.snapshot",
    ]);
    expect(tools.find((t) => t.tool === "demo.batch")).toMatchObject({
      params: [
        { name: "steps", type: "Step[] (1 to 20 items)", required: true, verbatim: false },
        { name: "token", type: "string", required: true, verbatim: true, description: "Opaque session token from demo.request." },
      ],
      shapes: [{ name: "Step", type: '{ key?: string; op: "click" | "type" | "press"; ref: string; text?: string }' }],
    });
  });

  it("--help lists the tools, <tool> --help its params with type, required mark and description", async () => {
    const all = await run(["--help"]);
    expect(all.code).toBe(0);
    for (const tool of CLI_TABLE.tools) expect(all.out[0]).toContain(`  ${tool.method}`);
    const one = await run(["act", "--help"]);
    expect(one.code).toBe(0);
    expect(one.out[0]).toMatch(/^ {2}op +"click" \| "type" \| "press" +required$/m);
    expect(one.out[0]).toMatch(/^ {2}token +string +required +Opaque session token from demo\.request\. Verbatim\.$/m);
    expect(one.out[0]).toMatch(/^ {2}text +string +optional +Verbatim\.$/m);
    expect((await run(["demo.act", "--help"])).out).toEqual(one.out);
  });

  it("help for an unknown tool is invalid_arguments, exit 2", async () => {
    const result = await run(["--help", "nope"]);
    expect(result.code).toBe(2);
    expect(json(result)).toMatchObject({ error: { code: "invalid_arguments", retryable: false } });
  });

  it("invalid arguments print the error object and exit 2 before connecting", async () => {
    // The socket does not exist: had the CLI connected, the code would be service_unavailable.
    const result = await run(["batch", "token=t", "steps=[]", "--socket", "/nonexistent/rk.sock"]);
    expect(result.code).toBe(2);
    const { error } = json(result) as { error: { code: string; message: string; retryable: boolean } };
    expect(Object.keys(error)).toEqual(["code", "message", "retryable"]);
    expect(error.code).toBe("invalid_arguments");
    expect(error.message).toMatch(/^batch: argument "steps" does not match the contract: \/steps: /);
  });

  it("an unreachable host is a call failure: service_unavailable, exit 1", async () => {
    const result = await run(["apps"], { RIGHTKIT_SOCKET: "/nonexistent/rk.sock" });
    expect(result.code).toBe(1);
    expect(json(result)).toEqual({
      error: { code: "service_unavailable", message: "no host is listening at /nonexistent/rk.sock", retryable: true },
    });
  });

  it("--socket wins over RIGHTKIT_SOCKET", async () => {
    const result = await run(["apps", "--socket", "/nonexistent/a.sock"], { RIGHTKIT_SOCKET: "/nonexistent/b.sock" });
    expect((json(result) as { error: ToolError }).error.message).toContain("/nonexistent/a.sock");
  });
});
