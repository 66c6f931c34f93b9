/**
 * How RpcChannel puts frames on the stream: a call alone in flight goes straight out in its own
 * write; calls made in the same tick while others are in flight leave in one write. Either way
 * every frame leaves whole, once, and in the order the calls were made.
 */
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { RpcChannel } from "../../support/runtime.js";

/** A writable that records what each write to the OS would have carried. */
function recordingStream(): { writable: Writable; writes: string[][] } {
  const writes: string[][] = [];
  const writable = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      writes.push([chunk]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => chunk as string));
      done();
    },
  });
  return { writable, writes };
}

function channelOn(writable: Writable): { channel: RpcChannel; answer(id: number): void } {
  const readable = new PassThrough();
  const channel = new RpcChannel(() => {});
  channel.attach({ readable, writable, destroy: async () => {} });
  return {
    channel,
    answer: (id) => readable.write(`${JSON.stringify({ jsonrpc: "2.0", id, result: { id } })}\n`),
  };
}

const ids = (frames: string[]): unknown[] => frames.map((frame) => (JSON.parse(frame) as { id: number }).id);

describe("RpcChannel writes", () => {
  it("a call alone in flight is written at once, in a write of its own", async () => {
    const { writable, writes } = recordingStream();
    const { channel, answer } = channelOn(writable);
    const first = channel.call("ping", {}, { timeoutMs: 5_000 });
    expect(writes).toEqual([[`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: {} })}\n`]]);
    answer(1);
    expect(await first).toEqual({ id: 1 });
    const second = channel.call("ping", {}, { timeoutMs: 5_000 });
    expect(writes.length).toBe(2);
    expect(ids(writes[1]!)).toEqual([2]);
    answer(2);
    await second;
  });

  it("calls made in one tick while others are in flight leave together, whole and in order", async () => {
    const { writable, writes } = recordingStream();
    const { channel, answer } = channelOn(writable);
    const calls = Array.from({ length: 5 }, (_, n) => channel.call("echo", { n }, { timeoutMs: 5_000 }));
    // The first went out alone; the four behind it wait for the end of the tick.
    expect(writes.map(ids)).toEqual([[1]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.map(ids)).toEqual([[1], [2, 3, 4, 5]]);
    for (const frame of writes.flat()) expect(frame.endsWith("\n") && !frame.slice(0, -1).includes("\n")).toBe(true);
    for (const id of [3, 1, 5, 2, 4]) answer(id);
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
  });
});
