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
import type { PatternProgram } from "../../generator/schema/pattern-program.js";
import { loadModule } from "./load-module.js";

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
