import { describe, expect, it } from "vitest";
import { LineReader } from "../../generator/host/core/line-reader.js";

function reader(limit: number) {
  const lines: string[] = [];
  let overflows = 0;
  const read = new LineReader(limit, { line: (text) => lines.push(text), overflow: () => (overflows += 1) });
  return { read, lines, overflows: () => overflows };
}

describe("the host's line reader", () => {
  it("reassembles a character cut across reads and drops the CR of CRLF", () => {
    const { read, lines } = reader(64);
    const bytes = Buffer.from("ä✓\r\nnext\n", "utf8");
    for (const byte of bytes) read.push(Buffer.from([byte]));
    expect(lines).toEqual(["ä✓", "next"]);
  });

  it("takes a line of exactly the cap in bytes, with or without CR, and refuses one byte more", () => {
    const exact = reader(4);
    // "ää" is four bytes in UTF-8.
    exact.read.push(Buffer.from("ää\nabcd\r\n", "utf8"));
    expect(exact.lines).toEqual(["ää", "abcd"]);
    const over = reader(4);
    over.read.push(Buffer.from("abcde\n"));
    expect(over.lines).toEqual([]);
    expect(over.overflows()).toBe(1);
  });

  it("refuses an unterminated line as soon as it cannot fit, and reads nothing after", () => {
    const { read, lines, overflows } = reader(4);
    read.push(Buffer.from("abcd"));
    read.push(Buffer.from("\r"));
    expect(overflows()).toBe(0);
    read.push(Buffer.from("e"));
    expect(overflows()).toBe(1);
    read.push(Buffer.from("\nlater\n"));
    expect(lines).toEqual([]);
    expect(overflows()).toBe(1);
  });

  it("stops mid-chunk when the sink stops it", () => {
    const lines: string[] = [];
    const read: LineReader = new LineReader(64, {
      line: (text) => {
        lines.push(text);
        read.stop();
      },
      overflow: () => undefined,
    });
    read.push(Buffer.from("one\ntwo\n"));
    expect(lines).toEqual(["one"]);
  });
});
