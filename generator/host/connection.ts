import type { EventEmitter } from "node:events";
import type { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { DemoService } from "./demo-service.js";
import { deliverWithFault, type FaultTarget } from "./faults.js";
import { MAX_LINE_BYTES } from "./limits.js";
import { LineWriter } from "./line-writer.js";
import { bareRpcError, encodeAnswer, success, type Outcome } from "./outcome.js";
import { isFaultScenario, type ScenarioName } from "./scenarios.js";

/** One client's byte streams, whichever way it reached the host (socket or stdio). */
export type HostStream = {
  input: Readable;
  output: Writable;
  /** Ends the connection abruptly, as a crashing host would. */
  drop(): void;
};

export type ConnectionContext = {
  service: DemoService;
  scenario(): ScenarioName;
  outOfOrderWindow: number;
  /** Emits "request" and "answer" with `{ method, id }`, so tests can wait on the host. */
  events: EventEmitter;
};

export type HostEvent = { method: string; id: unknown };

/** Reads NDJSON requests from `stream` and answers each one as the current scenario says. */
export function serveConnection(stream: HostStream, context: ConnectionContext): void {
  const writer = new LineWriter(stream.output);
  const target: FaultTarget = {
    writer,
    drop: stream.drop,
    held: [],
    outOfOrderWindow: context.outOfOrderWindow,
  };
  const decoder = new StringDecoder("utf8");
  let buffered = "";
  stream.input.on("data", (chunk: Buffer) => {
    buffered += decoder.write(chunk);
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      handleLine(buffered.slice(0, newline), target, context);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
    }
    // A peer that never ends its line is not speaking this protocol.
    if (buffered.length > MAX_LINE_BYTES) stream.drop();
  });
}

function handleLine(line: string, target: FaultTarget, context: ConnectionContext): void {
  if (line.trim() === "") return;
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    target.writer.write(encodeAnswer(null, bareRpcError(-32700, "Parse error")));
    return;
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    target.writer.write(encodeAnswer(null, bareRpcError(-32600, "Invalid Request")));
    return;
  }
  const { id, method, params } = request as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== "string") {
    target.writer.write(encodeAnswer(id ?? null, bareRpcError(-32600, "Invalid Request")));
    return;
  }
  // Notifications from the client need no answer, and this service defines none.
  if (id === undefined) return;
  context.events.emit("request", { method, id } satisfies HostEvent);
  const scenario = context.scenario();
  const outcome = scenario === "echo" ? success(params ?? null) : context.service.handle(method, params);
  if (outcome instanceof Promise) void outcome.then((settled) => answer(id, method, settled, scenario, target, context));
  else answer(id, method, outcome, scenario, target, context);
}

function answer(
  id: unknown,
  method: string,
  outcome: Outcome,
  scenario: ScenarioName,
  target: FaultTarget,
  context: ConnectionContext,
): void {
  // The kill control is the test's own lever; faults never get in its way.
  if (isFaultScenario(scenario) && !method.startsWith("host.")) deliverWithFault(scenario, id, outcome, target);
  else target.writer.write(encodeAnswer(id, outcome));
  context.events.emit("answer", { method, id } satisfies HostEvent);
}
