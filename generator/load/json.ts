/**
 * JSON parsing with positions. `JSON.parse` builds the value (it keeps `__proto__` as an own
 * key), but Node 20's messages carry no line or column, and it silently keeps the last of two
 * duplicate keys. So a small scanner checks the text first and reports `line:column`.
 */
import { BindgenError } from "../errors.js";
import { readJson } from "../../templates/runtime/core/json-reader.js";

export function parseJson(text: string, file: string, lineOffset = 0): unknown {
  const problem = scan(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (problem !== undefined) {
    const { line, column } = lineColumn(text, problem.at);
    throw new BindgenError("bad_json", problem.message, { file, location: `${line + lineOffset}:${column}` });
  }
  // readJson: JSON.parse that keeps the digits of integers past 2^53 − 1, for a bound or a
  // `const` a 64-bit location compares exactly (schema/integers.ts `schemaInteger`).
  return readJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

interface Problem {
  at: number;
  message: string;
}

class ScanError {
  constructor(readonly problem: Problem) {}
}

/** Returns the first syntax problem, or undefined for valid JSON without duplicate keys. */
function scan(text: string): Problem | undefined {
  try {
    new JsonScanner(text).document();
    return undefined;
  } catch (error) {
    if (error instanceof ScanError) return error.problem;
    throw error;
  }
}

/**
 * Deeper than this, a document is refused (bad input, exit 2) at this one door: every later stage
 * walks schemas recursively (the meta-schema check, the index, the emitters, the formatter), and
 * each handles at least this depth, which test/regressions/deep-schema-exits-3.test.ts holds for
 * every way a schema nests. Real contracts stay far below it: the deepest of the corpus is 12.
 */
export const MOST_NESTING = 256;

/** A cursor over the text that checks it is one JSON value; the first problem is thrown as a ScanError. */
class JsonScanner {
  readonly #text: string;
  /** The offset of the next character to read. */
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  /** The whole text: one value, then only whitespace. */
  document(): void {
    this.#value(0);
    this.#skipSpace();
    if (this.#at < this.#text.length) this.#fail(`unexpected ${JSON.stringify(this.#text[this.#at])} after the JSON value`);
  }

  // An object's or array's members are read here, not in methods of their own, so each level of
  // nesting costs one stack frame, not two: otherwise the stack would run out at half the depth.
  #value(depth: number): void {
    if (depth >= MOST_NESTING) this.#fail(`nested deeper than ${MOST_NESTING} levels, more than any stage reads`);
    this.#skipSpace();
    const c = this.#text[this.#at];
    if (c === "{") {
      const seen = new Set<string>();
      if (this.#opens("}")) {
        do {
          this.#key(seen);
          this.#value(depth + 1);
        } while (this.#continues("}"));
      }
    } else if (c === "[") {
      if (this.#opens("]")) {
        do this.#value(depth + 1);
        while (this.#continues("]"));
      }
    } else if (c === '"') this.#string();
    else if (c === "t") this.#word("true");
    else if (c === "f") this.#word("false");
    else if (c === "n") this.#word("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) this.#number();
    else this.#fail(this.#describe());
  }

  /** Steps over an opening bracket; false when `close` follows at once (an empty object or array) and is stepped over too. */
  #opens(close: "}" | "]"): boolean {
    this.#at++;
    this.#skipSpace();
    if (this.#text[this.#at] !== close) return true;
    this.#at++;
    return false;
  }

  /** After a member: true past a `,` (another member follows), false past `close` (the last one was). */
  #continues(close: "}" | "]"): boolean {
    this.#skipSpace();
    const c = this.#text[this.#at];
    if (c !== "," && c !== close) this.#fail(`expected "," or "${close}", ${this.#describe()}`);
    this.#at++;
    return c === ",";
  }

  /** A property name and its colon. A repeated key is a problem: JSON.parse would silently keep the last. */
  #key(seen: Set<string>): void {
    this.#skipSpace();
    if (this.#text[this.#at] !== '"') this.#fail(`expected a property name, ${this.#describe()}`);
    const keyAt = this.#at;
    const key = this.#string();
    if (seen.has(key)) this.#fail(`duplicate key ${JSON.stringify(key)}`, keyAt);
    seen.add(key);
    this.#skipSpace();
    if (this.#text[this.#at] !== ":") this.#fail(`expected ":", ${this.#describe()}`);
    this.#at++;
  }

  /** A string from its opening quote, returned decoded (an object's key is compared decoded). */
  #string(): string {
    const text = this.#text;
    const start = this.#at;
    this.#at++;
    while (this.#at < text.length) {
      const c = text.charCodeAt(this.#at);
      if (c === 34) {
        this.#at++;
        return JSON.parse(text.slice(start, this.#at)) as string;
      }
      if (c < 0x20) this.#fail("control character in string");
      if (c === 92) {
        const next = text[this.#at + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.#at + 2, this.#at + 6))) this.#fail("bad \\u escape");
          this.#at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) this.#at += 2;
        else this.#fail("bad escape in string");
      } else this.#at++;
    }
    return this.#fail("unterminated string", start);
  }

  #number(): void {
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(this.#text.slice(this.#at, this.#at + 400));
    if (match === null) this.#fail(this.#describe());
    // 1e400 parses to Infinity, which no later stage can write back as a JSON number.
    else if (!Number.isFinite(Number(match[0]))) this.#fail("number out of range for a double");
    else this.#at += match[0].length;
  }

  /** `true`, `false` or `null`, spelled out in full. */
  #word(word: string): void {
    if (this.#text.startsWith(word, this.#at)) this.#at += word.length;
    else this.#fail(this.#describe());
  }

  #skipSpace(): void {
    while (this.#at < this.#text.length && " \t\n\r".includes(this.#text[this.#at] as string)) this.#at++;
  }

  /** What stands at the cursor, for a message. */
  #describe(): string {
    return this.#at >= this.#text.length ? "unexpected end of input" : `unexpected ${JSON.stringify(this.#text[this.#at])}`;
  }

  #fail(message: string, at = this.#at): never {
    throw new ScanError({ at, message });
  }
}
