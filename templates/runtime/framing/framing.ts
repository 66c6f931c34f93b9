/// <reference types="node" />
/**
 * How messages travel as bytes on one stream. A protocol codec never sees bytes and a framing
 * never sees a protocol, so a second framing (length-prefixed, say) or a second protocol slots
 * in beside the first without touching the other.
 */
export interface Framing {
  /** The largest frame, in bytes, either side may send; past it the stream is not ours. */
  readonly maxFrameBytes: number;
  /**
   * One message as the text to write. Throws a ToolError `invalid_arguments` when the message
   * cannot be framed (not JSON, or larger than the cap), so nothing half-made is ever sent.
   */
  encode(message: unknown): string;
  /** A decoder for one stream; it keeps the partial frame between chunks. */
  decoder(): FrameDecoder;
}

export interface FrameDecoder {
  /**
   * The complete messages in this chunk, parsed. Throws a ToolError `malformed_response` when
   * the peer breaks the framing (a frame over the cap, a frame that is not JSON): the stream
   * cannot be trusted past that point.
   */
  push(chunk: Buffer): unknown[];
}
