/// <reference types="node" />
import { ToolError } from "../core/errors.js";
import { readJson } from "../core/json-reader.js";
import { writeJson } from "../core/json-writer.js";
import type { FrameDecoder, Framing } from "./framing.js";

/** The largest line either side may send (rightkit-sidecar's cap); anything longer means the stream is not ours. */
export const MAX_LINE_BYTES: number = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

// A UTF-8 code unit takes at most 3 bytes, so shorter strings cannot pass the cap and skip the byte count.
const MAX_BYTES_PER_UTF16_UNIT = 3;

/** Newline-delimited JSON: one JSON value per LF-terminated line, CRLF tolerated, blank lines skipped. */
export const NDJSON: Framing = {
  maxFrameBytes: MAX_LINE_BYTES,
  encode(message: unknown): string {
    let text: string | undefined;
    try {
      text = writeJson(message);
    } catch (error) {
      throw new ToolError("invalid_arguments", "the message cannot be sent as JSON", { cause: error });
    }
    if (text === undefined) throw new ToolError("invalid_arguments", "the message cannot be sent as JSON");
    if (text.length * MAX_BYTES_PER_UTF16_UNIT >= MAX_LINE_BYTES) {
      const bytes = Buffer.byteLength(text, "utf8");
      if (bytes > MAX_LINE_BYTES) {
        throw new ToolError(
          "invalid_arguments",
          `the message is ${bytes} bytes, over the ${MAX_LINE_BYTES}-byte frame cap`,
          {
            details: { limitBytes: MAX_LINE_BYTES, seenBytes: bytes },
          },
        );
      }
    }
    return `${text}\n`;
  },
  decoder(): FrameDecoder {
    const lines = new LineSplitter();
    return {
      push(chunk: Buffer): unknown[] {
        const messages: unknown[] = [];
        for (const line of lines.push(chunk)) {
          if (isBlank(line)) continue;
          messages.push(parseLine(line));
        }
        return messages;
      },
    };
  },
};

// A line that starts with neither a space nor a control character has something in it: the
// common case costs one comparison instead of a trim.
function isBlank(line: string): boolean {
  return line.length === 0 || (line.charCodeAt(0) <= SPACE && line.trim() === "");
}

/**
 * The one place where a frame's text becomes a value, for every NDJSON stream (daemon and
 * JSON-RPC, socket and stdio): whatever reads answers more strictly goes here and nowhere else.
 */
function parseLine(line: string): unknown {
  try {
    // JSON.parse, noting integer literals past the safe range for the call that reads the answer (core/integers.ts).
    return readJson(line);
  } catch (error) {
    throw new ToolError("malformed_response", "the host sent a line that is not JSON", { cause: error });
  }
}

/**
 * Turns a byte stream into LF-terminated lines. Bytes are kept as Buffers until a line is
 * complete, so a UTF-8 character split across chunks decodes correctly. A line over the
 * cap fails as soon as the cap is passed, without waiting for its end.
 */
export class LineSplitter {
  readonly #parts: Buffer[] = [];
  #size = 0;

  /** Returns the complete lines in this chunk; throws malformed_response past the cap. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF, start); end !== -1; end = chunk.indexOf(LF, start)) {
      lines.push(this.#finishLine(chunk, start, end));
      start = end + 1;
    }
    if (start < chunk.length) {
      this.#size += chunk.length - start;
      if (this.#size > MAX_LINE_BYTES) throw oversized(this.#size);
      this.#parts.push(chunk.subarray(start));
    }
    return lines;
  }

  #finishLine(chunk: Buffer, start: number, end: number): string {
    const size = this.#size + end - start;
    if (size > MAX_LINE_BYTES) throw oversized(size);
    let text: string;
    if (this.#parts.length === 0) {
      text = chunk.toString("utf8", start, end);
    } else {
      this.#parts.push(chunk.subarray(start, end));
      text = Buffer.concat(this.#parts, size).toString("utf8");
      this.#parts.length = 0;
      this.#size = 0;
    }
    // Tolerate CRLF peers; JSON never ends in a bare CR.
    return text.charCodeAt(text.length - 1) === CR ? text.slice(0, -1) : text;
  }
}

function oversized(size: number): ToolError {
  return new ToolError("malformed_response", `a line from the host exceeds ${MAX_LINE_BYTES} bytes`, {
    details: { limitBytes: MAX_LINE_BYTES, seenBytes: size },
  });
}
