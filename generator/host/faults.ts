import { MAX_LINE_BYTES } from "./limits.js";
import type { LineWriter } from "./line-writer.js";
import { encodeAnswer, type Outcome } from "./outcome.js";
import type { FaultScenario } from "./scenarios.js";

/** What a fault may do to one connection. */
export type FaultTarget = {
  writer: LineWriter;
  drop(): void;
  /** Answers held back by out_of_order, per connection. */
  held: string[];
  outOfOrderWindow: number;
};

/** Sends (or withholds, or mangles) the answer `outcome` to request `id` the way `fault` says. */
export function deliverWithFault(fault: FaultScenario, id: unknown, outcome: Outcome, target: FaultTarget): void {
  switch (fault) {
    case "garbage_line":
      target.writer.write("this is not json {\n");
      return;
    case "drop_mid_call":
      target.drop();
      return;
    case "never_answer":
      return;
    case "split_writes":
      target.writer.writeInPieces(encodeAnswer(id, outcome));
      return;
    case "out_of_order": {
      target.held.push(encodeAnswer(id, outcome));
      if (target.held.length < target.outOfOrderWindow) return;
      const newestFirst = target.held.splice(0).reverse();
      for (const line of newestFirst) target.writer.write(line);
      return;
    }
    case "notifications":
      target.writer.write(JSON.stringify({ jsonrpc: "2.0", method: "host.progress", params: { note: "working" } }) + "\n");
      target.writer.write(encodeAnswer(id, outcome));
      return;
    case "oversized_line":
      target.writer.write(encodeAnswer(id, { ok: true, result: { pad: "x".repeat(MAX_LINE_BYTES + 1) } }));
      return;
    case "unknown_id":
      target.writer.write(encodeAnswer(typeof id === "number" ? id + 1_000_000 : `${String(id)}-stranger`, outcome));
      return;
    default:
      return assertNever(fault);
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled fault: ${String(value)}`);
}
