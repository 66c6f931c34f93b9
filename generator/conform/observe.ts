/**
 * One call, as `conform` sees it: made through the runtime's transport, its answer sorted into a
 * result, an error the host sent (its wire object as the tap saw it), or a fault — no answer at
 * all: a timeout, a dropped connection, a frame the transport could not read.
 */
import type { ErrorModel } from "../contract/shape.js";
import { readBigints, type IntegerShape } from "../../templates/runtime/core/integers.js";
import type { Transport, TransportCallOptions } from "../../templates/runtime/core/transport.js";
import type { Observation } from "../values/checks.js";
import { errorCodeOf } from "../values/error-model.js";
import type { WireTap } from "./wire-tap.js";

/** The runtime's code for a call that got no answer within its timeout. */
const TIMEOUT = "timeout";

export interface Wire {
  readonly transport: Transport;
  readonly tap: WireTap;
  readonly route: TransportCallOptions["route"];
  readonly errors: ErrorModel;
}

/**
 * `resultIntegers`: in bigint mode, the result's 64-bit locations; the answer is read along them
 * as the binding's client reads it (the digits the host sent, as bigints) before it is judged.
 */
export async function observe(
  wire: Wire,
  tool: string,
  params: unknown,
  timeoutMs: number,
  resultIntegers?: IntegerShape,
): Promise<Observation> {
  const record = wire.tap.begin();
  try {
    const options: TransportCallOptions = { timeoutMs, ...(wire.route === undefined ? {} : { route: wire.route }) };
    let value: unknown;
    try {
      value = await wire.transport.call(tool, params as object, options);
    } catch (error) {
      // Frames already in the socket's buffer (a second response right behind the first) are read first.
      await new Promise((resolve) => setImmediate(resolve));
      const response = record.response;
      if (response !== undefined && "error" in response) {
        return {
          kind: "error",
          raw: response.error,
          code: errorCodeOf(response.error, wire.errors),
          message: messageOf(error),
          anomalies: record.anomalies,
        };
      }
      const timedOut = codeOf(error) === TIMEOUT && response === undefined;
      return { kind: "fault", timedOut, reason: faultReason(error, response !== undefined), anomalies: record.anomalies };
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (resultIntegers !== undefined) value = readBigints(resultIntegers, value);
    return { kind: "result", value, anomalies: record.anomalies };
  } finally {
    wire.tap.end(record);
  }
}

function faultReason(error: unknown, answered: boolean): string {
  const message = messageOf(error);
  return answered ? `an answer the transport refused: ${message}` : `no answer: ${message}`;
}

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
