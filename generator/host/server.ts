import { EventEmitter, once } from "node:events";
import { chmod, rmdir, unlink } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { serveConnection } from "./connection.js";
import { DemoService, type ConsentScript, type EndResult } from "./demo-service.js";
import { isServiceScenario, type ScenarioName } from "./scenarios.js";
import { prepareSocketPath } from "./socket-dir.js";

export type HostOptions = {
  socketPath: string;
  scenario?: ScenarioName;
  consent?: ConsentScript;
  /** How many answers out_of_order holds before sending them newest first. Default 3. */
  outOfOrderWindow?: number;
};

export type HostHandle = {
  readonly socketPath: string;
  /** "request" and "answer" carry `{ method, id }`; "connection" fires per client, "idle" when none is left. */
  readonly events: EventEmitter;
  scenario(): ScenarioName;
  setScenario(scenario: ScenarioName): void;
  /** Open client connections right now. */
  connectionCount(): number;
  /** Resolves once no client connection is open (at once if none is). */
  idle(): Promise<void>;
  /** The kill control: ends one session, or every active one, with bundle_state "killed". */
  kill(session?: string): EndResult[];
  close(): Promise<void>;
};

/** Options shared by the socket host and the stdio host. */
export type HostBehaviour = Omit<HostOptions, "socketPath">;

/** The state one host needs whichever way clients reach it. */
export function createHostCore(options: HostBehaviour): {
  service: DemoService;
  events: EventEmitter;
  scenario: () => ScenarioName;
  setScenario: (scenario: ScenarioName) => void;
  outOfOrderWindow: number;
} {
  let current: ScenarioName = options.scenario ?? "normal";
  const scenario = (): ScenarioName => current;
  const service = new DemoService(
    () => (isServiceScenario(current) ? current : "normal"),
    options.consent ?? { answer: "approve" },
  );
  return {
    service,
    events: new EventEmitter(),
    scenario,
    setScenario: (next) => {
      current = next;
    },
    outOfOrderWindow: options.outOfOrderWindow ?? 3,
  };
}

/**
 * Starts the conformance host on a real Unix socket (0600, in a 0700 directory) and resolves
 * once it is listening.
 */
export async function startHost(options: HostOptions): Promise<HostHandle> {
  const { createdDir } = await prepareSocketPath(options.socketPath);
  const core = createHostCore(options);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0) core.events.emit("idle");
    });
    // A client vanishing mid-write is normal here; the close handler does the bookkeeping.
    socket.on("error", () => undefined);
    serveConnection({ input: socket, output: socket, drop: () => socket.destroy() }, { ...core });
    core.events.emit("connection");
  });
  await listen(server, options.socketPath);
  // The 0700 directory already keeps others out while the mode is still the umask's.
  await chmod(options.socketPath, 0o600);
  let closing: Promise<void> | undefined;
  return {
    socketPath: options.socketPath,
    events: core.events,
    scenario: core.scenario,
    setScenario: core.setScenario,
    connectionCount: () => sockets.size,
    idle: () => (sockets.size === 0 ? Promise.resolve() : once(core.events, "idle").then(() => undefined)),
    kill: (session) => core.service.kill(session),
    close: () => {
      closing ??= (async () => {
        core.service.stop();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await unlink(options.socketPath).catch(() => undefined);
        if (createdDir !== undefined) await rmdir(createdDir).catch(() => undefined);
      })();
      return closing;
    },
  };
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
