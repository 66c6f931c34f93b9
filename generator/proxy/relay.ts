/**
 * Forwarding: the client's bytes to the host and the host's to the client, each chunk written
 * on before the watch reads it (the pipe's listener runs first), the same Buffer, never held back
 * for a check. An end on either side is passed on as the other side's end: a host that closes
 * leaves the client a closed connection, which its transport reports as its own typed error.
 */
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import type { ConnectionWatch } from "./watch.js";

/** One side of a relayed connection: what it sends, what it receives, and how to let it go. */
export interface RelayEnd {
  readonly input: Readable;
  readonly output: Writable;
  /** Called once the other side is gone. */
  release(): void;
  /**
   * Whether this side still reads what it is sent once its input ended: a client on stdio does
   * (its stdin ended, our stdout is open), a socket does not (a peer's end closes it here).
   */
  readonly hearsAfterEnd: boolean;
}

/** Relays until both sides are gone; resolves then. */
export async function relay(client: RelayEnd, host: RelayEnd, watch: ConnectionWatch): Promise<void> {
  // A peer vanishing mid-write is normal for a proxy; the ends below do the bookkeeping.
  for (const stream of [client.input, client.output, host.input, host.output]) stream.on("error", () => undefined);
  client.input.pipe(host.output);
  host.input.pipe(client.output);
  client.input.on("data", (chunk: Buffer) => watch.fromClient(chunk));
  host.input.on("data", (chunk: Buffer) => watch.fromHost(chunk));
  const clientGone = ended(client.input).then(() => {
    if (!client.hearsAfterEnd) watch.clientClosed();
    host.release();
  });
  const hostGone = ended(host.input).then(() => {
    watch.hostClosed();
    client.release();
  });
  await Promise.all([clientGone, hostGone]);
}

/** The first of end, close or error: the stream will send nothing more. */
function ended(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return Promise.race([once(stream, "end"), once(stream, "close"), once(stream, "error")]).then(
    () => undefined,
    () => undefined,
  );
}
