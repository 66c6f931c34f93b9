/**
 * `rightkit-bindgen proxy [--contract FILE|ID] (--suite-root DIR --upstream-suite-root UPDIR |
 * --socket PATH --upstream-socket PATH | --stdio [--upstream-command CMD]) …`: stands between a
 * real client and a real host (generator/proxy/ forwards and judges; this file listens, publishes,
 * starts the upstream on stdio, and writes the report with conform's renderers). Everything is
 * checked before anything listens; runs until SIGINT or SIGTERM (stdio: until stdin ends or the
 * host exits). Exit 0 the traffic kept the contract, 1 a failing violation was seen, 2 bad input
 * or could not start.
 */
import { dirname } from "node:path";
import { assertNever, BindgenError } from "../errors.js";
import { chooseEndpoint } from "../host/core/endpoint.js";
import { startRefusal } from "../host/core/start-refusal.js";
import { preparePublication } from "../host/publication.js";
import { checkWritableFile, writeFileWhole } from "../output/file-door.js";
import { listenForClients } from "../host/relay-listener.js";
import { judgedSchemas, proxyPlan, type ProxyPlan } from "../proxy/plan.js";
import { TrafficLog } from "../proxy/traffic-log.js";
import { TrafficProxy } from "../proxy/traffic-proxy.js";
import { describeUpstream, spawnUpstream, type Upstream } from "../proxy/upstream.js";
import { REPORTED_CHECK_NAMES } from "../values/checks.js";
import { jsonText } from "../values/json-text.js";
import { LinkLedger } from "../values/ledger.js";
import { Redactor } from "../values/redact.js";
import { renderJunit } from "../values/render-junit.js";
import { renderText } from "../values/render-text.js";
import type { ConformReport } from "../values/report-shape.js";
import { compileValidators } from "../values/validators.js";
import { EXIT, type Io } from "./exit.js";
import { proxyOptions, type ProxyMode, type ProxyOptions } from "./proxy-options.js";
import { untilSignal } from "./signals.js";

/** The record's role: a client that cares can tell the proxy from the host it stands for. */
const PROXY_ROLE = "rightkit_bindgen_proxy";
const SAID = "rightkit-bindgen proxy";
/** How long a host started on stdio may take to exit once its client's stdin ended. */
const STDIO_HOST_GRACE_MS = 5000;

export async function runProxy(args: readonly string[], io: Io): Promise<number> {
  const options = proxyOptions(args);
  const plan = proxyPlan({ contract: options.contract });
  checkMode(plan, options.mode);
  if (options.report !== undefined) checkWritableFile(options.report);
  const validators = await compileValidators(plan.graph, judgedSchemas(plan), plan.int64);
  const redactor = new Redactor(new Map());
  const log = new TrafficLog(redactor, (line) => io.err(`${SAID}: ${line}`));
  const proxy = new TrafficProxy({
    plan,
    validators,
    ledger: new LinkLedger({ methods: [...plan.methods.values()], links: plan.links, lifecycle: plan.lifecycle }),
    log,
    protocol: plan.transport.kind === "rightkit-daemon" ? "daemon" : "jsonrpc",
  });
  let watched: string;
  try {
    watched = await serve(options.mode, plan, proxy, log, io);
  } catch (error) {
    const refusal = startRefusal(error);
    if (refusal === undefined) throw error;
    io.err(`${SAID}: could not start: ${refusal}`);
    return EXIT.badInput;
  }
  const report = log.report(plan.id, watched, REPORTED_CHECK_NAMES);
  writeReport(options, report, watched, redactor, io);
  return report.conforms ? EXIT.ok : EXIT.drift;
}

/** The transport the binding declares decides the options, as for `mock`. */
function checkMode(plan: ProxyPlan, mode: ProxyMode): void {
  if (plan.transport.kind === "rightkit-daemon" && mode.kind !== "suite") {
    throw new BindgenError(
      "bad_argument",
      `--${mode.kind}: ${plan.id}'s binding speaks rightkit-daemon; use --suite-root DIR --upstream-suite-root UPDIR`,
    );
  }
  if (plan.transport.kind === "jsonrpc-stdio" && mode.kind === "suite") {
    throw new BindgenError(
      "bad_argument",
      `--suite-root: ${plan.id}'s binding speaks JSON-RPC; use --socket PATH --upstream-socket PATH or --stdio`,
    );
  }
}

/** Serves until asked to stop; what it watched, as the report names it. */
async function serve(mode: ProxyMode, plan: ProxyPlan, proxy: TrafficProxy, log: TrafficLog, io: Io): Promise<string> {
  // Handlers first: whoever reads the line below may signal at once.
  const signal = untilSignal();
  try {
    switch (mode.kind) {
      case "suite":
        return await serveSuite(mode, plan, proxy, signal.received, io);
      case "socket":
        return await serveSocket(mode, plan, proxy, signal.received, io);
      case "stdio":
        return await serveStdio(mode.upstreamCommand ?? stdioCommand(plan), plan, proxy, log, signal.received, io);
      default:
        return assertNever(mode, "mode");
    }
  } finally {
    signal.dispose();
  }
}

/** The proxy as the service in a suite root: listening first, then the record; both gone on exit. */
async function serveSuite(
  mode: Extract<ProxyMode, { kind: "suite" }>,
  plan: ProxyPlan,
  proxy: TrafficProxy,
  stop: Promise<void>,
  io: Io,
): Promise<string> {
  const service = plan.transport.kind === "rightkit-daemon" ? plan.transport.service : plan.id;
  const upstream: Upstream = { kind: "suite", suiteRoot: mode.upstreamSuiteRoot, service };
  const publication = await preparePublication(mode.suiteRoot, service);
  try {
    await listenUntil(publication.endpoint, upstream, proxy, stop, async () => {
      await publication.publish(PROXY_ROLE);
      io.err(`${SAID}: serving ${plan.id}, record ${publication.recordPath}, forwarding to ${describeUpstream(upstream)}`);
    });
  } finally {
    await publication.withdraw();
  }
  return `${publication.recordPath} → ${describeUpstream(upstream)}`;
}

/** The proxy on a JSON-RPC socket of its own (0600 in a 0700 directory), removed on exit. */
async function serveSocket(
  mode: Extract<ProxyMode, { kind: "socket" }>,
  plan: ProxyPlan,
  proxy: TrafficProxy,
  stop: Promise<void>,
  io: Io,
): Promise<string> {
  const upstream: Upstream = { kind: "socket", socketPath: mode.upstreamSocket };
  const endpoint = await chooseEndpoint(dirname(mode.socketPath), mode.socketPath);
  try {
    await listenUntil(endpoint.path, upstream, proxy, stop, async () => {
      io.err(`${SAID}: listening on ${endpoint.path} (${plan.id}), forwarding to ${mode.upstreamSocket}`);
    });
  } finally {
    await endpoint.release();
  }
  return `${endpoint.path} → ${mode.upstreamSocket}`;
}

/**
 * Accepts clients on `path` until `stop`, each relayed to `upstream`; `listening` runs once the
 * socket accepts (publish, announce). Then the listener and every relay are closed.
 */
async function listenUntil(
  path: string,
  upstream: Upstream,
  proxy: TrafficProxy,
  stop: Promise<void>,
  listening: () => Promise<void>,
): Promise<void> {
  const listener = await listenForClients(path, (client) => proxy.accept(client, upstream));
  try {
    await listening();
    await stop;
  } finally {
    await listener.close();
    await proxy.close();
  }
}

/**
 * One client on stdin/stdout, relayed to the host started from `words`, until the host exits:
 * it does once the client's stdin ends (its own stdin ends then), or it dies; a signal or a host
 * that outstays its grace is stopped.
 */
async function serveStdio(
  words: readonly string[],
  plan: ProxyPlan,
  proxy: TrafficProxy,
  log: TrafficLog,
  stop: Promise<void>,
  io: Io,
): Promise<string> {
  const host = spawnUpstream(words, (why) => log.notice(why));
  // Our stdout closes when the process exits: that is what the client sees of a host that is gone.
  void proxy.relayStreams(
    { input: process.stdin, output: process.stdout, release: () => undefined, hearsAfterEnd: true },
    host.end,
  );
  io.err(`${SAID}: serving stdio (${plan.id}), forwarding to ${JSON.stringify(words)}`);
  process.stdin.once("end", () => setTimeout(() => host.stop(), STDIO_HOST_GRACE_MS).unref());
  void stop.then(() => host.stop());
  await host.exited;
  process.stdin.destroy();
  return `stdio → ${JSON.stringify(words)}`;
}

/** The binding's server command (checkMode made sure a stdio proxy has a JSON-RPC binding). */
function stdioCommand(plan: ProxyPlan): readonly string[] {
  return plan.transport.kind === "jsonrpc-stdio" ? plan.transport.command : [];
}

/** The whole report in the chosen format: to --report, else stdout (stderr on --stdio, where stdout is the protocol). */
function writeReport(options: ProxyOptions, report: ConformReport, watched: string, redactor: Redactor, io: Io): void {
  const heading = [`proxy ${report.contract}: ${watched}`, `${report.summary.calls} calls forwarded and judged`];
  const out = options.mode.kind === "stdio" ? io.err : io.out;
  if (options.format === "text" && options.report === undefined) {
    for (const line of renderText(report, REPORTED_CHECK_NAMES, heading)) out(redactor.text(line.text), line.tone);
    return;
  }
  const text =
    options.format === "json"
      ? jsonText(report, 2)
      : options.format === "junit"
        ? renderJunit(report, REPORTED_CHECK_NAMES, "proxy")
        : renderText(report, REPORTED_CHECK_NAMES, heading)
            .map((line) => line.text)
            .join("\n");
  if (options.report === undefined) out(redactor.text(text));
  else writeFileWhole(options.report, `${redactor.text(text).replace(/\n$/, "")}\n`);
}
