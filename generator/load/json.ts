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
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new ScanError({ at, message });
  };
  const describe = (): string => (i >= text.length ? "unexpected end of input" : `unexpected ${JSON.stringify(text[i])}`);
  const skipSpace = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  const expect = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(describe());
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return JSON.parse(text.slice(start, i)) as string;
      }
      if (c < 0x20) fail("control character in string");
      if (c === 92) {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail("bad \\u escape");
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail("bad escape in string");
      } else i++;
    }
    return fail("unterminated string", start);
  };
  const number = (): void => {
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (match === null) fail(describe());
    // 1e400 parses to Infinity, which no later stage can write back as a JSON number.
    else if (!Number.isFinite(Number(match[0]))) fail("number out of range for a double");
    else i += match[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail("nesting too deep");
    skipSpace();
    const c = text[i];
    if (c === "{") {
      i++;
      const seen = new Set<string>();
      skipSpace();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail(`expected a property name, ${describe()}`);
        const keyAt = i;
        const key = string();
        if (seen.has(key)) fail(`duplicate key ${JSON.stringify(key)}`, keyAt);
        seen.add(key);
        skipSpace();
        if (text[i] !== ":") fail(`expected ":", ${describe()}`);
        i++;
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return;
        } else fail(`expected "," or "}", ${describe()}`);
      }
    } else if (c === "[") {
      i++;
      skipSpace();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          return;
        } else fail(`expected "," or "]", ${describe()}`);
      }
    } else if (c === '"') string();
    else if (c === "t") expect("true");
    else if (c === "f") expect("false");
    else if (c === "n") expect("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
    else fail(describe());
  };
  try {
    value(0);
    skipSpace();
    if (i < text.length) fail(`unexpected ${JSON.stringify(text[i])} after the JSON value`);
    return undefined;
  } catch (error) {
    if (error instanceof ScanError) return error.problem;
    throw error;
  }
}
