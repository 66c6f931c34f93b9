import { parseArgs } from "node:util";
import { serveConnection } from "./connection.js";
import type { ConsentScript } from "./demo-service.js";
import { FAULT_SCENARIOS, isScenarioName, SERVICE_SCENARIOS, type ScenarioName } from "./scenarios.js";
import { createHostCore, startHost } from "./server.js";

const USAGE = `usage: rightkit-bindgen host (--socket PATH | --stdio) [--scenario NAME] [--consent approve|deny] [--consent-delay MS]

Runs the rightkit.agent.demo conformance host until SIGINT or SIGTERM.
  --socket PATH      listen on a Unix socket (mode 0600; its directory must be, or is made, 0700)
  --stdio            serve one client on stdin/stdout instead
  --scenario NAME    how the host behaves (default normal)
  --consent ANSWER   how the scripted person answers demo.request (default approve)
  --consent-delay MS wait this long before answering consent`;

type HostCommand = {
  endpoint: { kind: "socket"; socketPath: string } | { kind: "stdio" };
  scenario: ScenarioName;
  consent: ConsentScript;
};

/** Where the command's own messages go, one line at a time (stdout stays the protocol in stdio mode). */
export type HostCommandIo = {
  out(line: string): void;
  err(line: string): void;
};

const STD_IO: HostCommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** `rightkit-bindgen host ...`: resolves with the process exit code once the host stops. */
export async function runHostCommand(argv: readonly string[], io: HostCommandIo = STD_IO): Promise<number> {
  let command: HostCommand | "help";
  try {
    command = parseHostArgs([...argv]);
  } catch (error) {
    io.err(`rightkit-bindgen host: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (command === "help") {
    io.out(`${USAGE}\n\nscenarios:\n${describeScenarios()}`);
    return 0;
  }
  switch (command.endpoint.kind) {
    case "socket":
      return serveSocket(command.endpoint.socketPath, command, io);
    case "stdio":
      return serveStdio(command, io);
    default:
      return assertNever(command.endpoint);
  }
}

function parseHostArgs(argv: string[]): HostCommand | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      socket: { type: "string" },
      stdio: { type: "boolean" },
      scenario: { type: "string" },
      consent: { type: "string" },
      "consent-delay": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const scenario = values.scenario ?? "normal";
  if (!isScenarioName(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const answer = values.consent ?? "approve";
  if (answer !== "approve" && answer !== "deny") throw new Error("--consent must be approve or deny");
  const consent: ConsentScript = { answer };
  if (values["consent-delay"] !== undefined) {
    const delayMs = Number(values["consent-delay"]);
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new Error("--consent-delay must be a whole number of ms");
    consent.delayMs = delayMs;
  }
  if (values.stdio && values.socket !== undefined) throw new Error("choose one of --socket and --stdio");
  if (values.stdio) return { endpoint: { kind: "stdio" }, scenario, consent };
  if (values.socket === undefined || values.socket === "") throw new Error("--socket PATH or --stdio is required");
  return { endpoint: { kind: "socket", socketPath: values.socket }, scenario, consent };
}

async function serveSocket(socketPath: string, command: HostCommand, io: HostCommandIo): Promise<number> {
  const host = await startHost({ socketPath, scenario: command.scenario, consent: command.consent });
  io.out(`rightkit-bindgen host: listening on ${socketPath} (scenario ${command.scenario})`);
  await untilSignal();
  await host.close();
  return 0;
}

/** One client on stdin/stdout; a dropped "connection" ends the process's side of both pipes. */
async function serveStdio(command: HostCommand, io: HostCommandIo): Promise<number> {
  const core = createHostCore({ scenario: command.scenario, consent: command.consent });
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const drop = (): void => {
    process.stdin.destroy();
    process.stdout.destroy();
    finish();
  };
  serveConnection({ input: process.stdin, output: process.stdout, drop }, core);
  process.stdin.once("end", finish);
  io.err(`rightkit-bindgen host: serving stdio (scenario ${command.scenario})`);
  await Promise.race([finished, untilSignal()]);
  core.service.stop();
  process.stdin.destroy();
  return 0;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

function describeScenarios(): string {
  const rows: [string, string][] = [
    ...Object.entries(SERVICE_SCENARIOS),
    ...Object.entries(FAULT_SCENARIOS),
    ["echo", "no demo service: every call's params come back as its result"],
  ];
  return rows.map(([name, text]) => `  ${name.padEnd(22)} ${text}`).join("\n");
}

function assertNever(value: never): never {
  throw new Error(`unhandled endpoint: ${JSON.stringify(value)}`);
}
