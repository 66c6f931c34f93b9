/**
 * Mock and proxy benchmark: `tsx test/bench/mock.bench.ts`.
 * Three rightkit-daemon hosts of the demo contract, each in a process of its own: the mock
 * (`rightkit-bindgen mock`), the hand-written conformance host (`host`), and the proxy in front
 * of the mock (`rightkit-bindgen proxy`). One DemoClient per target makes CALLS sequential
 * `demo.apps()` calls per round, the targets taking turns in each round (forward, then backward
 * the next round), ROUNDS rounds. Figures are the median of the rounds' own paired ratios, so the
 * machine's load in one round moves both sides of a pair alike. The aims are issue 37's: the mock
 * answers at least 5,000 calls/s sequentially, and the proxy adds at most 100 µs per call over a
 * direct connection to the mock. Bounded: a fixed number of calls; it stops the processes itself.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { median, QUICK, record, ROUNDS } from "./figures.js";
import { startHostProcess } from "./host-process.js";

const CALLS = QUICK ? 1_000 : 5_000;
const WARMUP_CALLS = 500;
const MOCK_AIM_CALLS_PER_S = 5_000;
const PROXY_AIM_US = 100;
const BIN = fileURLToPath(new URL("../../generator/bin/rightkit-bindgen.js", import.meta.url));
const CONTRACT = "rightkit.agent.demo.v1";

/** `rightkit-bindgen ARGS` until it says it serves; the function it resolves with stops it. */
async function startBindgen(args: readonly string[]): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  const lines = createInterface({ input: child.stderr });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line.includes(": serving ")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`rightkit-bindgen ${args[0]} exited ${code}`)));
  });
  return async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}

async function privateDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "rightkit-bench-mock-"));
  await chmod(dir, 0o700);
  return dir;
}

/** Seconds for `calls` sequential demo.apps() calls. */
async function timeCalls(client: DemoClient, calls: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await client.apps();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const dirs = await Promise.all([privateDir(), privateDir(), privateDir()]);
const [mockRoot, hostRoot, proxyRoot] = dirs as [string, string, string];
const stops: (() => Promise<void>)[] = [];
const transports: DaemonTransport[] = [];
try {
  stops.push(await startBindgen(["mock", "--contract", CONTRACT, "--suite-root", mockRoot]));
  stops.push(await startHostProcess(["--suite-root", hostRoot]));
  stops.push(await startBindgen(["proxy", "--contract", CONTRACT, "--suite-root", proxyRoot, "--upstream-suite-root", mockRoot]));
  const targets = ["mock", "host", "proxy"] as const;
  const clients = Object.fromEntries(
    targets.map((name, i) => {
      const transport = new DaemonTransport({ suiteRoot: [mockRoot, hostRoot, proxyRoot][i] as string });
      transports.push(transport);
      return [name, new DemoClient(transport)];
    }),
  ) as Record<(typeof targets)[number], DemoClient>;
  for (const name of targets) await timeCalls(clients[name], WARMUP_CALLS);
  const seconds: Record<(typeof targets)[number], number[]> = { mock: [], host: [], proxy: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? targets : [...targets].reverse())
      seconds[name].push(await timeCalls(clients[name], CALLS));
  }
  const rate = (s: number): number => CALLS / s;
  const mockRate = median(seconds.mock.map(rate));
  const hostRate = median(seconds.host.map(rate));
  const mockOverHost = median(seconds.mock.map((s, i) => (seconds.host[i] as number) / s));
  const directUs = median(seconds.mock.map((s) => (s / CALLS) * 1e6));
  const proxiedUs = median(seconds.proxy.map((s) => (s / CALLS) * 1e6));
  const addedUs = median(seconds.proxy.map((s, i) => ((s - (seconds.mock[i] as number)) / CALLS) * 1e6));
  console.log(
    `mock:  ${mockRate.toFixed(0)} calls/s (hand-written host ${hostRate.toFixed(0)} calls/s; mock/host ${mockOverHost.toFixed(2)}×)`,
  );
  console.log(
    `proxy: ${proxiedUs.toFixed(1)} µs per call vs ${directUs.toFixed(1)} direct; +${addedUs.toFixed(1)} µs (median of paired rounds)`,
  );
  record(
    {
      section: "mock",
      row: "daemon, sequential demo.apps: the mock",
      anchor: "hand-written host",
      anchorValue: hostRate,
      ours: mockRate,
      unit: "calls/s",
      better: "higher",
      ratioAs: "factor",
      ratio: mockOverHost,
      aim: `≥ ${MOCK_AIM_CALLS_PER_S.toLocaleString("en")} calls/s`,
      met: mockRate >= MOCK_AIM_CALLS_PER_S,
    },
    {
      section: "mock",
      row: "daemon, sequential demo.apps: through the proxy",
      anchor: "direct to the mock",
      anchorValue: directUs,
      ours: directUs + addedUs,
      unit: "µs per call",
      better: "lower",
      ratioAs: "difference",
      aim: `≤ +${PROXY_AIM_US} µs`,
      met: addedUs <= PROXY_AIM_US,
      note: `${CALLS} calls × ${ROUNDS} rounds, wall time`,
    },
  );
} finally {
  await Promise.all(transports.map((transport) => transport.close()));
  for (const stop of stops.reverse()) await stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
