/**
 * MCP bridge overhead: `npm run bench:mcp` (`tsx test/bench/mcp.bench.ts`).
 * The conformance host runs in its own process as a rightkit-daemon host in a temporary suite
 * root. The same call, `demo.apps`, is made two ways, one call at a time: directly with
 * `DemoClient` over `DaemonTransport`, and as an MCP `tools/call` from the SDK's `Client` to
 * `rightkit-bindgen mcp` (its own process, calling through the same generated client). Each
 * round makes CALLS calls each way, interleaved in blocks so drift on a shared machine hits both
 * alike; the figure is the median per-call latency of each round, then the median of ROUNDS
 * rounds. Prints one markdown table row (the `npm run bench` aggregator takes it as it is).
 * Bounded: a fixed number of calls and a hard deadline; it stops everything it started.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { record } from "./figures.js";

const CALLS = 400;
const BLOCK = 50;
const WARMUP_CALLS = 300;
const ROUNDS = 7;
const DEADLINE_MS = 180_000;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function startHost(suiteRoot: string): Promise<() => Promise<void>> {
  const hostMain = fileURLToPath(new URL("../../generator/commands/host-main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", hostMain, "--suite-root", suiteRoot], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(createInterface({ input: child.stdout }), "line");
  return async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}

type Call = () => Promise<unknown>;

/** Per-call latencies, in ms, of `count` sequential calls. */
async function timed(call: Call, count: number): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    took.push(performance.now() - started);
  }
  return took;
}

async function main(): Promise<void> {
  const suiteRoot = await mkdtemp(join(tmpdir(), "rk-bench-mcp-"));
  await chmod(suiteRoot, 0o700);
  const guard = setTimeout(() => {
    process.stderr.write(`benchmark exceeded ${DEADLINE_MS} ms\n`);
    process.exit(1);
  }, DEADLINE_MS);
  const stopHost = await startHost(suiteRoot);
  const direct = new DemoClient(new DaemonTransport({ suiteRoot }));
  const bin = fileURLToPath(new URL("../../generator/bin/rightkit-bindgen.js", import.meta.url));
  const mcp = new Client({ name: "bench", version: "1.0.0" });
  try {
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, "mcp", "--contract", "rightkit.agent.demo.v1", "--suite-root", suiteRoot],
        stderr: "ignore",
      }),
    );
    const viaDirect: Call = () => direct.apps({});
    const viaMcp: Call = async () => {
      const result = await mcp.callTool({ name: "demo_apps", arguments: {} });
      if (result.isError === true) throw new Error(`demo_apps failed: ${JSON.stringify(result.content)}`);
    };
    await timed(viaDirect, WARMUP_CALLS);
    await timed(viaMcp, WARMUP_CALLS);
    const rounds: { direct: number; mcp: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const directTook: number[] = [];
      const mcpTook: number[] = [];
      for (let done = 0; done < CALLS; done += BLOCK) {
        directTook.push(...(await timed(viaDirect, BLOCK)));
        mcpTook.push(...(await timed(viaMcp, BLOCK)));
      }
      rounds.push({ direct: median(directTook), mcp: median(mcpTook) });
    }
    const directMs = median(rounds.map((round) => round.direct));
    const mcpMs = median(rounds.map((round) => round.mcp));
    const deltaMs = median(rounds.map((round) => round.mcp - round.direct));
    record({
      section: "MCP bridge",
      row: "tools/call round trip (demo.apps, stdio → rightkit-bindgen mcp → daemon host)",
      anchor: "direct DemoClient",
      anchorValue: directMs,
      ours: directMs + deltaMs,
      unit: "ms per call (wall, median)",
      better: "lower",
      ratioAs: "difference",
      aim: "≤ +1 ms",
      met: deltaMs <= 1,
      note: `${ROUNDS} rounds of ${CALLS} sequential calls each way, interleaved in blocks of ${BLOCK}`,
    });
    process.stdout.write(
      `${CALLS} sequential demo.apps calls each way per round, median per call, median of ${ROUNDS} rounds, host and MCP server in their own processes, Node ${process.version}\n\n` +
        "| row | direct DemoClient | MCP tools/call | MCP overhead |\n| --- | --- | --- | --- |\n" +
        `| MCP tools/call round trip (demo.apps, stdio → rightkit-bindgen mcp → daemon host) | ${directMs.toFixed(3)} ms | ${mcpMs.toFixed(3)} ms | +${deltaMs.toFixed(3)} ms |\n`,
    );
  } finally {
    await mcp.close();
    await direct.close();
    await stopHost();
    clearTimeout(guard);
    await rm(suiteRoot, { recursive: true, force: true });
  }
}

await main();
