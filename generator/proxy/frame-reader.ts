/**
 * One direction of a connection read as frames, beside the bytes that are forwarded: lines as
 * the runtime splits them (framing/ndjson.ts's LineSplitter), each parsed on its own, so one line that
 * is not JSON costs only itself. A line past the frame cap ends the reading of that direction
 * (the bytes still flow): nothing after it can be told apart into frames.
 */
import { readJson } from "../../templates/runtime/core/json-reader.js";
import { LineSplitter, MAX_LINE_BYTES } from "../../templates/runtime/framing/ndjson.js";

export type ReadLine = { readonly text: string; readonly message: unknown } | { readonly unreadable: string };

export class FrameReader {
  readonly #lines = new LineSplitter();
  #blind: string | undefined;

  /** Why this direction is no longer read, once it is not. */
  get blind(): string | undefined {
    return this.#blind;
  }

  /** The frames this chunk completes; none once the direction is blind. */
  push(chunk: Buffer): ReadLine[] {
    if (this.#blind !== undefined) return [];
    let lines: string[];
    try {
      lines = this.#lines.push(chunk);
    } catch {
      // The splitter's words speak of "the host"; this reader reads either side.
      this.#blind = `a line longer than the ${MAX_LINE_BYTES}-byte frame cap`;
      return [];
    }
    const read: ReadLine[] = [];
    for (const text of lines) {
      if (text.trim() === "") continue;
      try {
        read.push({ text, message: readJson(text) });
      } catch {
        // The parser's words quote the line: a finding's fingerprint must not vary with it.
        read.push({ unreadable: "a line that is not JSON" });
      }
    }
    return read;
  }
}
