import { protocolRefusal } from "../host/core/faults.js";
import {
  DEFAULT_SERVICE,
  describeScenarios,
  isScenarioName,
  isServiceName,
  SERVICE_NAMES,
  serviceRefusal,
  type ScenarioName,
  type ServiceName,
} from "../host/scenarios.js";
import type { ConsentScript } from "../host/services/demo/service.js";
import { startRefusal } from "../host/core/start-refusal.js";
import { serveStdioHost, startHost, type SocketServiceName } from "../host/start.js";
import { HOST_EXIT, STD_IO, type Io } from "./exit.js";
import { commandHelp, COMMAND_SPECS, parseCommandArgs, usageLines } from "./options.js";
import { untilSignal } from "./signals.js";
import { hanging } from "../terminal-style.js";
import { assertNever } from "../errors.js";

type Mode =
  | { kind: "suite"; suiteRoot: string; rank: number | undefined; peerCheck: boolean }
  | { kind: "socket"; socketPath: string }
  | { kind: "stdio" };

type HostCommand = { mode: Mode; service: ServiceName; scenario: ScenarioName; consent: ConsentScript };

/**
 * `rightkit-bindgen host ...`: resolves with the process exit code once the host stops. Its own
 * messages go to `io` one line at a time (stdout stays the protocol in stdio mode).
 */
export async function runHostCommand(argv: readonly string[], io: Io = STD_IO): Promise<number> {
  let command: HostCommand | "help";
  try {
    command = parseHostArgs([...argv]);
  } catch (error) {
    io.err([`rightkit-bindgen host: ${messageOf(error)}`, ...usageLines("host")].join("\n"));
    return HOST_EXIT.badInput;
  }
  if (command === "help") {
    io.out(
      `${commandHelp("host").join("\n")}\n\nScenarios:\n${describeScenarios()
        .flatMap(([name, text]) => hanging(`  ${name.padEnd(22)} `, text))
        .join("\n")}`,
    );
    return HOST_EXIT.ok;
  }
  try {
    switch (command.mode.kind) {
      case "suite":
        return await serveSuite(command.mode, command, io);
      case "socket":
        return await serveSocket(command.mode.socketPath, command, io);
      case "stdio":
        return await serveStdio(command, io);
      default:
        return assertNever(command.mode, "mode");
    }
  } catch (error) {
    const refusal = startRefusal(error);
    if (refusal === undefined) throw error;
    io.err(`rightkit-bindgen host: ${refusal}`);
    return HOST_EXIT.couldNotStart;
  }
}

function parseHostArgs(argv: string[]): HostCommand | "help" {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.host, argv);
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.help) return "help";
  const mode = parseMode(values);
  const service = values.service ?? DEFAULT_SERVICE;
  if (!isServiceName(service)) throw new Error(`--service must be one of ${SERVICE_NAMES.join(", ")}`);
  if (service === "agentcli" && mode.kind !== "stdio") throw new Error(`--service ${service} is served on --stdio only`);
  if (service !== "demo" && (values.consent !== undefined || values["consent-delay"] !== undefined)) {
    throw new Error("--consent and --consent-delay go with the demo service");
  }
  const scenario = values.scenario ?? "normal";
  if (!isScenarioName(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const refused = protocolRefusal(scenario, mode.kind === "suite" ? "daemon" : "jsonrpc") ?? serviceRefusal(scenario, service);
  if (refused !== undefined) throw new Error(refused);
  const answer = values.consent ?? "approve";
  if (answer !== "approve" && answer !== "deny") throw new Error("--consent must be approve or deny");
  const consent: ConsentScript = { answer };
  if (values["consent-delay"] !== undefined) {
    const delayMs = Number(values["consent-delay"]);
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new Error("--consent-delay must be a whole number of ms");
    consent.delayMs = delayMs;
  }
  return { mode, service, scenario, consent };
}

function parseMode(values: {
  "suite-root"?: string | undefined;
  rank?: string | undefined;
  "no-peer-check"?: boolean | undefined;
  socket?: string | undefined;
  stdio?: boolean | undefined;
}): Mode {
  const chosen = [values["suite-root"] !== undefined, values.socket !== undefined, values.stdio === true].filter(Boolean);
  if (chosen.length > 1) throw new Error("choose one of --suite-root, --socket and --stdio");
  const suiteRoot = values["suite-root"];
  if (suiteRoot === undefined && (values.rank !== undefined || values["no-peer-check"])) {
    throw new Error("--rank and --no-peer-check go with --suite-root");
  }
  if (values.stdio) return { kind: "stdio" };
  if (values.socket !== undefined && values.socket !== "") return { kind: "socket", socketPath: values.socket };
  if (suiteRoot === undefined || suiteRoot === "") throw new Error("--suite-root DIR, --socket PATH or --stdio is required");
  let rank: number | undefined;
  if (values.rank !== undefined) {
    rank = Number(values.rank);
    if (!/^\d+$/.test(values.rank) || rank > 255) throw new Error("--rank must be a whole number 0..255");
  }
  return { kind: "suite", suiteRoot, rank, peerCheck: !values["no-peer-check"] };
}

async function serveSuite(mode: Extract<Mode, { kind: "suite" }>, command: HostCommand, io: Io): Promise<number> {
  // Handlers first: whoever reads the line below may signal at once, and a signal during a
  // takeover wait must still end in close() (the record removed), not in the default exit.
  const signal = untilSignal();
  try {
    const host = await startHost({
      suiteRoot: mode.suiteRoot,
      service: socketService(command.service),
      ...(mode.rank === undefined ? {} : { rank: mode.rank }),
      peerCheck: mode.peerCheck,
      scenario: command.scenario,
      consent: command.consent,
    });
    try {
      io.out(`rightkit-bindgen host: serving ${host.service}, record ${host.recordPath} (scenario ${command.scenario})`);
      const ended = await Promise.race([signal.received.then(() => undefined), host.handedOff]);
      if (ended !== undefined)
        io.out(`rightkit-bindgen host: handed ${host.service} over to pid ${ended.pid} (rank ${ended.rank})`);
      return HOST_EXIT.ok;
    } finally {
      await host.close();
    }
  } finally {
    signal.dispose();
  }
}

async function serveSocket(socketPath: string, command: HostCommand, io: Io): Promise<number> {
  const signal = untilSignal();
  try {
    const host = await startHost({
      socketPath,
      service: socketService(command.service),
      scenario: command.scenario,
      consent: command.consent,
    });
    try {
      io.out(`rightkit-bindgen host: listening on ${socketPath} (${servedText(command)})`);
      await signal.received;
      return HOST_EXIT.ok;
    } finally {
      await host.close();
    }
  } finally {
    signal.dispose();
  }
}

/**
 * One client on stdin/stdout; a dropped "connection" ends the process's side of both pipes. A
 * server that exits at start (agentcli's exit_at_start) ends them too and its code is returned.
 */
async function serveStdio(command: HostCommand, io: Io): Promise<number> {
  let exitCode: number | undefined;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const drop = (): void => {
    process.stdin.destroy();
    process.stdout.destroy();
    finish();
  };
  const exit = (code: number): void => {
    exitCode = code;
    drop();
  };
  const signal = untilSignal();
  const host = serveStdioHost(
    { input: process.stdin, output: process.stdout, drop, end: () => Promise.resolve(drop()), exit },
    { service: command.service, scenario: command.scenario, consent: command.consent },
  );
  process.stdin.once("end", finish);
  const served = servedText(command);
  io.err(
    exitCode === undefined
      ? `rightkit-bindgen host: serving stdio (${served})`
      : `rightkit-bindgen host: exited at start with code ${exitCode} (${served})`,
  );
  await Promise.race([finished, signal.received]);
  signal.dispose();
  host.stop();
  process.stdin.destroy();
  return exitCode ?? HOST_EXIT.ok;
}

/** "scenario NAME", led by the service when it is not the default one. */
function servedText(command: HostCommand): string {
  return `${command.service === DEFAULT_SERVICE ? "" : `service ${command.service}, `}scenario ${command.scenario}`;
}

/** parseHostArgs let agentcli through on --stdio only. */
function socketService(service: ServiceName): SocketServiceName {
  if (service === "agentcli") throw new Error("--service agentcli is served on --stdio only");
  return service;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
