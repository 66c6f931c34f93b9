/**
 * The small functions emitted into every module that needs them, so generated validators carry
 * no runtime dependency. Each is written once here as code (the template's literal parts are the
 * code; only helper names are interpolated, as the planner chose them: a contract's own
 * `isMultipleOf` validator wins that name, and the helper gives way), and only the ones a module
 * uses are emitted.
 *
 * None of them recurses on the instance: deep equality walks an explicit stack, so a hostile
 * instance nested 10,000 deep cannot overflow the call stack through them.
 */
import type { Int64Reading } from "../../schema/integers.js";
import { code, EMPTY, lines, type Code } from "../code.js";

/** Every helper, in the order they are emitted: the table the name planner reserves names for. */
export const HELPER_NAMES = [
  "issue",
  "issueAt",
  "within",
  "outcome",
  "finished",
  "gather",
  "kindOf",
  "escapeKey",
  "deepEqual",
  "duplicatePair",
  "codePoints",
  "decimalOf",
  "isMultipleOf",
  "isMultipleOfExact",
  "PatternMatcher",
] as const;

export type HelperName = (typeof HELPER_NAMES)[number];

/** The planned name of each helper. */
export type HelperNames = { readonly [name in HelperName]: Code };

/** deepEqual's extra step in bigint mode: a bigint equals a number of the same integer value, exactly. */
const BIGINT_EQUALITY = code`    if (typeof x === "bigint" || typeof y === "bigint") {
      const n = typeof x === "number" ? x : y;
      const big = typeof x === "bigint" ? x : y;
      if (typeof n === "number" && Number.isInteger(n) && BigInt(n) === big) continue;
      return false;
    }
`;

/** Helpers other helpers call. */
const NEEDS: { readonly [name in HelperName]: readonly HelperName[] } = {
  issue: [],
  issueAt: [],
  within: [],
  outcome: [],
  finished: [],
  gather: [],
  kindOf: [],
  escapeKey: [],
  deepEqual: [],
  duplicatePair: ["deepEqual"],
  codePoints: [],
  decimalOf: [],
  isMultipleOf: ["decimalOf"],
  isMultipleOfExact: ["isMultipleOf"],
  PatternMatcher: [],
};

/** The source of the used helpers and of everything they call, in a fixed order, under their planned names. */
export function helperSource(used: ReadonlySet<HelperName>, names: HelperNames, int64: Int64Reading = "number"): Code {
  const needed = new Set<HelperName>();
  const add = (name: HelperName): void => {
    if (needed.has(name)) return;
    needed.add(name);
    NEEDS[name].forEach(add);
  };
  used.forEach(add);
  return lines(HELPER_NAMES.filter((name) => needed.has(name)).map((name) => SOURCES[name](names, int64)));
}

/**
 * Each helper's source. `int64` is the binding's reading of 64-bit integers: in bigint mode a
 * few helpers also meet bigints (a kind of its own, equal to the number of the same integer
 * value); in number mode their text is what it always was.
 */
const SOURCES: { readonly [name in HelperName]: (names: HelperNames, int64: Int64Reading) => Code } = {
  issue: (h) => code`
/**
 * One failure, with both paths relative to the function that found it (from the document root in
 * a function only an exported validator calls). The message is the path and the text, joined when
 * the code was generated ("/steps: must …", ": must …" for the function's own value), so that a
 * caller prefixing the path (\`${h.within}\`) prefixes the message with one more join, and
 * \`${h.outcome}\` drops the ": " of an issue about the value itself.
 */
function ${h.issue}(instancePath: string, schemaPath: string, keyword: string, message: string): ValidationIssue {
  return { instancePath, schemaPath, keyword, message };
}`,
  issueAt: (h) => code`
/** \`${h.issue}\` at an instance path known only at run time (an index, a key): the message is the path and the text. */
function ${h.issueAt}(instancePath: string, schemaPath: string, keyword: string, text: string): ValidationIssue {
  return { instancePath, schemaPath, keyword, message: instancePath + text };
}`,
  within: (h) => code`
/** Issues from a called function, moved under the caller's instance path and schema place. */
function ${h.within}(
  issues: ValidationIssue[] | undefined,
  instancePrefix: string,
  schemaPrefix: string,
): ValidationIssue[] | undefined {
  if (issues !== undefined) {
    for (const item of issues) {
      item.instancePath = instancePrefix + item.instancePath;
      item.schemaPath = schemaPrefix + item.schemaPath;
      item.message = instancePrefix + item.message;
    }
  }
  return issues;
}`,
  outcome: (h) => code`
/**
 * A validation's result. Issues are finished as a caller sees them: the schema path from the
 * document root, and a message that reads on its own ("/steps: must …", or "must …" for the value itself).
 */
function ${h.outcome}<T>(issues: ValidationIssue[] | undefined, value: T, schemaRoot: string): ValidationResult<T> {
  if (issues === undefined) return { ok: true, value };
  for (let i = 0; i < issues.length; i++) {
    const item = issues[i] as ValidationIssue;
    item.schemaPath = schemaRoot + item.schemaPath;
    if (item.instancePath === "") item.message = item.message.slice(2);
  }
  return { ok: false, issues };
}`,
  finished: (h) => code`
/**
 * \`${h.outcome}\` for a function only its exported validator calls: its schema paths are
 * already from the document root, so only an issue about the value itself has a ": " to drop.
 */
function ${h.finished}<T>(issues: ValidationIssue[] | undefined, value: T): ValidationResult<T> {
  if (issues === undefined) return { ok: true, value };
  for (let i = 0; i < issues.length; i++) {
    const item = issues[i] as ValidationIssue;
    if (item.instancePath === "") item.message = item.message.slice(2);
  }
  return { ok: false, issues };
}`,
  gather: (h) => code`
/** Branch reasons, then the summary; plain loops, as concat and spread are slow on this path. */
function ${h.gather}(reasons: readonly (ValidationIssue[] | undefined)[], summary: ValidationIssue): ValidationIssue[] {
  const all: ValidationIssue[] = [];
  for (const list of reasons) if (list !== undefined) for (const item of list) all.push(item);
  all.push(summary);
  return all;
}`,
  kindOf: (h, int64) =>
    int64 === "bigint"
      ? code`
/**
 * The type of a value for messages; values JSON cannot hold are named as they are. 64-bit
 * integers are bigints here and other numbers are numbers, so the two are named apart.
 */
function ${h.kindOf}(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "array";
  if (typeof x === "number") return Number.isFinite(x) ? "number" : String(x);
  return typeof x;
}`
      : code`
/** The JSON type of a value for messages; values JSON cannot hold are named as they are. */
function ${h.kindOf}(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "array";
  if (typeof x === "number") return Number.isFinite(x) ? (Number.isInteger(x) ? "integer" : "number") : String(x);
  return typeof x;
}`,
  escapeKey: (h) => code`
/** A property name as a JSON pointer segment (RFC 6901). */
function ${h.escapeKey}(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}`,
  deepEqual: (h, int64) => code`
/** JSON equality: numbers by value, objects by own keys regardless of order. Iterative on purpose. */
function ${h.deepEqual}(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
${int64 === "bigint" ? BIGINT_EQUALITY : EMPTY}    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i], y[i]);
      continue;
    }
    if (Array.isArray(y)) return false;
    const xs = x as Record<string, unknown>;
    const ys = y as Record<string, unknown>;
    const keys = Object.keys(xs);
    if (keys.length !== Object.keys(ys).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(ys, key)) return false;
      stack.push(xs[key], ys[key]);
    }
  }
  return true;
}`,
  duplicatePair: (h, int64) => {
    // In bigint mode 5 and 5n are one value: an integer number is keyed as its bigint.
    const key = int64 === "bigint" ? code`key` : code`item`;
    const keyed =
      int64 === "bigint"
        ? code`const key = typeof item === "number" && Number.isInteger(item) ? BigInt(item) : item;
      `
        : EMPTY;
    return code`
/** The first pair of equal items, or undefined; primitives through a Map, containers pairwise. */
function ${h.duplicatePair}(items: readonly unknown[]): [number, number] | undefined {
  const primitives = new Map<unknown, number>();
  const containers: number[] = [];
  for (let j = 0; j < items.length; j++) {
    const item = items[j];
    if (typeof item === "object" && item !== null) {
      for (const i of containers) if (${h.deepEqual}(items[i], item)) return [i, j];
      containers.push(j);
    } else {
      ${keyed}const i = primitives.get(${key});
      if (i !== undefined) return [i, j];
      primitives.set(${key}, j);
    }
  }
  return undefined;
}`;
  },
  codePoints: (h) => code`
/** String length in Unicode code points, as JSON Schema counts it (a surrogate pair is one). */
function ${h.codePoints}(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}`,
  decimalOf: (h) => code`
/**
 * A number's decimal digits and exponent, read from String(n): the shortest decimal that
 * round-trips, i.e. the number as the JSON text wrote it.
 */
function ${h.decimalOf}(n: number): [bigint, number] {
  const text = String(Math.abs(n));
  const e = text.indexOf("e");
  const mantissa = e === -1 ? text : text.slice(0, e);
  let exponent = e === -1 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  if (dot !== -1) exponent -= mantissa.length - dot - 1;
  return [BigInt(dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1)), exponent];
}`,
  isMultipleOf: (h) => code`
/**
 * multipleOf decided on the decimal values as written, not on float remainders (19.99 is a
 * multiple of 0.01, though 19.99 % 0.01 is not 0).
 */
function ${h.isMultipleOf}(x: number, m: number): boolean {
  // NaN and ±Infinity are no JSON numbers, and have no decimal form: never a multiple (and never a throw).
  if (!Number.isFinite(x)) return false;
  if (Number.isSafeInteger(x) && Number.isSafeInteger(m)) return x % m === 0;
  const [xd, xe] = ${h.decimalOf}(x);
  const [md, me] = ${h.decimalOf}(m);
  const e = Math.min(xe, me);
  const ten = BigInt(10);
  return (xd * ten ** BigInt(xe - e)) % (md * ten ** BigInt(me - e)) === BigInt(0);
}`,
  isMultipleOfExact: (h) => code`
/**
 * multipleOf where the value may be a bigint (bigint mode): a number as \`${h.isMultipleOf}\`
 * decides; a bigint on integers alone (\`%\` between a bigint and a number throws), the divisor
 * being \`digits\` / 10^\`scale\` as the schema wrote it.
 */
function ${h.isMultipleOfExact}(x: number | bigint, m: number, digits: bigint, scale: number): boolean {
  if (typeof x === "number") return ${h.isMultipleOf}(x, m);
  return (x * BigInt(10) ** BigInt(scale)) % digits === BigInt(0);
}`,
  PatternMatcher: (h) => code`
/**
 * A pattern compiled when the module was generated (schema/pattern-program.ts), for patterns a
 * backtracking RegExp could run in more than linear time (\`^(a+)+$\`): a Thompson NFA program,
 * three numbers per instruction (0 class a, 1 split to a and b, 2 jump to a, 3 assert a: 0 \`^\`,
 * 1 \`$\`, 2 \`\\b\`, 3 \`\\B\`; 4 match), and its character classes (code point ranges, property
 * escapes tested one code point at a time, negated). It runs as a DFA built as strings need it:
 * a state is the set of instructions the search may stand at, so a character costs one table
 * read once its transition is known, and a new transition one pass over the program. Time is
 * linear in the string whatever the pattern; the answer is RegExp.prototype.test's. The table is
 * bounded: past its size it starts again.
 */
class ${h.PatternMatcher} {
  readonly #unicode: boolean;
  readonly #code: readonly number[];
  readonly #classes: readonly (readonly [readonly number[], readonly RegExp[], boolean])[];
  /** \`\\b\`/\`\\B\` occur: whether a character is a word character is then part of its id and of the state. */
  readonly #boundaries: boolean;
  /** A match may start past position 0: every state then holds the start again. */
  readonly #restarts: boolean;
  /** Characters the program cannot tell apart share an id: ASCII's all known, others met in a bounded map. */
  readonly #ascii = new Int32Array(128);
  readonly #wide = new Map<number, number>();
  readonly #ids = new Map<string, number>();
  readonly #signatures: boolean[][] = [];
  /** DFA states: the instructions (sorted) and flags (1: at the start, 2: after a word character). */
  #pcs: number[][] = [];
  #flags: number[] = [];
  #keys = new Map<string, number>();
  #ends: (boolean | undefined)[] = [];
  /**
   * Transitions, \`#stride\` entries per state: one per ASCII character, then one per character id
   * (for the others): 0 not known yet, -1 matched, -2 cannot match any more, else the next state's
   * first entry plus one.
   */
  #table = new Int32Array(0);
  #stride = 0;

  constructor(
    unicode: boolean,
    code: readonly number[],
    classes: readonly (readonly [readonly number[], readonly RegExp[], boolean])[],
  ) {
    this.#unicode = unicode;
    this.#code = code;
    this.#classes = classes;
    let boundaries = false;
    for (let pc = 0; pc < code.length; pc += 3) if (code[pc] === 3 && (code[pc + 1] as number) >= 2) boundaries = true;
    this.#boundaries = boundaries;
    // A match may start later when some path from the start consumes or matches before any \`^\`.
    let restarts = false;
    const seen = new Set<number>();
    const stack = [0];
    while (stack.length > 0 && !restarts) {
      const pc = stack.pop() as number;
      if (seen.has(pc)) continue;
      seen.add(pc);
      const op = code[pc * 3];
      const a = code[pc * 3 + 1] as number;
      if (op === 0 || op === 4) restarts = true;
      else if (op === 1) stack.push(a, code[pc * 3 + 2] as number);
      else if (op === 2) stack.push(a);
      else if (a !== 0) stack.push(pc + 1);
    }
    this.#restarts = restarts;
    for (let c = 0; c < 128; c++) this.#ascii[c] = this.#idOf(c);
    this.#stride = 128 + this.#signatures.length + 1;
    this.#intern([0], 1);
  }

  test(s: string): boolean {
    let table = this.#table;
    let stride = this.#stride;
    let row = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      let next: number;
      let id: number;
      if (c < 128) {
        next = table[row + c] as number;
        if (next > 0) {
          row = next - 1;
          continue;
        }
        id = this.#ascii[c] as number;
      } else {
        if (c >= 0xd800 && c <= 0xdbff && this.#unicode && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
            i++;
          }
        }
        id = this.#wide.get(c) ?? this.#idOf(c);
        next = 128 + id < stride ? (table[row + 128 + id] as number) : 0;
        if (next > 0) {
          row = next - 1;
          continue;
        }
      }
      if (next < 0) return next === -1;
      const state = this.#step(row / stride, id);
      if (state < 0) return state === -1;
      table = this.#table;
      stride = this.#stride;
      row = state * stride;
    }
    const state = row / stride;
    let end = this.#ends[state];
    if (end === undefined) {
      end = this.#close(this.#pcs[state] as number[], this.#flags[state] as number, false, true) === undefined;
      this.#ends[state] = end;
    }
    return end;
  }

  /**
   * The next state from \`state\` on a character of id \`id\` (-1 matched, -2 cannot match), stored in
   * the table under every ASCII character of that id and under the id's own column (others).
   */
  #step(state: number, id: number): number {
    const code = this.#code;
    if (128 + id >= this.#stride) this.#restart(128 + this.#signatures.length + 8, state);
    const signature = this.#signatures[id] as boolean[];
    const word = signature[this.#classes.length] === true;
    const reached = this.#close(this.#pcs[state] as number[], this.#flags[state] as number, word, false);
    if (reached === undefined) return this.#store(state, id, -1, -1);
    const seeds = new Set<number>();
    for (const pc of reached) if (signature[code[pc * 3 + 1] as number] === true) seeds.add(pc + 1);
    if (this.#restarts) seeds.add(0);
    if (seeds.size === 0) return this.#store(state, id, -2, -2);
    const pcs = [...seeds].sort((a, b) => a - b);
    const flags = word && this.#boundaries ? 2 : 0;
    // At most 4,096 states, and a million entries: then the table starts again from this state.
    if (this.#pcs.length >= Math.min(4096, (1 << 20) / this.#stride)) {
      this.#restart(this.#stride, -1);
      return this.#intern(pcs, flags);
    }
    const next = this.#intern(pcs, flags);
    return this.#store(state, id, next * this.#stride + 1, next);
  }

  #store(state: number, id: number, entry: number, result: number): number {
    const row = state * this.#stride;
    for (let c = 0; c < 128; c++) if (this.#ascii[c] === id) this.#table[row + c] = entry;
    this.#table[row + 128 + id] = entry;
    return result;
  }

  /** Empties the table for \`stride\` ids per state: keeps the states when \`keep\` is one (ids grew), else keeps only the start. */
  #restart(stride: number, keep: number): void {
    this.#stride = stride;
    if (keep < 0) {
      this.#pcs = [];
      this.#flags = [];
      this.#keys = new Map();
      this.#ends = [];
      this.#table = new Int32Array(0);
      this.#intern([0], 1);
    } else {
      this.#table = new Int32Array(this.#pcs.length * stride);
    }
  }

  /** The class instructions reachable from \`seeds\` without consuming, or undefined when a match is. */
  #close(seeds: readonly number[], flags: number, nextWord: boolean, atEnd: boolean): number[] | undefined {
    const code = this.#code;
    const seen = new Set<number>();
    const stack = [...seeds];
    const reached: number[] = [];
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (seen.has(pc)) continue;
      seen.add(pc);
      const op = code[pc * 3];
      const a = code[pc * 3 + 1] as number;
      if (op === 0) reached.push(pc);
      else if (op === 1) stack.push(code[pc * 3 + 2] as number, a);
      else if (op === 2) stack.push(a);
      else if (op === 3) {
        const boundary = ((flags & 2) !== 0) !== nextWord;
        const passes = a === 0 ? (flags & 1) !== 0 : a === 1 ? atEnd : boundary === (a === 2);
        if (passes) stack.push(pc + 1);
      } else return undefined;
    }
    return reached;
  }

  #intern(pcs: number[], flags: number): number {
    const key = flags + ":" + pcs.join(",");
    let state = this.#keys.get(key);
    if (state === undefined) {
      state = this.#pcs.length;
      this.#keys.set(key, state);
      this.#pcs.push(pcs);
      this.#flags.push(flags);
      this.#ends.push(undefined);
      const needed = this.#pcs.length * this.#stride;
      if (this.#table.length < needed) {
        const grown = new Int32Array(Math.max(needed, this.#table.length * 2));
        grown.set(this.#table);
        this.#table = grown;
      }
    }
    return state;
  }

  /** The id of a character: which classes hold it (and whether it is a word character, for \`\\b\`). */
  #idOf(c: number): number {
    const signature: boolean[] = [];
    let key = "";
    for (const [ranges, properties, negate] of this.#classes) {
      let inside = false;
      let lo = 0;
      let hi = ranges.length / 2 - 1;
      while (lo <= hi && !inside) {
        const mid = (lo + hi) >> 1;
        if (c < (ranges[mid * 2] as number)) hi = mid - 1;
        else if (c > (ranges[mid * 2 + 1] as number)) lo = mid + 1;
        else inside = true;
      }
      if (!inside && properties.length > 0) {
        const text = String.fromCodePoint(c);
        for (const property of properties) if (property.test(text)) inside = true;
      }
      signature.push(inside !== negate);
      key += inside !== negate ? "1" : "0";
    }
    if (this.#boundaries) {
      const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95 || (c >= 97 && c <= 122);
      signature.push(word);
      key += word ? "1" : "0";
    }
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#signatures.length;
      this.#ids.set(key, id);
      this.#signatures.push(signature);
    }
    if (c >= 128) {
      if (this.#wide.size >= 4096) this.#wide.clear();
      this.#wide.set(c, id);
    }
    return id;
  }
}`,
};
