/**
 * How a JSON Schema pattern is matched in time linear in the string (issue 34). A backtracking
 * RegExp on `^(a+)+$` takes 2^n steps on `aaaa…a!`, synchronously, after the host answered:
 * no deadline fires. So every pattern is read at generation time (regexpp) and planned one of
 * three ways:
 *
 * - `native`: the pattern is provably free of super-linear backtracking (the rule is
 *   `provablyLinear` below), so V8's RegExp keeps it: it is the fastest matcher there is.
 * - `linear`: compiled to a Thompson NFA program, run by the validators' `PatternMatcher`
 *   helper as a lazily built DFA: each character costs one table read once its transition is
 *   known, and computing a transition is bounded by the program's size.
 * - `backtracking`: the pattern needs what no linear matcher has (backreferences, lookaround),
 *   or compiles to more than MAX_INSTRUCTIONS; it keeps RegExp, and the model warns naming it
 *   (or refuses it, as the binding's `patterns.backtracking` says).
 *
 * Semantics are RegExp.prototype.test's with the `u` flag (JSON Schema's ECMA-262 reading): an
 * unanchored search, per code point, no `i`/`m`/`s` flag. A pattern valid only without `u`
 * (schema/patterns.ts) is compiled the same way, per UTF-16 code unit, as RegExp reads it then.
 * Captures and greediness are not kept: they change which match is found, never whether one is.
 */
import { RegExpParser, RegExpSyntaxError, type AST } from "@eslint-community/regexpp";
import { readPattern } from "./patterns.js";
import { assertNever } from "../errors.js";

/** The program's instructions: three numbers each, `op, a, b`. */
export const OP = { class: 0, split: 1, jump: 2, assert: 3, match: 4 } as const;
/** `a` of an `assert`. */
export const ASSERTION = { start: 0, end: 1, boundary: 2, notBoundary: 3 } as const;

/**
 * A character class: inclusive code point ranges (`[lo, hi, lo, hi, …]`, sorted, disjoint), the
 * raw text of the property escapes it holds (`\p{L}`, tested on one code point at a time by the
 * matcher: linear too), and whether it is negated. Negation is folded into the ranges when there
 * is no property escape to negate with them.
 */
export interface PatternClass {
  readonly ranges: readonly number[];
  readonly properties: readonly string[];
  readonly negate: boolean;
}

export interface PatternProgram {
  /** Per code point (the `u` reading), or per UTF-16 code unit. */
  readonly unicode: boolean;
  /** `op, a, b` per instruction; the program starts at 0. */
  readonly code: readonly number[];
  readonly classes: readonly PatternClass[];
}

export type PatternPlan =
  | { readonly kind: "native"; readonly flags: "u" | "" }
  | { readonly kind: "linear"; readonly flags: "u" | ""; readonly program: PatternProgram }
  | { readonly kind: "backtracking"; readonly flags: "u" | ""; readonly why: string }
  | { readonly kind: "invalid"; readonly why: string };

/**
 * A bound on the program, as the Rust `regex` crate has one (its default compiled size limit):
 * counted repetitions are unrolled, so `\d{1,100000}` would otherwise be a program of that size.
 */
export const MAX_INSTRUCTIONS = 20_000;

const MAX_CODE_POINT = 0x10ffff;
const MAX_CODE_UNIT = 0xffff;
const DIGIT = [0x30, 0x39];
const WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** ECMA-262 WhiteSpace and LineTerminator: what `\s` matches. */
const SPACE = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000,
  0x3000, 0xfeff, 0xfeff,
];
/** What `.` does not match without the `s` flag. */
const LINE_TERMINATORS = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

/** Thrown inside the compiler for a feature that keeps RegExp; caught by `planPattern`. */
class NeedsBacktracking extends Error {}

/** The plan for one pattern source (a pure function of it: the same source, the same program). */
export function planPattern(source: string): PatternPlan {
  const reading = readPattern(source);
  if (!reading.ok) return { kind: "invalid", why: reading.why };
  const compiled = compileProgram(source, reading.flags === "u");
  if (!compiled.ok) return { kind: "backtracking", flags: reading.flags, why: compiled.why };
  return provablyLinear(compiled.program)
    ? { kind: "native", flags: reading.flags }
    : { kind: "linear", flags: reading.flags, program: compiled.program };
}

/**
 * The NFA program of a valid pattern, whether or not RegExp would run it linearly (the tests
 * compare every program with RegExp); a feature it cannot hold gives the reason instead.
 */
export function compileProgram(
  source: string,
  unicode: boolean,
): { readonly ok: true; readonly program: PatternProgram } | { readonly ok: false; readonly why: string } {
  try {
    const parser = new RegExpParser({ ecmaVersion: 2024, strict: false });
    const pattern = parser.parsePattern(source, 0, source.length, { unicode });
    return { ok: true, program: new ProgramBuilder(unicode).build(pattern) };
  } catch (error) {
    if (error instanceof NeedsBacktracking) return { ok: false, why: error.message };
    // RegExp took it (readPattern) but the parser did not: RegExp keeps it, and the model warns.
    if (error instanceof RegExpSyntaxError) return { ok: false, why: `the pattern parser refused it (${error.message})` };
    throw error;
  }
}

class ProgramBuilder {
  readonly #unicode: boolean;
  readonly #code: number[] = [];
  readonly #classes: PatternClass[] = [];
  readonly #classIndex = new Map<string, number>();

  constructor(unicode: boolean) {
    this.#unicode = unicode;
  }

  build(pattern: AST.Pattern): PatternProgram {
    this.#alternatives(pattern.alternatives);
    this.#emit(OP.match, 0, 0);
    return { unicode: this.#unicode, code: this.#code, classes: this.#classes };
  }

  get #pc(): number {
    return this.#code.length / 3;
  }

  #emit(op: number, a: number, b: number): number {
    if (this.#pc >= MAX_INSTRUCTIONS) {
      throw new NeedsBacktracking(`it compiles to more than ${MAX_INSTRUCTIONS} instructions (a counted repetition too large)`);
    }
    this.#code.push(op, a, b);
    return this.#pc - 1;
  }

  #patch(pc: number, slot: 1 | 2, target: number): void {
    this.#code[pc * 3 + slot] = target;
  }

  /** `a|b|c`: split to each, every branch jumping to the end. */
  #alternatives(alternatives: readonly AST.Alternative[]): void {
    const jumps: number[] = [];
    alternatives.forEach((alternative, i) => {
      const last = i === alternatives.length - 1;
      const split = last ? -1 : this.#emit(OP.split, 0, 0);
      if (!last) this.#patch(split, 1, this.#pc);
      for (const element of alternative.elements) this.#element(element);
      if (!last) {
        jumps.push(this.#emit(OP.jump, 0, 0));
        this.#patch(split, 2, this.#pc);
      }
    });
    for (const jump of jumps) this.#patch(jump, 1, this.#pc);
  }

  #element(node: AST.Element): void {
    switch (node.type) {
      case "Assertion":
        return this.#assertion(node);
      case "Quantifier":
        return this.#quantifier(node);
      case "Group":
        if (node.modifiers !== null) throw new NeedsBacktracking(`it uses pattern modifiers (${node.raw})`);
        return this.#alternatives(node.alternatives);
      case "CapturingGroup":
        return this.#alternatives(node.alternatives);
      case "Backreference":
        throw new NeedsBacktracking(`it uses a backreference (${node.raw})`);
      case "Character":
      case "CharacterSet":
      case "CharacterClass":
      case "ExpressionCharacterClass":
        this.#emit(OP.class, this.#classOf(node), 0);
        return;
      default:
        return assertNever(node, "regular expression node");
    }
  }

  #assertion(node: AST.Assertion): void {
    switch (node.kind) {
      case "start":
        this.#emit(OP.assert, ASSERTION.start, 0);
        return;
      case "end":
        this.#emit(OP.assert, ASSERTION.end, 0);
        return;
      case "word":
        this.#emit(OP.assert, node.negate ? ASSERTION.notBoundary : ASSERTION.boundary, 0);
        return;
      case "lookahead":
      case "lookbehind":
        throw new NeedsBacktracking(`it uses a ${node.kind} assertion (${node.raw})`);
      default:
        return assertNever(node, "regular expression node");
    }
  }

  /**
   * `x{n,m}`: x n times, then m - n optional copies nested (`x(x(x)?)?`, every exit to one end:
   * not `x?x?x?`, which gives each string several paths); `x{n,}`: x n times, then a loop.
   */
  #quantifier(node: AST.Quantifier): void {
    for (let i = 0; i < node.min; i++) this.#element(node.element);
    if (node.max === Infinity) {
      const loop = this.#emit(OP.split, 0, 0);
      this.#patch(loop, 1, this.#pc);
      this.#element(node.element);
      this.#emit(OP.jump, loop, 0);
      this.#patch(loop, 2, this.#pc);
      return;
    }
    const exits: number[] = [];
    for (let i = node.min; i < node.max; i++) {
      const split = this.#emit(OP.split, 0, 0);
      this.#patch(split, 1, this.#pc);
      exits.push(split);
      this.#element(node.element);
    }
    for (const split of exits) this.#patch(split, 2, this.#pc);
  }

  /** The index of a class in the table, equal classes sharing one. */
  #classOf(node: AST.Character | AST.CharacterSet | AST.CharacterClass | AST.ExpressionCharacterClass): number {
    const made = this.#makeClass(node);
    const key = JSON.stringify(made);
    const known = this.#classIndex.get(key);
    if (known !== undefined) return known;
    this.#classes.push(made);
    this.#classIndex.set(key, this.#classes.length - 1);
    return this.#classes.length - 1;
  }

  #makeClass(node: AST.Character | AST.CharacterSet | AST.CharacterClass | AST.ExpressionCharacterClass): PatternClass {
    if (node.type === "ExpressionCharacterClass" || (node.type === "CharacterClass" && node.unicodeSets)) {
      throw new NeedsBacktracking(`it uses a class set expression (${node.raw})`);
    }
    const ranges: number[][] = [];
    const properties: string[] = [];
    const negate = node.type === "CharacterClass" && node.negate;
    const elements = node.type === "CharacterClass" ? node.elements : [node];
    for (const element of elements) {
      switch (element.type) {
        case "Character":
          ranges.push([element.value, element.value]);
          break;
        case "CharacterClassRange":
          ranges.push([element.min.value, element.max.value]);
          break;
        case "CharacterSet":
          if (element.kind === "property") properties.push(element.raw);
          else ranges.push(this.#setRanges(element));
          break;
        default:
          throw new NeedsBacktracking(`it uses a class set expression (${(element as AST.Node).raw})`);
      }
    }
    const merged = mergeRanges(ranges.flat());
    if (properties.length === 0 && negate) return { ranges: complement(merged, this.#max), properties, negate: false };
    return { ranges: merged, properties, negate };
  }

  #setRanges(node: AST.AnyCharacterSet | AST.EscapeCharacterSet): number[] {
    if (node.kind === "any") return complement(LINE_TERMINATORS, this.#max);
    const base = node.kind === "digit" ? DIGIT : node.kind === "word" ? WORD : SPACE;
    return node.negate ? complement(base, this.#max) : base;
  }

  get #max(): number {
    return this.#unicode ? MAX_CODE_POINT : MAX_CODE_UNIT;
  }
}

/** Sorted, disjoint, adjacent ranges joined. */
function mergeRanges(flat: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i] as number, flat[i + 1] as number]);
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (out.length > 0 && lo <= (out[last] as number) + 1) out[last] = Math.max(out[last] as number, hi);
    else out.push(lo, hi);
  }
  return out;
}

function complement(ranges: readonly number[], max: number): number[] {
  const merged = mergeRanges(ranges);
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < merged.length; i += 2) {
    if ((merged[i] as number) > next) out.push(next, (merged[i] as number) - 1);
    next = (merged[i + 1] as number) + 1;
  }
  if (next <= max) out.push(next, max);
  return out;
}

/**
 * Whether V8's backtracking RegExp runs the pattern in time linear in the string. The rule, a
 * sufficient one (when in doubt, the linear matcher):
 *
 * 1. After any prefix of any string, at most MAX_NATIVE_RUNS paths through the program have
 *    read exactly that prefix (`boundedRuns`). A backtracking run from one start position
 *    walks each such path once, so it takes O(n · MAX_NATIVE_RUNS · m) steps (n characters, m
 *    instructions), never 2^n (`(a+)+`, `(a|a)*`: the paths double) or n^2 (`\d+\d+`,
 *    `[a-z]*[a-z0-9]*$`: one more path per character). Overlapping alternatives that a later
 *    character tells apart (semver's `[1-9]\d*|\d*[a-zA-Z-]…`) keep a bounded number of paths.
 * 2. And a match can only start at position 0 (every path from the start passes `^`), or the
 *    pattern has a bounded length (no loop): RegExp.test tries every start position, which is
 *    n runs of O(n) each for `a[a-z]*X` on `aaaa…`, but n runs of bounded length for `abc`.
 *
 * 3. Or the pattern has no loop, every path from the start passes `^`, and it has at most
 *    MAX_NATIVE_PATHS paths: then a run, which can only start at position 0, visits at most that
 *    many paths of bounded length whatever the string — bounded, not just linear (the IPv4
 *    address and CIDR patterns of the corpus: alternatives overlap, `{3}` is counted).
 *
 * Assertions other than `^` are taken as passable, and a property escape (`\p{L}`) as matching
 * every character: both only add paths, so both are conservative.
 */
export function provablyLinear(program: PatternProgram): boolean {
  const anchored = anchoredAtStart(program.code);
  const looped = hasLoop(program.code);
  if (!looped && anchored && pathCount(program.code) <= MAX_NATIVE_PATHS) return true;
  return (anchored || !looped) && boundedRuns(program);
}

/** Rule 3's bound on the paths of an anchored pattern with no loop. */
export const MAX_NATIVE_PATHS = 4096;
/** Rule 1's bound on the paths alive after one prefix. */
export const MAX_NATIVE_RUNS = 16;
/** How many distinct sets of live paths rule 1 explores before it gives up (and says no). */
const MAX_RUN_SETS = 2048;

/** The paths from the start to the end of a program with no loop (capped past the bound). */
function pathCount(code: readonly number[]): number {
  const count = new Map<number, number>();
  // Instructions only jump forward in a program with no loop: count from the last one back.
  for (let pc = code.length / 3 - 1; pc >= 0; pc--) {
    const [op, a, b] = [code[pc * 3], code[pc * 3 + 1] as number, code[pc * 3 + 2] as number];
    const at = (target: number): number => count.get(target) ?? 0;
    const paths = op === OP.match ? 1 : op === OP.split ? at(a) + at(b) : op === OP.jump ? at(a) : at(pc + 1);
    count.set(pc, Math.min(paths, MAX_NATIVE_PATHS + 1));
  }
  return count.get(0) ?? 0;
}

/**
 * Rule 1, decided by a subset construction that counts: a state is how many live paths wait at
 * each instruction that consumes, and one step reads one class of characters (the program's
 * ranges cut the alphabet into pieces no class splits). The states are explored until every
 * one is known (bounded) or a state holds more than MAX_NATIVE_RUNS paths (or the exploration
 * passes MAX_RUN_SETS states: not proven, so no).
 */
function boundedRuns(program: PatternProgram): boolean {
  const { code, classes } = program;
  const ways = new EpsilonWays(code);
  const pieces = alphabetPieces(classes);
  const takes = (pc: number, piece: number): boolean => {
    const c = classes[code[pc * 3 + 1] as number] as PatternClass;
    return c.properties.length > 0 || c.negate || rangesHold(c.ranges, piece);
  };
  const first = ways.from(0);
  if (first === undefined) return false;
  const seen = new Set<string>([runKey(first)]);
  const queue = [first];
  while (queue.length > 0) {
    const state = queue.pop() as Map<number, number>;
    for (const piece of pieces) {
      const next = new Map<number, number>();
      let total = 0;
      for (const [pc, paths] of state) {
        if (!takes(pc, piece)) continue;
        const onward = ways.from(pc + 1);
        if (onward === undefined) return false;
        for (const [to, count] of onward) {
          next.set(to, (next.get(to) ?? 0) + paths * count);
          total += paths * count;
        }
      }
      if (total > MAX_NATIVE_RUNS) return false;
      if (total === 0) continue;
      const key = runKey(next);
      if (seen.has(key)) continue;
      if (seen.size >= MAX_RUN_SETS) return false;
      seen.add(key);
      queue.push(next);
    }
  }
  return true;
}

/**
 * From an instruction, the consuming instructions reached without reading a character and by
 * how many paths each; undefined when a loop can go round without reading (`(a*)*`).
 */
class EpsilonWays {
  readonly #code: readonly number[];
  readonly #known = new Map<number, ReadonlyMap<number, number> | undefined>();
  readonly #walking = new Set<number>();

  constructor(code: readonly number[]) {
    this.#code = code;
  }

  from(pc: number): ReadonlyMap<number, number> | undefined {
    if (this.#known.has(pc)) return this.#known.get(pc);
    if (this.#walking.has(pc)) return undefined;
    this.#walking.add(pc);
    const ways = this.#walk(pc);
    this.#walking.delete(pc);
    this.#known.set(pc, ways);
    return ways;
  }

  #walk(pc: number): ReadonlyMap<number, number> | undefined {
    const [op, a, b] = [this.#code[pc * 3], this.#code[pc * 3 + 1] as number, this.#code[pc * 3 + 2] as number];
    if (op === OP.class) return new Map([[pc, 1]]);
    if (op === OP.match) return new Map();
    const targets = op === OP.split ? [a, b] : op === OP.jump ? [a] : [pc + 1];
    const ways = new Map<number, number>();
    for (const target of targets) {
      const onward = this.from(target);
      if (onward === undefined) return undefined;
      for (const [to, count] of onward) ways.set(to, Math.min((ways.get(to) ?? 0) + count, MAX_NATIVE_RUNS + 1));
    }
    return ways;
  }
}

/** One character from each piece of the alphabet the classes' range ends cut it into. */
function alphabetPieces(classes: readonly PatternClass[]): number[] {
  const cuts = new Set<number>([0]);
  for (const c of classes) {
    for (let i = 0; i < c.ranges.length; i += 2) {
      cuts.add(c.ranges[i] as number);
      cuts.add((c.ranges[i + 1] as number) + 1);
    }
  }
  return [...cuts].filter((cut) => cut <= MAX_CODE_POINT).sort((x, y) => x - y);
}

function rangesHold(ranges: readonly number[], char: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (char >= (ranges[i] as number) && char <= (ranges[i + 1] as number)) return true;
  return false;
}

function runKey(state: ReadonlyMap<number, number>): string {
  return [...state].sort((x, y) => x[0] - y[0]).join(";");
}

/** Every path from the start reaches `^` before it consumes a character or matches. */
function anchoredAtStart(code: readonly number[]): boolean {
  const seen = new Set<number>();
  const stack = [0];
  while (stack.length > 0) {
    const pc = stack.pop() as number;
    if (seen.has(pc)) continue;
    seen.add(pc);
    const [op, a, b] = [code[pc * 3], code[pc * 3 + 1] as number, code[pc * 3 + 2] as number];
    if (op === OP.class || op === OP.match) return false;
    if (op === OP.split) stack.push(a, b);
    else if (op === OP.jump) stack.push(a);
    else if (op === OP.assert && a !== ASSERTION.start) stack.push(pc + 1);
  }
  return true;
}

/** Whether any jump goes backwards: the builder emits loops, and only loops, that way. */
function hasLoop(code: readonly number[]): boolean {
  for (let pc = 0; pc < code.length / 3; pc++) {
    const op = code[pc * 3];
    if (
      (op === OP.jump || op === OP.split) &&
      Math.min(code[pc * 3 + 1] as number, op === OP.split ? (code[pc * 3 + 2] as number) : Infinity) <= pc
    )
      return true;
  }
  return false;
}
