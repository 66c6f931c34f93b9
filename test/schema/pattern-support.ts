/**
 * The validators' PatternMatcher helper as a live class, and every pattern the corpus, the
 * committed contracts and the JSON-Schema-Test-Suite hold (`pattern` and `patternProperties`
 * keys; `propertyNames` patterns are `pattern` keywords too), for the matcher's tests.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ident } from "../../generator/emit/code.js";
import { HELPER_NAMES, helperSource, type HelperNames } from "../../generator/emit/validators/runtime-helpers.js";
import { ASSERTION, OP, type PatternProgram } from "../../generator/schema/pattern-program.js";
import { loadModule } from "../support/load-module.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface Matcher {
  test(s: string): boolean;
}

type MatcherClass = new (
  unicode: boolean,
  code: readonly number[],
  classes: readonly (readonly [readonly number[], readonly RegExp[], boolean])[],
) => Matcher;

let loaded: MatcherClass | undefined;

/** The helper exactly as emitted into a validators module, compiled once. */
export function matcherFor(program: PatternProgram): Matcher {
  if (loaded === undefined) {
    const names = Object.fromEntries(HELPER_NAMES.map((name) => [name, ident(name)])) as unknown as HelperNames;
    const source = `${helperSource(new Set(["PatternMatcher"]), names)}\nexport { PatternMatcher };\n`;
    loaded = loadModule<{ PatternMatcher: MatcherClass }>(source).PatternMatcher;
  }
  const classes = program.classes.map(
    (c) => [c.ranges, c.properties.map((escape) => new RegExp(escape, "u")), c.negate] as const,
  );
  return new loaded(program.unicode, program.code, classes);
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "expected" ? [] : jsonFiles(path);
      return name.endsWith(".json") ? [path] : [];
    });
}

function collect(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === "pattern" && typeof item === "string") into.add(item);
    if (key === "patternProperties" && typeof item === "object" && item !== null)
      for (const name of Object.keys(item)) into.add(name);
    collect(item, into);
  }
}

/** Every pattern of the corpus and the committed contracts, then of the suite's three drafts; sorted, each once. */
export function corpusAndSuitePatterns(): readonly string[] {
  const found = new Set<string>();
  const dirs = [
    "test/fixtures/corpus",
    "contract",
    "test/fixtures/json-schema-test-suite/draft2020-12",
    "test/fixtures/json-schema-test-suite/draft2019-09",
    "test/fixtures/json-schema-test-suite/draft7",
  ];
  for (const dir of dirs)
    for (const file of jsonFiles(resolve(ROOT, dir))) collect(JSON.parse(readFileSync(file, "utf8")), found);
  return [...found].sort();
}

/**
 * How many steps a backtracking matcher takes to answer RegExp.prototype.test on `input`: every
 * path of `program` tried depth first from every start position, as V8's irregexp tries them
 * (a split's first branch first), until one matches or `cap` steps are spent. A measure of the
 * work a native RegExp does, without a clock: the tests compare it across input lengths.
 */
export function backtrackingSteps(program: PatternProgram, input: string, cap: number): number {
  const chars = program.unicode
    ? [...input].map((c) => c.codePointAt(0) as number)
    : [...Array(input.length).keys()].map((i) => input.charCodeAt(i));
  const properties = program.classes.map((c) => c.properties.map((escape) => new RegExp(escape, "u")));
  const takes = (index: number, char: number): boolean => {
    const c = program.classes[index];
    if (c === undefined) return false;
    let hit = false;
    for (let i = 0; i < c.ranges.length && !hit; i += 2)
      hit = char >= (c.ranges[i] as number) && char <= (c.ranges[i + 1] as number);
    if (!hit) hit = (properties[index] ?? []).some((p) => p.test(String.fromCodePoint(char)));
    return hit !== c.negate;
  };
  const word = (at: number): boolean => {
    const char = chars[at];
    return char !== undefined && /\w/.test(String.fromCharCode(char));
  };
  let steps = 0;
  for (let start = 0; start <= chars.length; start++) {
    const stack: [number, number][] = [[0, start]];
    while (stack.length > 0) {
      if (++steps > cap) return steps;
      const [pc, at] = stack.pop() as [number, number];
      const [op, a, b] = [program.code[pc * 3], program.code[pc * 3 + 1] as number, program.code[pc * 3 + 2] as number];
      if (op === OP.match) return steps;
      if (op === OP.split) stack.push([b, at], [a, at]);
      else if (op === OP.jump) stack.push([a, at]);
      else if (op === OP.class) {
        const char = chars[at];
        if (char !== undefined && takes(a, char)) stack.push([pc + 1, at + 1]);
      } else {
        const boundary = word(at - 1) !== word(at);
        const holds =
          a === ASSERTION.start
            ? at === 0
            : a === ASSERTION.end
              ? at === chars.length
              : a === ASSERTION.boundary
                ? boundary
                : !boundary;
        if (holds) stack.push([pc + 1, at]);
      }
    }
  }
  return steps;
}
