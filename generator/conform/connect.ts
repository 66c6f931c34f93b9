/**
 * Reaching the host the way the binding's generated client does, through the runtime's own
 * transports: for a rightkit-daemon binding, discovery under the suite root (`--suite-root`,
 * else RIGHTKIT_SUITE_ROOT, else the per-user default), the hello with the binding's app label,
 * lock-step frames; for a JSON-RPC stdio binding, the server started from `--server` (else the
 * binding's command) and its ready notification awaited and checked. One connection, so calls
 * are one at a time. A host that cannot be reached is a BindgenError (exit 2), after everything
 * started has been stopped; so is a suite root the runtime refuses. Only the runtime's own errors
 * say so: anything else thrown on the way is our bug, and reaches the CLI as one (exit 3).
 */
import { commandWords } from "../../templates/runtime/cli/command-line.js";
import { ToolError } from "../../templates/runtime/core/errors.js";
import { RpcError } from "../../templates/runtime/core/rpc-error.js";
import { DaemonTransport } from "../../templates/runtime/transports/daemon/transport.js";
import { readyRefusal, type ReadyRule } from "../../templates/runtime/transports/ready.js";
import { StdioTransport } from "../../templates/runtime/transports/stdio.js";
import { BindgenError } from "../errors.js";
import type { Wire } from "./observe.js";
import { shellWord } from "./reproducer.js";
import type { ConformPlan } from "./plan.js";
import type { Validate } from "../values/validators.js";
import { WireTap } from "./wire-tap.js";

export interface Target {
  /** A rightkit-daemon binding's suite root; undefined: RIGHTKIT_SUITE_ROOT, else the default. */
  readonly suiteRoot?: string | undefined;
  /** A stdio binding's server command, words or a JSON array; undefined: the binding's. */
  readonly server?: string | undefined;
}

/** How long reaching the host may take before it counts as unreachable. */
const REACH_TIMEOUT_MS = 10_000;
/** rightkit-daemon's built-in health probe, allowed for every app. */
const DAEMON_PING = "ping";

export interface Connection extends Wire {
  /** What the reports call the target: the suite root or the server command. */
  readonly shown: string;
  close(): Promise<void>;
}

export async function connect(plan: ConformPlan, target: Target, validateReady: Validate | undefined): Promise<Connection> {
  const transport = plan.transport;
  if (transport.kind === "rightkit-daemon") {
    if (target.server !== undefined)
      throw new BindgenError("bad_argument", `--server: ${plan.id} is reached over rightkit-daemon; use --suite-root`);
    const tap = new WireTap("daemon");
    let daemon: DaemonTransport;
    try {
      daemon = new DaemonTransport({
        framing: tap,
        maxConnections: 1,
        ...(target.suiteRoot === undefined ? {} : { suiteRoot: target.suiteRoot }),
      });
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      throw new BindgenError("bad_argument", `--suite-root: ${error.message}`);
    }
    const route = { service: transport.service, app: transport.app };
    const connection: Connection = {
      transport: daemon,
      tap,
      route,
      errors: plan.errors,
      shown: `--suite-root ${shellWord(daemon.suiteRoot)}`,
      close: () => daemon.close(),
    };
    await reach(connection, async () => {
      // Any answer to the ping is a host that answers; only no answer at all is unreachable.
      const record = tap.begin();
      try {
        await daemon.call(DAEMON_PING, {}, { timeoutMs: REACH_TIMEOUT_MS, route });
      } catch (error) {
        if (record.response === undefined) throw error;
      } finally {
        tap.end(record);
      }
    });
    return connection;
  }
  if (target.suiteRoot !== undefined)
    throw new BindgenError("bad_argument", `--suite-root: ${plan.id} is reached over stdio; use --server`);
  const words = target.server === undefined ? { ok: true as const, words: transport.command } : commandWords(target.server);
  if (!words.ok) throw new BindgenError("bad_argument", `--server ${words.reason}`);
  const [command, ...args] = words.words;
  const tap = new WireTap("jsonrpc");
  const ready = transport.ready;
  const rule: ReadyRule | undefined =
    ready === undefined || validateReady === undefined
      ? undefined
      : {
          notification: ready.notification,
          validate: validateReady as ReadyRule["validate"],
          ...(ready.versionField !== undefined && ready.version !== undefined
            ? { version: { field: ready.versionField, expected: ready.version } }
            : {}),
        };
  const stdio = new StdioTransport({
    command: command as string,
    args,
    stderr: "ignore",
    framing: tap,
    ...(rule === undefined
      ? {}
      : {
          ready: {
            notification: rule.notification,
            timeoutMs: ready?.timeoutMs ?? REACH_TIMEOUT_MS,
            accept: (params: unknown) => readyRefusal(rule, params),
          },
        }),
  });
  const connection: Connection = {
    transport: stdio,
    tap,
    route: undefined,
    errors: plan.errors,
    shown: `--server ${shellWord(JSON.stringify(words.words))}`,
    close: () => stdio.close(),
  };
  await reach(connection, () => stdio.start().then(() => undefined));
  return connection;
}

async function reach(connection: Connection, attempt: () => Promise<void>): Promise<void> {
  try {
    await attempt();
  } catch (error) {
    await connection.close();
    if (!(error instanceof ToolError || error instanceof RpcError)) throw error;
    throw new BindgenError("io", `the host cannot be reached (${connection.shown}): ${error.message}`);
  }
}
