/**
 * A framing that watches: the runtime's NDJSON, with every frame it writes and reads noted for
 * the call in flight, so `conform` can judge what the host really sent (the error object as it
 * was, before the transport made a ToolError of it) and what the transport would only die of:
 * a second response for an id already answered, a frame it cannot read. Calls are made one at
 * a time, so "the call in flight" is unambiguous; a late frame is matched to its call by id
 * among the last few calls.
 */
import type { FrameDecoder, Framing } from "../../templates/runtime/framing/framing.js";
import { NDJSON } from "../../templates/runtime/framing/ndjson.js";
import { isJsonObject } from "../json.js";
import { responseIn, type WireProtocol } from "../values/frames.js";

/** What one call's frames showed. */
export interface CallRecord {
  /** The request ids the transport wrote for it (a hand-off resubmits under a new id). */
  readonly ids: unknown[];
  /** The first response to one of its ids: its raw error object, or that it was a result. */
  response: { readonly error: unknown } | { readonly result: true } | undefined;
  /** What breaks the protocol, in words (a second response, an unreadable frame). */
  readonly anomalies: string[];
}

/** How many finished calls a late frame may still be matched to. */
const RECENT = 8;

export class WireTap implements Framing {
  readonly maxFrameBytes = NDJSON.maxFrameBytes;
  readonly #protocol: WireProtocol;
  #current: CallRecord | undefined;
  readonly #recent: CallRecord[] = [];

  constructor(protocol: WireProtocol) {
    this.#protocol = protocol;
  }

  /** A record for the call about to be made. */
  begin(): CallRecord {
    const record: CallRecord = { ids: [], response: undefined, anomalies: [] };
    this.#current = record;
    return record;
  }

  end(record: CallRecord): void {
    if (this.#current === record) this.#current = undefined;
    this.#recent.push(record);
    if (this.#recent.length > RECENT) this.#recent.shift();
  }

  encode(message: unknown): string {
    const text = NDJSON.encode(message);
    if (isJsonObject(message) && typeof message.method === "string" && message.id !== undefined)
      this.#current?.ids.push(message.id);
    return text;
  }

  decoder(): FrameDecoder {
    const inner = NDJSON.decoder();
    // Ids answered on this connection: JSON-RPC ids start again on every connection.
    const answered = new Set<unknown>();
    return {
      push: (chunk) => {
        let messages: unknown[];
        try {
          messages = inner.push(chunk);
        } catch (error) {
          this.#current?.anomalies.push(`an unreadable frame: ${(error as Error).message}`);
          throw error;
        }
        for (const message of messages) this.#note(message, answered);
        return messages;
      },
    };
  }

  #note(message: unknown, answered: Set<unknown>): void {
    const response = responseIn(message, this.#protocol);
    // The runtime numbers its requests: an answer under any other id is none of its calls'.
    if (response === undefined || typeof response.id !== "number") return;
    const owner = this.#owner(response.id);
    if (answered.has(response.id)) {
      (owner ?? this.#current)?.anomalies.push(`a second response for request id ${JSON.stringify(response.id)}`);
      return;
    }
    answered.add(response.id);
    if (owner !== undefined && owner.response === undefined)
      owner.response = response.error === undefined ? { result: true } : { error: response.error };
  }

  #owner(id: unknown): CallRecord | undefined {
    if (this.#current?.ids.includes(id)) return this.#current;
    return [...this.#recent].reverse().find((record) => record.ids.includes(id));
  }
}
