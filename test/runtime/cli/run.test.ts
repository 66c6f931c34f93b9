/**
 * runDemoCli in-process, through an injected io: options anywhere and never pairs, help,
 * --tools and --dry-run without a host, the result on out and every failure on err, and each
 * exit code (0 ok, 1 tool error, 2 usage, 3 refused, 70 internal).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_EXIT, CLI_TABLE, runDemoCli } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { splitCliOptions } from "../../support/runtime.js";
import { refusal } from "../../support/refusal.js";

type Run = { code: number; out: string[]; err: string[] };
type ErrorLine = { error: { code: string; message: string; retryable: boolean } };

/** An empty suite: a run that connects by mistake finds no host there and fails loudly. */
let suite: string;

beforeAll(async () => {
  suite = await mkdtemp(join(tmpdir(), "rk-cli-run-"));
});

afterAll(() => rm(suite, { recursive: true, force: true }));

/** No RIGHTKIT_SUITE_ROOT unless given, so no run ever reaches the per-user default suite. */
async function run(
  argv: string[],
  env: Record<string, string> = {},
  io: Partial<{ out(text: string): void }> = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDemoCli(argv, { out: (text) => out.push(text), err: (text) => err.push(text), env, ...io });
  return { code, out, err };
}

/** The one JSON line on out, with nothing on err. */
function result(run: Run): unknown {
  expect(run.err).toEqual([]);
  expect(run.out).toHaveLength(1);
  return JSON.parse(run.out[0] as string);
}

/** The one error line on err, with nothing on out. */
function failure(run: Run): ErrorLine["error"] {
  expect(run.out).toEqual([]);
  expect(run.err).toHaveLength(1);
  const line = JSON.parse(run.err[0] as string) as ErrorLine;
  expect(Object.keys(line)).toEqual(["error"]);
  expect(Object.keys(line.error)).toEqual(["code", "message", "retryable"]);
  return line.error;
}

describe("CLI_EXIT", () => {
  it("names each outcome as right-ctl numbers it", () => {
    expect(CLI_EXIT).toEqual({ ok: 0, toolError: 1, usage: 2, refused: 3, internal: 70 });
  });
});

describe("options", () => {
  it("may stand anywhere and never count as pairs", () => {
    for (const argv of [
      ["--dry-run", "--suite-root", "/x/suite", "snapshot", "token=t"],
      ["snapshot", "--suite-root=/x/suite", "token=t", "--dry-run"],
      ["snapshot", "token=t", "--dry-run", "--suite-root", "/x/suite"],
    ]) {
      expect(splitCliOptions(CLI_TABLE, argv)).toEqual({
        options: { help: false, dryRun: true, tools: false, suiteRoot: "/x/suite" },
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
    [["--suite-root="], /^option --suite-root needs an absolute path$/],
    [["--suite-root", "relative/suite"], /^option --suite-root needs an absolute path$/],
    [["--suite-root", "./suite"], /^option --suite-root needs an absolute path$/],
    [["--suite-root"], /^option --suite-root needs a value$/],
    [["--suite-root", "/a", "--suite-root", "/b"], /^option --suite-root is given twice$/],
    [["--socket", "/x.sock"], /^unknown option --socket$/],
    [["-h", "--help"], /^option --help is given twice$/],
    [["--dry-run=yes"], /^option --dry-run takes no value$/],
    [["--verbose"], /^unknown option --verbose$/],
  ])("refuses %j", (argv, message) => {
    const error = refusal(() => splitCliOptions(CLI_TABLE, argv));
    expect(error.code).toBe("invalid_arguments");
    expect(error.message.split("\n")[0]).toMatch(message);
    // The option the message names is the argument the details name.
    expect(error.details).toMatchObject({ argument: /option (\S+)/.exec(error.message)?.[1] });
  });

  it("never echoes a refused --suite-root value", () => {
    expect(refusal(() => splitCliOptions(CLI_TABLE, ["--suite-root=sk-SECRET"])).message).not.toContain("SECRET");
  });
});

describe("exit 0: the answer on out, nothing on err", () => {
  it("--dry-run prints the tool and params without connecting, the token redacted", async () => {
    const ran = await run(["act", "token=t", "ref=e1", "op=type", "text=1e3", "--dry-run", "--suite-root", suite]);
    expect(ran.code).toBe(CLI_EXIT.ok);
    expect(result(ran)).toEqual({ tool: "demo.act", params: { token: "<redacted>", ref: "e1", op: "type", text: "1e3" } });
  });

  it("--tools prints an array of tool specs, sorted by name", async () => {
    const ran = await run(["--tools"]);
    expect(ran.code).toBe(CLI_EXIT.ok);
    const specs = result(ran) as { name: string; description: string; params: Record<string, unknown> }[];
    expect(Array.isArray(specs)).toBe(true);
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
      const tool = CLI_TABLE.tools.find((t) => t.tool === spec.name);
      expect(spec.description).toBe(tool?.summary);
      expect(spec.params["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    }
    expect(specs.find((spec) => spec.name === "demo.snapshot")?.params).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { token: { $ref: "#/$defs/token" } },
      required: ["token"],
      $defs: { token: { type: "string", description: "Opaque session token from demo.request." } },
    });
  });

  it("--help lists the tools, <tool> --help its params with type, required mark and description", async () => {
    const all = await run(["--help"]);
    expect(all.code).toBe(CLI_EXIT.ok);
    expect(all.err).toEqual([]);
    for (const tool of CLI_TABLE.tools) expect(all.out[0]).toContain(`  ${tool.method}`);
    expect(all.out[0]).toContain("--suite-root DIR");
    expect(all.out[0]).toMatch(/Exit codes: 0 ok, 1 the call failed, 2 invalid arguments \(nothing was sent\),\n {2}3 refused/);
    expect(all.out[0]).toContain("70 internal error");
    const one = await run(["act", "--help"]);
    expect(one.code).toBe(CLI_EXIT.ok);
    expect(one.out[0]).toMatch(/^ {2}op +"click" \| "type" \| "press" +required$/m);
    expect(one.out[0]).toMatch(/^ {2}token +string +required +Opaque session token from demo\.request\. Verbatim\.$/m);
    expect(one.out[0]).toMatch(/^ {2}text +string +optional +Verbatim\.$/m);
    expect((await run(["demo.act", "--help"])).out).toEqual(one.out);
  });

  it("--help wins over --tools, and --tools over a bad tool name", async () => {
    expect((await run(["--tools", "--help"])).out[0]).toMatch(/^usage: right-ctl demo <tool>/);
    expect((await run(["nope", "--tools"])).code).toBe(CLI_EXIT.ok);
  });
});

describe("exit 2: usage, on err, nothing sent", () => {
  it("help for an unknown tool", async () => {
    const ran = await run(["--help", "nope"]);
    expect(ran.code).toBe(CLI_EXIT.usage);
    expect(failure(ran)).toMatchObject({ code: "invalid_arguments", retryable: false });
  });

  it("invalid arguments, even with a suite where connecting would have been tried", async () => {
    // The suite is empty: had the CLI connected, the code would be service_unavailable.
    const ran = await run(["batch", "token=t", "steps=[]", "--suite-root", suite]);
    expect(ran.code).toBe(CLI_EXIT.usage);
    const error = failure(ran);
    expect(error.code).toBe("invalid_arguments");
    expect(error.message).toMatch(
      /^batch: argument "steps" does not match the contract: \/steps: .*\nusage: right-ctl demo batch /,
    );
  });

  it("a relative --suite-root, naming the option", async () => {
    const ran = await run(["apps", "--suite-root", "suite"]);
    expect(ran.code).toBe(CLI_EXIT.usage);
    expect(failure(ran).message).toMatch(/^option --suite-root needs an absolute path\n/);
  });

  it("no tool at all", async () => {
    const ran = await run([]);
    expect(ran.code).toBe(CLI_EXIT.usage);
    expect(failure(ran).message).toMatch(/^no tool given\nusage: /);
  });
});

describe("exit 1: the call failed, on err", () => {
  it("no host in the suite is service_unavailable", async () => {
    const ran = await run(["apps", "--suite-root", suite]);
    expect(ran.code).toBe(CLI_EXIT.toolError);
    expect(failure(ran)).toMatchObject({ code: "service_unavailable", retryable: true });
  });

  it("RIGHTKIT_SUITE_ROOT is read from the io's env, and --suite-root wins over it", async () => {
    const fromEnv = failure(await run(["apps"], { RIGHTKIT_SUITE_ROOT: join(suite, "from-env") }));
    expect(fromEnv.message).toContain(join(suite, "from-env"));
    const fromOption = failure(await run(["apps", "--suite-root", join(suite, "a")], { RIGHTKIT_SUITE_ROOT: join(suite, "b") }));
    expect(fromOption.message).toContain(join(suite, "a"));
    expect(fromOption.message).not.toContain(join(suite, "b"));
  });

  it("a relative RIGHTKIT_SUITE_ROOT is suite_unresolved: nothing is guessed", async () => {
    const ran = await run(["apps"], { RIGHTKIT_SUITE_ROOT: "relative/suite" });
    expect(ran.code).toBe(CLI_EXIT.toolError);
    expect(failure(ran)).toMatchObject({ code: "suite_unresolved", retryable: false });
  });
});

describe("exit 70: a bug, with its stack on err", () => {
  it("a throw that is not a ToolError", async () => {
    const bug = new TypeError("out is broken");
    const ran = await run(
      ["--tools"],
      {},
      {
        out: () => {
          throw bug;
        },
      },
    );
    expect(ran.code).toBe(CLI_EXIT.internal);
    const [line, stack, ...more] = ran.err;
    expect(JSON.parse(line as string)).toEqual({ error: { code: "internal_error", message: "out is broken", retryable: false } });
    expect(stack).toBe(bug.stack);
    expect(more).toEqual([]);
  });

  it("also after the call: printing the result", async () => {
    const ran = await run(
      ["apps", "--dry-run"],
      {},
      {
        out: () => {
          throw new RangeError("no room");
        },
      },
    );
    expect(ran.code).toBe(CLI_EXIT.internal);
    expect(ran.err[1]).toMatch(/^RangeError: no room\n/);
  });
});
