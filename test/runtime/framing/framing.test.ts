import { describe, expect, it } from "vitest";
import { LineSplitter, MAX_LINE_BYTES, NDJSON, ToolError } from "../../support/runtime.js";

const bytes = (text: string): Buffer => Buffer.from(text, "utf8");

describe("LineSplitter", () => {
  it("returns every complete line of a chunk and keeps the rest", () => {
    const splitter = new LineSplitter();
    expect(splitter.push(bytes('{"a":1}\n{"b":2}\n{"c"'))).toEqual(['{"a":1}', '{"b":2}']);
    expect(splitter.push(bytes(":3}\n"))).toEqual(['{"c":3}']);
  });

  it("reassembles a line cut at every byte, multi-byte characters included", () => {
    const line = '{"label":"Name — full ✓"}';
    const splitter = new LineSplitter();
    const seen: string[] = [];
    for (const byte of bytes(`${line}\n`)) seen.push(...splitter.push(Buffer.from([byte])));
    expect(seen).toEqual([line]);
  });

  it("strips the CR of a CRLF line ending", () => {
    expect(new LineSplitter().push(bytes("{}\r\n"))).toEqual(["{}"]);
  });

  it("accepts a line of exactly the cap", () => {
    const splitter = new LineSplitter();
    const line = "x".repeat(MAX_LINE_BYTES);
    expect(splitter.push(bytes(line.slice(0, 10)))).toEqual([]);
    expect(splitter.push(bytes(`${line.slice(10)}\n`))).toEqual([line]);
  });

  it("fails with malformed_response as soon as an unfinished line passes the cap", () => {
    const splitter = new LineSplitter();
    splitter.push(Buffer.alloc(MAX_LINE_BYTES, 0x78));
    let error: unknown;
    try {
      splitter.push(bytes("x"));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: "malformed_response", details: { limitBytes: MAX_LINE_BYTES } });
  });

  it("fails on a complete line over the cap in a single chunk", () => {
    expect(() => new LineSplitter().push(Buffer.alloc(MAX_LINE_BYTES + 2, 0x0a).fill(0x78, 0, MAX_LINE_BYTES + 1))).toThrow(
      ToolError,
    );
  });
});

describe("NDJSON framing", () => {
  it("decodes each line as one JSON value and skips blank lines", () => {
    const decoder = NDJSON.decoder();
    expect(decoder.push(bytes('{"a":1}\n   \n\r\n[2]\n"x'))).toEqual([{ a: 1 }, [2]]);
    expect(decoder.push(bytes('"\n'))).toEqual(["x"]);
  });

  it("fails with malformed_response on a line that is not JSON", () => {
    expect(() => NDJSON.decoder().push(bytes("not json\n"))).toThrow(expect.objectContaining({ code: "malformed_response" }));
  });

  it("encodes one line per message and refuses what JSON cannot carry or the cap cannot hold", () => {
    expect(NDJSON.encode({ a: "x\ny" })).toBe('{"a":"x\\ny"}\n');
    expect(() => NDJSON.encode(undefined)).toThrow(expect.objectContaining({ code: "invalid_arguments" }));
    // A bigint is carried as its digits (a binding that reads 64-bit integers as bigint); a cycle cannot be.
    expect(NDJSON.encode({ big: 1n })).toBe('{"big":1}\n');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => NDJSON.encode(cycle)).toThrow(expect.objectContaining({ code: "invalid_arguments" }));
    const tooBig = { pad: "é".repeat(MAX_LINE_BYTES / 2) };
    expect(() => NDJSON.encode(tooBig)).toThrow(
      expect.objectContaining({ code: "invalid_arguments", details: expect.objectContaining({ limitBytes: MAX_LINE_BYTES }) }),
    );
    expect(NDJSON.encode({ pad: "x".repeat(MAX_LINE_BYTES - 20) })).toHaveLength(MAX_LINE_BYTES - 20 + 11);
  });
});
