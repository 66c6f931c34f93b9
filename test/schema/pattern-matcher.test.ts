/**
 * The linear-time pattern matcher (the validators' PatternMatcher helper, run on programs from
 * schema/pattern-program.ts) against RegExp, the reference: every pattern of the corpus, the
 * committed contracts and the JSON-Schema-Test-Suite, on strings drawn from walks through the
 * pattern's own program (mostly near-matches) mutated with the pattern's own characters and
 * arbitrary ones; plus cases written for each feature, and which patterns stay native RegExp.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileProgram, OP, planPattern, provablyLinear, type PatternProgram } from "../../generator/schema/pattern-program.js";
import { readPattern } from "../../generator/schema/patterns.js";
import { backtrackingSteps, corpusAndSuitePatterns, matcherFor } from "./pattern-support.js";

const SEMVER =
  "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$";

function programOf(source: string): PatternProgram {
  const reading = readPattern(source);
  if (!reading.ok) throw new Error(`invalid pattern ${source}`);
  const compiled = compileProgram(source, reading.flags === "u");
  if (!compiled.ok) throw new Error(compiled.why);
  return compiled.program;
}

/** RegExp and the matcher on one string: the same verdict, or the pattern, the string and both. */
function agree(source: string, inputs: readonly string[]): void {
  const reading = readPattern(source);
  if (!reading.ok) throw new Error("invalid");
  const regex = new RegExp(source, reading.flags);
  const matcher = matcherFor(programOf(source));
  for (const input of inputs)
    expect({ source, input, verdict: matcher.test(input) }).toEqual({ source, input, verdict: regex.test(input) });
}

/** A few characters inside each class of the program: its ends, and letters a property escape holds. */
function classSamples(program: PatternProgram): string[] {
  const out: string[] = [];
  const probes = ["a", "Z", "5", "é", "Ж", "漢", "🐲", "٣", " ", "_", "\n"];
  for (const c of program.classes) {
    for (let i = 0; i < c.ranges.length && i < 8; i += 2) {
      const lo = c.ranges[i] as number;
      const hi = c.ranges[i + 1] as number;
      out.push(String.fromCodePoint(lo), String.fromCodePoint(hi), String.fromCodePoint(lo + Math.floor((hi - lo) / 2)));
    }
    for (const escape of c.properties) out.push(...probes.filter((p) => new RegExp(escape, "u").test(p)));
  }
  return out;
}

/** A string from a random walk through the program: splits chosen by `choices`, classes by `picks`. */
function walk(program: PatternProgram, samples: readonly string[], choices: readonly number[], picks: readonly number[]): string {
  let pc = 0;
  let out = "";
  let step = 0;
  for (let guard = 0; guard < 400; guard++) {
    const op = program.code[pc * 3];
    const a = program.code[pc * 3 + 1] as number;
    const b = program.code[pc * 3 + 2] as number;
    const choice = choices[step % Math.max(choices.length, 1)] ?? 0;
    const pick = picks[step % Math.max(picks.length, 1)] ?? 0;
    step++;
    if (op === OP.match) break;
    if (op === OP.split) pc = choice % 3 === 0 ? b : a;
    else if (op === OP.jump) pc = a;
    else if (op === OP.assert) pc += 1;
    else {
      const c = program.classes[a];
      if (c !== undefined && c.ranges.length > 0 && !c.negate && c.properties.length === 0) {
        const i = (pick % (c.ranges.length / 2)) * 2;
        const lo = c.ranges[i] as number;
        const hi = c.ranges[i + 1] as number;
        out += String.fromCodePoint(lo + (pick % (Math.min(hi - lo, 300) + 1)));
      } else {
        out += samples[pick % Math.max(samples.length, 1)] ?? "a";
      }
      pc += 1;
    }
  }
  return out;
}

const PATTERNS = corpusAndSuitePatterns().filter((source) => {
  const reading = readPattern(source);
  return reading.ok && compileProgram(source, reading.flags === "u").ok;
});

describe("the linear matcher answers as RegExp.prototype.test", () => {
  it("finds the corpus's and the suite's patterns", () => {
    expect(PATTERNS.length).toBeGreaterThan(40);
    expect(PATTERNS).toContain(SEMVER);
    expect(PATTERNS).toContain("\\p{Letter}cole");
  });

  it.each(PATTERNS.map((source) => [source]))("%s, on strings from its own program, characters and any", (source) => {
    const reading = readPattern(source);
    if (!reading.ok) throw new Error("invalid");
    const regex = new RegExp(source, reading.flags);
    const program = programOf(source);
    const matcher = matcherFor(program);
    const own = [...new Set([...source, ...classSamples(program), "\n", "\r", "\u2028", "\ud83d", "\ude00", "🐲", ""])];
    const piece = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...own) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
    );
    const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 2 }), insert: fc.array(piece, { maxLength: 2 }) });
    const input = fc.oneof(
      fc.array(piece, { maxLength: 24 }).map((parts) => parts.join("")),
      fc
        .record({
          choices: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
          picks: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
          mutations: fc.array(mutation, { maxLength: 2 }),
        })
        .map(({ choices, picks, mutations }) => {
          let s = walk(program, own, choices, picks);
          for (const m of mutations) {
            const at = s.length === 0 ? 0 : m.at % (s.length + 1);
            s = s.slice(0, at) + m.insert.join("") + s.slice(at + m.cut);
          }
          return s;
        }),
    );
    let matched = 0;
    let refused = 0;
    fc.assert(
      fc.property(input, (s) => {
        const expected = regex.test(s);
        if (expected) matched++;
        else refused++;
        expect({ s, verdict: matcher.test(s) }).toEqual({ s, verdict: expected });
      }),
      { numRuns: 300, seed: 34 },
    );
    // Both outcomes are drawn for every pattern that has both (`a*` matches every string).
    expect(matched + refused).toBeGreaterThanOrEqual(300);
    if (!["a*", ""].includes(source) && !/^\^?\.?\*?$/.test(source))
      expect({ source, matched: matched > 0 }).toEqual({ source, matched: true });
  });
});

describe("the matcher, feature by feature", () => {
  it.each([
    ["^abc$", ["abc", "abcd", "xabc", ""]],
    ["abc", ["xxabcxx", "ab", "abx"]],
    ["^$", ["", "a", "\n"]],
    ["", ["", "a"]],
    ["a|", ["", "b"]],
    ["^(?:)$", ["", "x"]],
    ["^a.c$", ["abc", "a\nc", "a\rc", "a\u2028c", "a🐲c", "a\ud83dc"]],
    ["^[^a-c]$", ["a", "d", "🐲", "\ud83d", "\n"]],
    ["^\\d\\D\\w\\W\\s\\S$", ["1a_ \u3000x", "1aa \u3000x", "1a_!\ufeffx", "1a_!\u00a0🐲"]],
    ["^[\\w-]+$", ["a-b_c", "a b"]],
    ["^[^\\W\\d]+$", ["abc", "ab1", "é"]],
    ["\\bfoo\\b", ["a foo b", "afoo", "foo", "foob", "foo_", "(foo)"]],
    ["\\Bfoo\\B", ["afoob", "foo", "a foo"]],
    ["^\\b$", [""]],
    ["^\\B$", ["", "a"]],
    ["a{2,4}", ["a", "aa", "aaaaa"]],
    ["^a{2,4}$", ["a", "aa", "aaaa", "aaaaa"]],
    ["^a{3}$", ["aa", "aaa", "aaaa"]],
    ["^(?:ab){2,}$", ["ab", "abab", "ababab", "ababa"]],
    ["^a+?b*?c??$", ["a", "ab", "abc", "aabbc", "c"]],
    ["^(a*)*b$", ["b", "aaab", "aaaa"]],
    ["^(|a)+$", ["", "a", "aaa", "b"]],
    ["^(a|ab)(c|bcd)(d*)$", ["abcd", "abcdd", "acd", "abc"]],
    ["^🐲+$", ["🐲🐲", "🐲\ud83d", "\ud83d\udc32"]],
    ["^[🐲-🐺]$", ["🐳", "🐻", "\ud83d"]],
    ["^\\u{1F432}\\u0041$", ["🐲A", "🐲B"]],
    ["^\\p{L}+\\P{L}$", ["ab1", "жж!", "abc", "漢字🐲"]],
    ["^[\\p{Lu}\\d]+$", ["AB12", "Ab", "ÉÖ"]],
    ["^[^\\p{L}]+$", ["123", "12a", "🐲"]],
    ["^\\p{Script=Greek}$", ["α", "a"]],
    ["[\\u2028\\u2029]", ["a\u2028", "b"]],
    ["^\\cC\\t\\n\\v\\f\\r\\0$", ["\u0003\t\n\u000b\f\r\u0000"]],
    ["^[\\b]$", ["\b", "b"]],
    ["^\\/\\.\\*\\$$", ["/.*$"]],
  ])("%s", (source, inputs) => agree(source, inputs));

  it("reads a pattern valid only without the u flag per UTF-16 code unit, as RegExp then does", () => {
    // tauri's `\:` is an identity escape the u flag refuses (schema/patterns.ts).
    for (const source of ['^[^/\\:*?"<>|]+$', "^[\\:]$", "^\\a.$"]) expect(readPattern(source)).toMatchObject({ flags: "" });
    const program = programOf('^[^/\\:*?"<>|]+$');
    expect(program.unicode).toBe(false);
    agree('^[^/\\:*?"<>|]+$', ["a:b", "ab", "🐲", "\ud83d", "a|b"]);
    agree("^[\\:]$", [":", "\\"]);
    agree("^\\a.$", ["a🐲", "aa", "a\ud83d"]);
  });

  it("keeps answering right once its table of states starts again (past 4,096 states)", () => {
    // (a|b)*a(a|b){12}: a DFA needs 2^13 states for it; random strings visit thousands.
    const source = "(?:a|b)*a(?:a|b){12}$";
    const rng = fc.sample(fc.array(fc.constantFrom("a", "b"), { minLength: 20_000, maxLength: 20_000 }), {
      seed: 34,
      numRuns: 3,
    });
    agree(
      source,
      rng.map((chars) => chars.join("")),
    );
  });

  it("matches in time linear in the string: ^(a+)+$ on 100,000 a's and a !", () => {
    const matcher = matcherFor(programOf("^(a+)+$"));
    expect(matcher.test(`${"a".repeat(100_000)}!`)).toBe(false);
    expect(matcher.test("a".repeat(100_000))).toBe(true);
  });
});

describe("which patterns keep the native RegExp", () => {
  it.each([
    "^[a-z][a-z0-9_]*$",
    "^\\d+$",
    "^-?\\d+(\\.\\d+)?$",
    "^3\\.\\d+(\\.\\d+)?$",
    "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
    "^([0-9a-fA-F]{0,2}:){5}[0-9a-fA-F]{0,2}$",
    '^[^/\\:*?"<>|]+$',
    "\\S",
    "abc",
    "\\p{Letter}cole",
    "^.*bar$",
    "^(:none:|:all:|([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]))$",
    "^\\p{L}+\\d$",
    "^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$",
    SEMVER,
  ])("native: %s (a bounded number of live paths, and anchored or of bounded length)", (source) => {
    expect(planPattern(source).kind).toBe("native");
  });

  it.each([
    "^(a+)+$",
    "^(a|a)*$",
    "^(a|aa)+$",
    "\\d+\\d+",
    "^[a-z]*[a-z0-9]*$",
    "^(\\w+\\s?)*$",
    "a+",
    "a[a-z]*X",
    "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
  ])("linear: %s", (source) => {
    const plan = planPattern(source);
    expect(plan.kind).toBe("linear");
    if (plan.kind === "linear") expect(provablyLinear(plan.program)).toBe(false);
  });

  it.each([
    ["(a)\\1", /backreference/],
    ["^(?=a)a", /lookahead/],
    ["(?<!a)b", /lookbehind/],
    ["^\\d{1,100000}$", /more than 20000 instructions/],
  ])("backtracking: %s", (source, why) => {
    const plan = planPattern(source);
    expect(plan.kind).toBe("backtracking");
    if (plan.kind === "backtracking") expect(plan.why).toMatch(why);
  });

  // The plan's promise, checked without a clock: a backtracking run's steps (every path tried,
  // as irregexp tries them) on a string pumped 8 times longer grow at most about 8 times.
  const CAP = 2_000_000;
  const growth = (source: string, head: string, unit: string, tail: string): { short: number; long: number } => {
    const program = programOf(source);
    return {
      short: backtrackingSteps(program, head + unit.repeat(16) + tail, CAP),
      long: backtrackingSteps(program, head + unit.repeat(128) + tail, CAP),
    };
  };

  it("native plans run RegExp in linear time: every native corpus and suite pattern on pumped strings", () => {
    const native = PATTERNS.filter((source) => planPattern(source).kind === "native");
    expect(native.length).toBeGreaterThan(30);
    for (const source of native) {
      const program = programOf(source);
      const own = [...new Set([...source, ...classSamples(program), "!", " "])];
      const cases = fc.record({
        choices: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        unit: fc.array(fc.constantFrom(...own), { minLength: 1, maxLength: 4 }),
        tail: fc.constantFrom("", ...own),
      });
      fc.assert(
        fc.property(cases, ({ choices, picks, unit, tail }) => {
          const head = walk(program, own, choices, picks);
          const { short, long } = growth(source, head, unit.join(""), tail);
          expect({ source, head, unit, tail, linear: long <= 10 * short + 100 }).toEqual({
            source,
            head,
            unit,
            tail,
            linear: true,
          });
        }),
        { numRuns: 25, seed: 34 },
      );
    }
  });

  it.each([
    ["^(a+)+$", "a", "!"],
    ["^[a-z]*[a-z0-9]*$", "a", "!"],
    ["^(\\w+\\s?)*$", "a", "!"],
    ["a[a-z]*X", "a", ""],
    ["^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", "a.", "@"],
  ])("the step count sees the super-linear ones it keeps from RegExp: %s", (source, unit, tail) => {
    expect(planPattern(source).kind).toBe("linear");
    const { short, long } = growth(source, source.startsWith("^[^@") ? "a@" : "", unit, tail);
    // Exponential ones spend the whole cap on the longer string.
    expect(long > 20 * short || long > CAP).toBe(true);
  });

  it("is a function of the source alone", () => {
    expect(planPattern("^(a|ab)*c$")).toEqual(planPattern("^(a|ab)*c$"));
  });
});
