import type { EventEmitter } from "node:events";
import { isControlMethod } from "./allowlist.js";
import type { Connection, HostEvent, Session } from "./connection.js";
import { ECHO, GARBAGE_LINE, jsonRpcFaultOf, oversizedResult, strangerId, type JsonRpcFault } from "./faults.js";
import { success, type Outcome } from "./outcome.js";
import {
  decodeRpcLine,
  encodeBareError,
  encodeNotification,
  encodeOutcome,
  encodeRefusal,
  PLAIN_DIALECT,
  type JsonRpcDialect,
} from "./protocols/jsonrpc.js";
import type { CallContext, Service } from "./service.js";
import { assertNever } from "../../errors.js";

/** What every JSON-RPC connection of one host shares. */
export type JsonRpcHostState = {
  service: Service;
  scenario(): string;
  /** How many answers out_of_order holds before sending them newest first. */
  outOfOrderWindow: number;
  events: EventEmitter;
  /** Never aborted: JSON-RPC has no takeover, but a service asks all the same. */
  handoff: AbortSignal;
};

/** How to write the answer to one call, for whichever id a fault decides to use. */
type Reply = (id: unknown) => string;

/**
 * A JSON-RPC connection: calls may overlap (answers are matched by id), each is answered as the
 * current scenario says. Events from the service have no JSON-RPC form and are dropped.
 */
export function openJsonRpcSession(connection: Connection, state: JsonRpcHostState): Session {
  const held: string[] = [];
  const dialect = state.service.jsonRpc ?? PLAIN_DIALECT;
  return {
    opened: () => {
      const opening = dialect.opening();
      if (opening.kind === "exit") connection.exit(opening.code);
      else for (const text of opening.lines) connection.writer.write(text);
    },
    line: (text) => handleLine(text, connection, held, state, dialect),
    // A peer that never ends its line is not speaking this protocol.
    overflow: () => connection.drop(),
    closed: () => undefined,
  };
}

function handleLine(
  text: string,
  connection: Connection,
  held: string[],
  state: JsonRpcHostState,
  dialect: JsonRpcDialect,
): void {
  const line = decodeRpcLine(text);
  switch (line.kind) {
    case "blank":
    case "notification":
      return;
    case "invalid":
      connection.writer.write(encodeRefusal(line.id, line.refusal, dialect));
      return;
    case "call":
      break;
    default:
      return assertNever(line, "case");
  }
  const { id, method, params } = line;
  state.events.emit("request", { method, id } satisfies HostEvent);
  const scenario = state.scenario();
  // The kill control is the test's own lever; faults never get in its way.
  const fault = isControlMethod(method) ? undefined : jsonRpcFaultOf(scenario);
  const send = (reply: Reply): void => {
    if (fault === undefined) connection.writer.write(reply(id));
    else deliverWithFault(fault, id, reply, connection, held, state.outOfOrderWindow);
    state.events.emit("answer", { method, id } satisfies HostEvent);
  };
  if (fault === "bare_rpc_error") {
    send((to) => encodeBareError(to, -32603, "Internal error"));
    return;
  }
  const context: CallContext = { app: "", emit: () => undefined, handoff: state.handoff, drop: () => connection.drop() };
  // A service that throws is the server's own bug: the client gets a generic -32603, never the stack.
  const internal: Reply = (to) => encodeRefusal(to, "internal_error", dialect);
  const reply =
    (settled: Outcome): Reply =>
    (to) =>
      encodeOutcome(to, settled, dialect);
  let outcome: Outcome | Promise<Outcome>;
  try {
    outcome = scenario === ECHO ? success(params ?? null) : state.service.handle(method, params, context);
  } catch {
    send(internal);
    return;
  }
  if (outcome instanceof Promise) {
    void outcome.then(
      (settled) => send(reply(settled)),
      () => send(internal),
    );
  } else send(reply(outcome));
}

/** Sends (or withholds, or mangles) the answer to call `id` the way `fault` says. */
function deliverWithFault(
  fault: JsonRpcFault,
  id: unknown,
  reply: Reply,
  connection: Connection,
  held: string[],
  window: number,
): void {
  const { writer } = connection;
  switch (fault) {
    case "garbage_line":
      writer.write(GARBAGE_LINE);
      return;
    case "drop_mid_call":
      connection.drop();
      return;
    case "never_answer":
      return;
    case "split_writes":
      writer.writeInPieces(reply(id));
      return;
    case "out_of_order": {
      held.push(reply(id));
      if (held.length < window) return;
      for (const line of held.splice(0).reverse()) writer.write(line);
      return;
    }
    case "notifications":
      writer.write(encodeNotification("host.progress", { note: "working" }));
      writer.write(reply(id));
      return;
    case "oversized_line":
      writer.write(encodeOutcome(id, success(oversizedResult()), PLAIN_DIALECT));
      return;
    case "unknown_id":
      writer.write(reply(strangerId(id)));
      return;
    case "bare_rpc_error":
      writer.write(reply(id));
      return;
    case "duplicate_response":
      writer.write(reply(id));
      writer.write(reply(id));
      return;
    default:
      return assertNever(fault, "case");
  }
}
