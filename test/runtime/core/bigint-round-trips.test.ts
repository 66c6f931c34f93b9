/**
 * 64-bit integers end to end in bigint mode (issue 23 part 2): the test-only contract
 * test/fixtures/int64/ (Rust u64/i64 as schemars writes them, binding `numbers.int64: "bigint"`),
 * its committed binding, and the conformance host's int64 service, which reads and writes the
 * digits exactly. u64::MAX, i64::MIN, 2^53 + 1 and 0 go there and back through each transport —
 * rightkit-daemon on a socket, JSON-RPC over a child's stdio — and through the command line.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DaemonTransport,
  Int64Client,
  parseInt64Args,
  runInt64Cli,
  StdioTransport,
  type Numbers,
} from "../../fixtures/int64/generated/rightkit.test.int64.v1/index.js";
import { startHost } from "../../../generator/host/index.js";
import { cleanupAfterEach } from "../../support/cleanups.js";
import { failOnUnhandledRejections, rejection } from "../../support/rejection.js";
import * as runtime from "../../support/runtime.js";
import { integerShape } from "../../../generator/analyses/integer-shape.js";
import { schemaGraph } from "../../../generator/resolve/index.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const U64_MAX = 18446744073709551615n;
const I64_MIN = -9223372036854775808n;
const PAST_SAFE = 9007199254740993n;

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const SENT: Numbers = { id: U64_MAX, offset: I64_MIN, maybe: PAST_SAFE, list: [0n, U64_MAX, PAST_SAFE], small: 7, label: "x" };
const EXTREMES = { u64_max: U64_MAX, i64_min: I64_MIN, past_safe: PAST_SAFE, zero: 0n };

async function daemonClient(): Promise<Int64Client> {
  const suiteRoot = await cleanups.dir();
  const host = await startHost({ suiteRoot, service: "int64" });
  cleanups.add(() => host.close());
  const client = new Int64Client(new DaemonTransport({ suiteRoot }));
  cleanups.add(() => client.close());
  return client;
}

function stdioClient(): Int64Client {
  const client = new Int64Client(
    new StdioTransport({ command: process.execPath, args: [BIN, "host", "--stdio", "--service", "int64"] }),
  );
  cleanups.add(() => client.close());
  return client;
}

describe.each([
  ["rightkit-daemon", daemonClient],
  ["JSON-RPC over stdio", async () => stdioClient()],
])("bigint mode over %s", (_name, connect) => {
  it("sends u64::MAX, i64::MIN, 2^53 + 1 and 0 as their digits and reads them back exact", async () => {
    const client = await connect();
    const echoed = await client.echo(SENT);
    expect(echoed).toEqual(SENT);
    expect(typeof echoed.id).toBe("bigint");
    expect(typeof echoed.small).toBe("number");
  });

  it("reads an answer's 64-bit integers exact, the safe ones as bigints too", async () => {
    const client = await connect();
    expect(await client.extremes({})).toEqual(EXTREMES);
  });

  it("refuses a number where the type says bigint, before connecting", async () => {
    const client = await connect();
    // The fixture's binding carries its own copy of the runtime, so its ToolError is matched by shape.
    const error: unknown = await client.echo({ id: 5, offset: 0n } as unknown as Numbers).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ name: "ToolError", code: "invalid_arguments" });
    expect(
      String(
        (error as { details?: unknown }).details === undefined ? "" : JSON.stringify((error as { details: unknown }).details),
      ),
    ).toContain("/id");
  });
});

describe("number mode against the same host", () => {
  it("never hands a caller u64::MAX as another number: malformed_response naming the pointer and the digits", async () => {
    const suiteRoot = await cleanups.dir();
    const host = await startHost({ suiteRoot, service: "int64" });
    cleanups.add(() => host.close());
    const transport = new runtime.DaemonTransport({ suiteRoot });
    cleanups.add(() => transport.close());
    const schema = JSON.parse(readFileSync("test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json", "utf8"));
    const shape = integerShape(schemaGraph(schema), "#/$defs/extremes/result", "number");
    const spec = {
      method: "int64.extremes",
      timeoutMs: 5000,
      route: { service: "rightkit.test.int64", app: "right-ctl" },
      validateParams: (value: unknown) => ({ ok: true as const, value: value as object }),
      validateResult: (value: unknown) => ({ ok: true as const, value }),
      resultIntegers: shape as runtime.IntegerShape,
    };
    const error = await rejection(runtime.callTool(transport, spec, {}));
    expect(error.code).toBe("malformed_response");
    expect(error.details).toEqual({ pointer: "/u64_max", digits: String(U64_MAX) });
  });
});

describe("bigint mode on the command line", () => {
  it("reads key=18446744073709551615 as the bigint, exact", () => {
    const call = parseInt64Args(["echo", `id=${U64_MAX}`, `offset=${I64_MIN}`, `list=[0,${PAST_SAFE}]`, "small=7"]);
    expect(call.params).toEqual({ id: U64_MAX, offset: I64_MIN, list: [0n, PAST_SAFE], small: 7 });
  });

  it("prints a dry run and an answer with the digits", async () => {
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), env: {} };
    expect(await runInt64Cli(["--dry-run", "echo", `id=${U64_MAX}`, "offset=0"], io)).toBe(0);
    expect(out).toEqual([`{"tool":"int64.echo","params":{"id":${U64_MAX},"offset":0}}`]);
  });

  it("right-ctl-style run against the daemon host prints the exact answer", async () => {
    const suiteRoot = await cleanups.dir();
    const host = await startHost({ suiteRoot, service: "int64" });
    cleanups.add(() => host.close());
    const out: string[] = [];
    const io = {
      out: (text: string) => out.push(text),
      err: (text: string) => out.push(text),
      env: { RIGHTKIT_SUITE_ROOT: suiteRoot },
    };
    expect(await runInt64Cli(["extremes"], io)).toBe(0);
    expect(out).toEqual([`{"u64_max":${U64_MAX},"i64_min":${I64_MIN},"past_safe":${PAST_SAFE},"zero":0}`]);
  });
});

describe("the committed int64 binding", () => {
  it("is what generate makes of test/fixtures/int64/contract", () => {
    const run = spawnSync(process.execPath, [BIN, "check"], { cwd: "test/fixtures/int64", encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 120_000);
});
