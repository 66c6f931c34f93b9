/**
 * Client overhead benchmark: `tsx test/bench/client.bench.ts`.
 * The conformance host runs in its own process in `echo` mode on a loopback Unix socket; each
 * row makes 10,000 sequential calls and 10,000 calls with 64 in flight, after a warm-up, and
 * reports calls/s and its cost relative to a bare NDJSON client on the same socket (positive
 * = slower than raw). To add a row, add a function returning a Caller to the list in main().
 * Bounded: a fixed number of calls and a hard deadline; it stops the host itself.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createConnection, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { callTool, JsonRpcSocketTransport, type ToolSpec, type ValidationResult } from "../support/runtime.js";
import { DemoClient, type SnapshotParams } from "../../generated/rightkit.agent.demo.v1/index.js";

const CALLS = 10_000;
const WARMUP_CALLS = 1_000;
const IN_FLIGHT = 64;
// Rows are measured in turn, ROUNDS times, and each figure is the median: the host's JIT and
// the scheduler make any single pass noisy, and the first row would always pay for warm-up.
const ROUNDS = 5;
const DEADLINE_MS = 120_000;
/**
 * The echo host answers each call with its params, so every row sends this snapshot-shaped
 * object and gets it back: the same bytes on the wire for the raw client and for DemoClient,
 * whose `snapshot` validates it both as SnapshotParams (extra keys are allowed) and as the
 * SnapshotResult it then returns.
 */
const PARAMS = {
  token: "bench-token-0123456789abcdef",
  capture_state: "safe",
  elements: Array.from({ length: 12 }, (_, i) => ({
    ref: `a1b2c3-e${i}`,
    role: i % 3 === 0 ? "button" : "text_field",
    label: `Element ${i}`,
    ops: i % 3 === 0 ? ["click"] : ["type", "press"],
  })),
} as const;
const METHOD = "demo.snapshot";

type Caller = { name: string; call(): Promise<unknown>; close(): Promise<void> };
type Row = { name: string; sequential: number; concurrent: number };

/** The baseline: write a request line, read answer lines, match ids. Nothing else. */
function rawClient(socketPath: string): Caller {
  const socket: Socket = createConnection(socketPath);
  const waiting = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  let buffered = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const answer = JSON.parse(buffered.slice(0, newline)) as { id: number; result: unknown };
      buffered = buffered.slice(newline + 1);
      waiting.get(answer.id)?.(answer.result);
      waiting.delete(answer.id);
      newline = buffered.indexOf("\n");
    }
  });
  return {
    name: "raw NDJSON client",
    call: () =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.write(JSON.stringify({ jsonrpc: "2.0", id, method: METHOD, params: PARAMS }) + "\n");
      }),
    close: async () => {
      socket.destroy();
    },
  };
}

function transportClient(socketPath: string): Caller {
  const transport = new JsonRpcSocketTransport({ socketPath });
  return {
    name: "JsonRpcSocketTransport.call",
    call: () => transport.call(METHOD, PARAMS, { timeoutMs: 30_000 }),
    close: () => transport.close(),
  };
}

function callToolClient(socketPath: string): Caller {
  const transport = new JsonRpcSocketTransport({ socketPath });
  const accept = <T>(value: unknown): ValidationResult<T> => ({ ok: true, value: value as T });
  const spec: ToolSpec<typeof PARAMS, unknown> = {
    method: METHOD,
    timeoutMs: 30_000,
    validateParams: accept,
    validateResult: accept,
  };
  return {
    name: "callTool (trivial validators)",
    call: () => callTool(transport, spec, PARAMS),
    close: () => transport.close(),
  };
}

function demoClient(socketPath: string): Caller {
  const client = new DemoClient(new JsonRpcSocketTransport({ socketPath }));
  const params: SnapshotParams = PARAMS;
  return {
    name: "DemoClient.snapshot",
    call: () => client.snapshot(params),
    close: () => client.close(),
  };
}

async function sequential(caller: Caller, calls: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let done = 0; done < calls; done++) await caller.call();
  return callsPerSecond(calls, started);
}

async function concurrent(caller: Caller, calls: number): Promise<number> {
  let issued = 0;
  const started = process.hrtime.bigint();
  const lane = async (): Promise<void> => {
    while (issued < calls) {
      issued++;
      await caller.call();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return callsPerSecond(calls, started);
}

function callsPerSecond(calls: number, started: bigint): number {
  return calls / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function measure(callers: Caller[]): Promise<Row[]> {
  for (const caller of callers) await concurrent(caller, WARMUP_CALLS);
  const samples = callers.map(() => ({ sequential: [] as number[], concurrent: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, caller] of callers.entries()) {
      samples[index]?.sequential.push(await sequential(caller, CALLS));
      samples[index]?.concurrent.push(await concurrent(caller, CALLS));
    }
  }
  return callers.map((caller, index) => ({
    name: caller.name,
    sequential: median(samples[index]?.sequential ?? []),
    concurrent: median(samples[index]?.concurrent ?? []),
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startEchoHost(socketPath: string): Promise<() => Promise<void>> {
  const hostMain = fileURLToPath(new URL("../../generator/host/main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", hostMain, "--socket", socketPath, "--scenario", "echo"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(createInterface({ input: child.stdout }), "line");
  return async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}

function format(rows: Row[]): string {
  const raw = rows[0];
  if (!raw) return "";
  const cell = (value: number, base: number): string =>
    `${Math.round(value).toLocaleString("en-US").padStart(9)} calls/s  ${((base / value - 1) * 100).toFixed(1).padStart(6)}%`;
  const header = `${"".padEnd(32)}${"sequential (vs raw)".padEnd(32)}${IN_FLIGHT} in flight (vs raw)`;
  const lines = rows.map(
    (row) => `${row.name.padEnd(32)}${cell(row.sequential, raw.sequential).padEnd(32)}${cell(row.concurrent, raw.concurrent)}`,
  );
  return [header, ...lines].join("\n");
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "rk-bench-"));
  await chmod(dir, 0o700);
  const socketPath = join(dir, "daemon.sock");
  const stopHost = await startEchoHost(socketPath);
  const guard = setTimeout(() => {
    process.stderr.write(`benchmark exceeded ${DEADLINE_MS} ms\n`);
    process.exit(1);
  }, DEADLINE_MS);
  try {
    const callers = [rawClient, transportClient, callToolClient, demoClient].map((make) => make(socketPath));
    const rows = await measure(callers);
    for (const caller of callers) await caller.close();
    process.stdout.write(
      `${CALLS.toLocaleString("en-US")} calls per run, median of ${ROUNDS} runs, echo host over a Unix socket, Node ${process.version}\n`,
    );
    process.stdout.write(`${format(rows)}\n`);
  } finally {
    clearTimeout(guard);
    await stopHost();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
