/**
 * The one door through which text becomes generated code.
 *
 * Inside the `code` tag, a plain string, number or boolean is a *value*: it is written as a
 * JavaScript literal. Only `Code` passes through as code, and `Code` can be made from text
 * only here — by the tag's own literal parts, or by the helpers below, each of which either
 * validates (`ident`, `binding`) or escapes (`literal`, `jsonTemplate`, `docComment`,
 * `propertyKey`) what it is given.
 * So a schema string can never become code, whatever path it takes through the emitters.
 *
 * Code may also hold what is decided only once everything around it is known: a `Binding` (a
 * name declared once and read anywhere) and parts written only `ifUsed` a binding — a local's
 * declaration, a parameter, the argument for a parameter. A `Usage` then follows, from the code
 * that is surely written, which bindings are read, and writes the text: nothing is declared that
 * nothing reads, whatever the emitters built and then dropped on the way.
 */
import { isIdentifier } from "../naming/identifiers.js";

const MINT = Symbol("mint");

/** A binding's reads, all one object: a Usage knows the binding by it. */
interface UseNode {
  readonly kind: "use";
  readonly name: string;
  readonly binding: Binding;
}

/** Code is text, or a tree whose leaves are text, reads of bindings and parts written only if a binding is read. */
type Node =
  | string
  | { readonly kind: "seq"; readonly parts: readonly Node[] }
  | UseNode
  | { readonly kind: "if-used"; readonly on: UseNode; readonly body: Node }
  /** Parts joined by `separator`; a part written empty is left out, separator and all. */
  | { readonly kind: "joined"; readonly parts: readonly Node[]; readonly separator: string };

/** The node of a Code: readable only in this module (a static block hands it out, no method does). */
let nodeOf: (code: Code) => Node;

export class Code {
  readonly #node: Node;
  /** A statement control never goes past (`exits`). */
  readonly exits: boolean;

  static {
    nodeOf = (code) => code.#node;
  }

  /** Not callable outside this module: the `MINT` token is not exported. */
  constructor(token: typeof MINT, node: Node, exits = false) {
    if (token !== MINT) throw new TypeError("Code can only be made by emit/code.ts");
    this.#node = node;
    this.exits = exits;
  }

  /** Handlebars and string concatenation read code through this; code with a part still undecided must be written by its Usage. */
  toString(): string {
    return written(this.#node, undecided);
  }

  /** The text as if every part `ifUsed` were written: an upper bound of it, for measuring code whose usage is not settled yet. */
  draft(): string {
    return written(this.#node, () => true);
  }

  get isEmpty(): boolean {
    return this.#node === "";
  }
}

/**
 * A name declared once in the generated code — a function, a parameter, a local, a module
 * constant — and read anywhere. As code, a binding is a read of it; `declared` is its name where
 * it is declared, which reads nothing.
 */
export class Binding extends Code {
  readonly declared: Code;

  constructor(token: typeof MINT, name: string) {
    const use: { kind: "use"; name: string; binding?: Binding } = { kind: "use", name };
    super(token, use as UseNode);
    use.binding = this;
    this.declared = mint(name);
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
  // Text runs are concatenated as they come; only a value holding a tree makes the result one.
  let text = strings[0] ?? "";
  let parts: Node[] | undefined;
  values.forEach((value, i) => {
    const node = interpolate(value);
    if (typeof node === "string") {
      text += node;
    } else {
      (parts ??= []).push(text, node);
      text = "";
    }
    text += strings[i + 1] ?? "";
  });
  if (parts === undefined) return mint(text);
  parts.push(text);
  return new Code(MINT, { kind: "seq", parts });
}

function interpolate(value: CodeValue): Node {
  if (value instanceof Code) return nodeOf(value);
  if (Array.isArray(value))
    return sequence(
      value.map((item: CodeValue) => interpolate(item)),
      ", ",
    );
  return literalText(value as string | number | boolean | null);
}

/** Nodes with `separator` between each two, every one kept: text when they all are. */
function sequence(nodes: readonly Node[], separator: string): Node {
  if (nodes.every((node) => typeof node === "string")) return nodes.join(separator);
  return { kind: "seq", parts: nodes.flatMap((node, i) => (i === 0 ? [node] : [separator, node])) };
}

/** A part handed to `join` or `lines` must already be code: a string slipped in by a cast would otherwise pass through raw. */
function asCode(part: unknown): Code {
  if (!(part instanceof Code)) throw new TypeError(`not Code: ${typeof part} (text becomes code only through emit/code.ts)`);
  return part;
}

/** Joins code fragments with a separator that is itself code; a fragment written empty is left out, with its separator. */
export function join(parts: readonly Code[], separator: Code = mint(", ")): Code {
  return joined(
    parts.map((part) => nodeOf(asCode(part))),
    written(nodeOf(asCode(separator)), undecided),
  );
}

/**
 * Statements one per line, leaving out empty ones and everything after one that `exits`: code
 * no run reaches is refused by TypeScript under allowUnreachableCode: false (@tsconfig/strictest).
 * The lines exit when one of them does.
 */
export function lines(parts: readonly Code[]): Code {
  const last = parts.findIndex((part) => asCode(part).exits);
  const kept = last === -1 ? parts : parts.slice(0, last + 1);
  return joined(
    kept.map((part) => nodeOf(asCode(part))),
    "\n",
    last !== -1,
  );
}

function joined(nodes: readonly Node[], separator: string, exits = false): Code {
  const kept = nodes.filter((node) => node !== "");
  if (kept.every((node) => typeof node === "string")) return new Code(MINT, kept.join(separator), exits);
  return new Code(MINT, { kind: "joined", parts: kept, separator }, exits);
}

/** `statement`, known to never let control go on past it (it returns, in every run): see `lines`. */
export function exits(statement: Code): Code {
  return new Code(MINT, nodeOf(statement), true);
}

// --- bindings ------------------------------------------------------------------------------

/** A binding named `name`. Refuses anything that is not a safe identifier. */
export function binding(name: string): Binding {
  if (!isIdentifier(name)) throw new TypeError(`not a safe identifier: ${JSON.stringify(name)}`);
  return new Binding(MINT, name);
}

/** `part`, written only if `on` is read by code that is written: a declaration, a parameter, the argument for one. */
export function ifUsed(on: Binding, part: Code): Code {
  const body = nodeOf(part);
  return body === "" ? EMPTY : new Code(MINT, { kind: "if-used", on: nodeOf(on) as UseNode, body });
}

/**
 * Which bindings the code that is written reads. Code is included once it is known to be
 * written; a part `ifUsed` a binding that no included code reads yet waits, and is included when
 * one does — so what is read follows from what is written, to the end: an argument is passed when
 * its parameter is read, which makes what the argument reads read in turn. Then `write` gives
 * the text, every conditional part decided. One Usage serves one module: its state is the module's.
 */
export class Usage {
  readonly #used = new Set<UseNode>();
  readonly #waiting = new Map<UseNode, Node[]>();
  #fresh: Binding[] = [];

  /** Takes `code` as written: what it reads is read. */
  include(code: Code): void {
    const pending: Node[] = [nodeOf(code)];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      if (typeof node === "string") continue;
      switch (node.kind) {
        case "seq":
        case "joined":
          for (const part of node.parts) pending.push(part);
          break;
        case "use":
          if (!this.#used.has(node)) {
            this.#used.add(node);
            this.#fresh.push(node.binding);
            for (const waiting of this.#waiting.get(node) ?? []) pending.push(waiting);
            this.#waiting.delete(node);
          }
          break;
        case "if-used":
          if (this.#used.has(node.on)) pending.push(node.body);
          else {
            const waiting = this.#waiting.get(node.on);
            if (waiting === undefined) this.#waiting.set(node.on, [node.body]);
            else waiting.push(node.body);
          }
          break;
      }
    }
  }

  isUsed(binding: Binding): boolean {
    return this.#used.has(nodeOf(binding) as UseNode);
  }

  /** The bindings first read since the last call, in the order they were met. */
  takeFresh(): Binding[] {
    const fresh = this.#fresh;
    this.#fresh = [];
    return fresh;
  }

  /** `code` as text: each part `ifUsed` a binding written when the binding is read, left out when not. */
  write(code: Code): Code {
    return mint(written(nodeOf(code), (on) => this.#used.has(on)));
  }
}

function undecided(on: UseNode): never {
  throw new Error(`code reading ${on.name} is not decided yet: write it through its Usage`);
}

/** The text of `node`, `decide` saying for each part `ifUsed` a binding whether it is written. */
function written(node: Node, decide: (on: UseNode) => boolean): string {
  if (typeof node === "string") return node;
  const out: string[] = [];
  const write = (node: Node): void => {
    if (typeof node === "string") {
      out.push(node);
      return;
    }
    switch (node.kind) {
      case "seq":
        node.parts.forEach(write);
        break;
      case "use":
        out.push(node.name);
        break;
      case "if-used":
        if (decide(node.on)) write(node.body);
        break;
      case "joined": {
        const texts = node.parts.map((part) => written(part, decide)).filter((text) => text !== "");
        out.push(texts.join(node.separator));
        break;
      }
    }
  };
  write(node);
  return out.join("");
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

/**
 * A JSON value as its JSON text, two spaces an indent, inside a template literal: for a large
 * table the code reads with `JSON.parse`. The type checker reads one string where an object
 * literal would be thousands of properties to type (a tenth of the type check of biome's
 * binding), and a change to one value is still a one-line diff. Escaped for the template: `\`, `` ` ``, `${`, and
 * the two line separators; JSON.stringify has already escaped every control character.
 */
export function jsonTemplate(value: unknown): Code {
  const escaped = jsonText(value, "").replace(/[\\`\u2028\u2029]|\$\{/g, (found) => {
    if (found === "\u2028") return "\\u2028";
    if (found === "\u2029") return "\\u2029";
    return `\\${found}`;
  });
  return mint(`\`${escaped}\``);
}

/** How wide a line of the JSON text may grow with an object or array written on it whole. */
const JSON_LINE_WIDTH = 110;

/**
 * JSON text, two spaces an indent; an object or array on one line when it fits there (as a
 * formatter would write it). `used`: the width already taken on the line it starts on.
 */
function jsonText(value: unknown, indent: string, used = indent.length): string {
  if (typeof value !== "object" || value === null) return jsonScalar(value);
  const flat = flatJson(value, JSON_LINE_WIDTH - used);
  if (flat !== undefined) return flat;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((item: unknown) => inner + jsonText(item, inner))
    : Object.keys(value).map((key) => {
        const head = `${inner}${JSON.stringify(key)}: `;
        return head + jsonText((value as Record<string, unknown>)[key], inner, head.length);
      });
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${items.join(",\n")}\n${indent}${close}`;
}

/** `value` on one line (`{ "a": [1, 2] }`), or undefined once it is wider than `room`. */
function flatJson(value: unknown, room: number): string | undefined {
  if (typeof value !== "object" || value === null) {
    const text = jsonScalar(value);
    return text.length <= room ? text : undefined;
  }
  const array = Array.isArray(value);
  const keys = array ? [] : Object.keys(value);
  if ((array ? value.length : keys.length) === 0) return array ? "[]" : "{}";
  const parts: string[] = [];
  let width = 4;
  const entries = array
    ? value.map((item: unknown) => ["", item] as const)
    : keys.map((key) => [`${JSON.stringify(key)}: `, (value as Record<string, unknown>)[key]] as const);
  for (const [head, item] of entries) {
    const text = flatJson(item, room - width - head.length);
    if (text === undefined) return undefined;
    parts.push(head + text);
    width += head.length + text.length + 2;
    if (width > room) return undefined;
  }
  return array ? `[${parts.join(", ")}]` : `{ ${parts.join(", ")} }`;
}

function jsonScalar(value: unknown): string {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined || (typeof value === "number" && !Number.isFinite(value)))
    throw new TypeError(`not a JSON value: ${String(value)}`);
  return text;
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
