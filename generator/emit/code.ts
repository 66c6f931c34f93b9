/**
 * The one door through which text becomes generated code.
 *
 * Inside the `code` tag, a plain string, number or boolean is a *value*: it is written as a
 * JavaScript literal. Only `Code` passes through as code, and `Code` can be made from text
 * only here — by the tag's own literal parts, or by the helpers below, each of which either
 * validates (`ident`) or escapes (`literal`, `docComment`, `propertyKey`) what it is given.
 * So a schema string can never become code, whatever path it takes through the emitters.
 */
import { isIdentifier } from "../naming/identifiers.js";

const MINT = Symbol("mint");

export class Code {
  readonly #text: string;

  /** Not callable outside this module: the `MINT` token is not exported. */
  constructor(token: typeof MINT, text: string) {
    if (token !== MINT) throw new TypeError("Code can only be made by emit/code.ts");
    this.#text = text;
  }

  /** Handlebars and string concatenation read code through this. */
  toString(): string {
    return this.#text;
  }

  get isEmpty(): boolean {
    return this.#text === "";
  }
}

export type CodeValue = Code | string | number | boolean | null | readonly CodeValue[];

const mint = (text: string): Code => new Code(MINT, text);

export const EMPTY: Code = mint("");

/**
 * `code\`const ${ident("x")} = ${"a string"};\`` → `const x = "a string";`
 * Arrays are joined with ", ".
 */
export function code(strings: TemplateStringsArray, ...values: readonly CodeValue[]): Code {
  // A genuine template call passes a frozen strings array; refuse anything built at run time.
  if (!Object.isFrozen(strings) || !Array.isArray(strings.raw)) throw new TypeError("code must be used as a template tag");
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += interpolate(value) + (strings[i + 1] ?? "");
  });
  return mint(text);
}

function interpolate(value: CodeValue): string {
  if (value instanceof Code) return value.toString();
  if (Array.isArray(value)) return value.map((item: CodeValue) => interpolate(item)).join(", ");
  return literal(value as string | number | boolean | null).toString();
}

/** A part handed to `join` or `lines` must already be code: a string slipped in by a cast would otherwise pass through raw. */
function asCode(part: unknown): Code {
  if (!(part instanceof Code)) throw new TypeError(`not Code: ${typeof part} (text becomes code only through emit/code.ts)`);
  return part;
}

/** Joins code fragments with a separator that is itself code. */
export function join(parts: readonly Code[], separator: Code = mint(", ")): Code {
  return mint(parts.map((part) => asCode(part).toString()).join(asCode(separator).toString()));
}

/** Joins code fragments one per line. */
export function lines(parts: readonly Code[]): Code {
  return mint(
    parts
      .map(asCode)
      .filter((part) => !part.isEmpty)
      .map(String)
      .join("\n"),
  );
}

// --- identifiers ---------------------------------------------------------------------------

/** An identifier chosen by the naming stage. Refuses anything that is not a safe identifier. */
export function ident(name: string): Code {
  if (!isIdentifier(name)) throw new TypeError(`not a safe identifier: ${JSON.stringify(name)}`);
  return mint(name);
}

// --- values --------------------------------------------------------------------------------

/**
 * A JSON value as a JavaScript expression. Strings go through JSON.stringify, with the two
 * line separators escaped too; `__proto__` keys become computed keys so they stay own data
 * properties instead of setting the prototype.
 */
export function literal(value: unknown): Code {
  return mint(literalText(value));
}

function literalText(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return stringLiteral(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${String(value)}`);
      return Object.is(value, -0) ? "-0" : String(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(literalText).join(", ")}]`;
      const entries = Object.keys(value).map((key) => {
        const keyText = key === "__proto__" ? `[${stringLiteral(key)}]` : stringLiteral(key);
        return `${keyText}: ${literalText((value as Record<string, unknown>)[key])}`;
      });
      return `{ ${entries.join(", ")} }`;
    }
    default:
      throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}

function stringLiteral(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A key inside an object *value* literal. Like `propertyKey`, except that `__proto__` becomes
 * a computed key: written plainly it would set the object's prototype instead of adding a key.
 */
export function objectKey(name: string): Code {
  return name === "__proto__" ? mint(`[${stringLiteral(name)}]`) : propertyKey(name);
}

/** A key inside a type literal or interface: bare when it is an identifier name, else quoted. */
export function propertyKey(name: string): Code {
  return mint(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name));
}

/** `target.name` when `name` is an identifier name, else `target["name"]`. */
export function member(target: Code, name: string): Code {
  return mint(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${target}.${name}` : `${target}[${stringLiteral(name)}]`);
}

// --- comments ------------------------------------------------------------------------------

/** Text made safe to stand inside a block comment: no `*\/`, no line breaks of any kind. */
function commentLine(text: string): string {
  return text
    .replace(/\*\//g, "*\\/")
    .replace(/\r\n?|\u2028|\u2029/g, (found) => (found === "\u2028" ? "\\u2028" : found === "\u2029" ? "\\u2029" : "\n"));
}

/** A JSDoc block from free text (descriptions, bounds); empty input gives empty code. */
export function docComment(...paragraphs: readonly (string | undefined)[]): Code {
  const text = paragraphs.filter((p): p is string => p !== undefined && p.trim() !== "").join("\n\n");
  if (text === "") return EMPTY;
  const body = commentLine(text)
    .split("\n")
    .map((line) => (line === "" ? " *" : ` * ${line}`))
    .join("\n");
  return mint(`/**\n${body}\n */`);
}

/** A JSDoc block on one line (`/** text *\/`), for short fixed texts; text with line breaks gets a full block. */
export function docLine(text: string): Code {
  const safe = commentLine(text);
  return safe.includes("\n") ? docComment(text) : mint(`/** ${safe} */`);
}

/** A plain block comment, one line, for headers. */
export function blockComment(text: string): Code {
  return mint(`/* ${commentLine(text).replace(/\n/g, " ")} */`);
}
