/**
 * The conversation's edges, against small scripted servers (plain node scripts, one child each):
 * what is sent, what is ignored, which answers are refused, and that wire names are compared.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { scriptedServer, smallContract, type Script } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const GENEROUS = ["--timeout", "30000"];
/** The small contract's methods as its server lists them: `stat` travels as `small.stat`. */
const LISTING = { jsonrpc: "2.0", result: { methods: ["ping", { method: "small.stat", summary: "renamed on the wire" }] } };
const READY = JSON.stringify({ jsonrpc: "2.0", method: "small.ready", params: { version: "1.4" } });

interface Setup {
  readonly options?: readonly string[];
  /** Added to the binding's introspection section (`describe`, names at /methods). */
  readonly introspection?: Record<string, unknown>;
  /** Added to the binding's transport section (e.g. a ready notification). */
  readonly transport?: Record<string, unknown>;
}

/** introspect of the small contract against a script; `dir` holds the contract and the script. */
async function introspect(dir: string, script: Script, setup: Setup = {}) {
  const contract = smallContract(dir, { method: "describe", methods: "/methods", ...setup.introspection }, setup.transport);
  return runCli(["introspect", "--stdio", scriptedServer(dir, script), "--contract", contract, ...(setup.options ?? GENEROUS)]);
}

describe("introspect against scripted servers", () => {
  it("compares wire names (a binding's tool), sends the binding's params, leaves notifications out when unlisted", async () => {
    const dir = await cleanups.dir();
    const record = join(dir, "requests.jsonl");
    const run = await introspect(dir, { reply: LISTING, record }, { introspection: { params: { target: "rpc" } } });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^example\.small\.v1: the server at `.+server\.cjs .+` offers 2 methods; the contract has 2 methods\. Notifications are not compared: the binding's introspection names no notifications pointer\.$/,
    );
    expect(lines.slice(1)).toEqual(["They agree: neither side has a method or notification the other lacks."]);
    expect(readFileSync(record, "utf8")).toBe('{"jsonrpc":"2.0","id":1,"method":"describe","params":{"target":"rpc"}}\n');
  });

  it("sends no params when the binding has none, and reports a contract name the server lacks by its wire name", async () => {
    const dir = await cleanups.dir();
    const record = join(dir, "requests.jsonl");
    const run = await introspect(dir, { reply: { jsonrpc: "2.0", result: { methods: ["ping", "stat"] } }, record });
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").slice(1)).toEqual([
      "+ method stat (the server has it, the contract does not)",
      "- method small.stat (the contract has it, the server does not)",
    ]);
    expect(readFileSync(record, "utf8")).toBe('{"jsonrpc":"2.0","id":1,"method":"describe"}\n');
  });

  it("compares notifications where the binding points to them", async () => {
    const reply = { jsonrpc: "2.0", result: { methods: ["ping", "small.stat"], notifications: [{ name: "log" }] } };
    const run = await introspect(await cleanups.dir(), { reply }, { introspection: { notifications: "/notifications" } });
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toEqual([
      expect.stringContaining("offers 2 methods and 1 notification; the contract has 2 methods and 1 notification."),
      "+ notification log (the server has it, the contract does not)",
      "- notification progress (the contract has it, the server does not)",
    ]);
  });

  it("waits for the ready notification, ignoring blank lines, other notifications and calls from the server", async () => {
    const before = [
      "",
      JSON.stringify({ jsonrpc: "2.0", method: "log", params: { text: "starting" } }),
      JSON.stringify({ jsonrpc: "2.0", id: "s1", method: "client.hello" }),
      READY,
      JSON.stringify({ jsonrpc: "2.0", method: "log", params: { text: "ready" } }),
    ];
    const transport = { ready: { notification: "small.ready", versionField: "version", version: "1.0" } };
    const run = await introspect(
      await cleanups.dir(),
      { before, reply: LISTING },
      { transport, options: ["--ready-timeout", "30000"] },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("reads an answer the server wrote without a newline just before it exited", async () => {
    const run = await introspect(await cleanups.dir(), { reply: LISTING, exitAfterReply: true });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it.each<[string, Script, string]>([
    [
      "an error response, with its code and message",
      { reply: { jsonrpc: "2.0", error: { code: -32601, message: "Method not found: describe" } } },
      ": describe failed with error -32601: Method not found: describe",
    ],
    [
      "a response to another id",
      { reply: { jsonrpc: "2.0", id: 2, result: {} } },
      ": answered id 2; the describe request was id 1",
    ],
    [
      "a response that is not JSON-RPC 2.0",
      { reply: { result: { methods: [] } } },
      ': line 1 of its stdout is not a JSON-RPC 2.0 message (no "jsonrpc":"2.0"): ',
    ],
    [
      "a result without the listing",
      { reply: { jsonrpc: "2.0", result: { ok: true } } },
      ": the result of describe has nothing at /methods",
    ],
    [
      "a listing of something other than names",
      { reply: { jsonrpc: "2.0", result: { methods: [["ping"]] } } },
      ": the result of describe at /methods/0 is neither a name nor an object with a string method or name",
    ],
    ["no answer within --timeout", {}, ": did not answer describe within 300 ms"],
  ])("exits 2 on %s", async (_, script, message) => {
    const run = await introspect(await cleanups.dir(), script, {
      options: ["--timeout", script.reply === undefined ? "300" : "30000"],
    });
    expect(run.stdout).toBe("");
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(message);
  });

  it("exits 2 on a response before it was asked, with a ready section", async () => {
    const before = [JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} })];
    const transport = { ready: { notification: "small.ready" } };
    const run = await introspect(await cleanups.dir(), { before }, { transport, options: ["--ready-timeout", "30000"] });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(": answered id 1 before it was asked anything");
  });

  it("exits 2 when the server exits after it is ready, before it answers", async () => {
    const dir = await cleanups.dir();
    const exiting = join(dir, "exiting.cjs");
    writeFileSync(
      exiting,
      `process.stdout.write(${JSON.stringify(`${READY}\n`)}, () => { console.error("bye"); process.exit(5); });`,
    );
    const contract = smallContract(dir, { method: "describe", methods: "/methods" }, { ready: { notification: "small.ready" } });
    const run = await runCli([
      "introspect",
      "--stdio",
      JSON.stringify([process.execPath, exiting]),
      "--contract",
      contract,
      ...GENEROUS,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(": exited before answering describe (code 5); its stderr ends: bye");
  });
});
