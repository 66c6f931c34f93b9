/**
 * The official JSON-Schema-Test-Suite (drafts 2020-12, 2019-09 and 7) through
 * emitValidatorModule: every case of every file of every draft, `optional/` and
 * `optional/format/` included. A group is either compiled — then every case must get the expected
 * verdict, from `validate` and from `isValid` alike — or refused with `unsupported_keyword` for one
 * of the features the compiler declines (pinned per file); never compiled and wrong. The only
 * exception is an optional case listed by name in jsts-known-wrong.ts with its reason: it must get
 * exactly the opposite verdict, so a listed case that turns right fails too. A per-file table per
 * draft is printed at the end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadModule } from "../../support/load-module.js";
import { KNOWN_WRONG } from "./jsts-known-wrong.js";
import { compileGroup, DRAFTS, readGroups, suiteFiles, type Compiled, type SuiteDraft, type SuiteGroup } from "./jsts-suite.js";

/** Why a group may be refused: the keyword named by the error, and what the message must say. */
const ACCEPTED_REFUSALS: ReadonlyMap<string, RegExp> = new Map([
  ["$schema", /dialects are compiled/],
  // optional/dependencies-compatibility.json: a draft-07 keyword in a 2019-09 or 2020-12 schema is refused, not ignored.
  ["dependencies", /draft-07/],
]);

/**
 * Groups refused per file of each draft (optional ones included), pinned so that a new refusal —
 * which would stop its cases from being checked — is a visible change. Each is a documented
 * decision (docs/types-and-validators.md → Refusals): a `$schema` naming a custom meta-schema is not compiled
 * (vocabularies are not), nor is draft-07's `dependencies` in a later draft. The suite's remote
 * documents and the drafts' meta-schemas reach the compiler as a registry (jsts-suite.ts), so
 * remote `$ref`s run.
 */
const EXPECTED_REFUSED_GROUPS: Readonly<Record<string, number>> = {
  "draft2020-12/vocabulary.json": 2,
  "draft2020-12/optional/dependencies-compatibility.json": 7,
  "draft2020-12/optional/format-assertion.json": 2,
  "draft2019-09/vocabulary.json": 2,
  "draft2019-09/optional/dependencies-compatibility.json": 7,
};

/** A suite case by name: draft folder, file, group description, case description. */
function caseKey(folder: SuiteDraft["folder"], file: string, group: string, description: string): string {
  return JSON.stringify([folder, file, group, description]);
}

/** The reason of every known-wrong case, by caseKey. */
const KNOWN_WRONG_REASONS: ReadonlyMap<string, string> = new Map(
  KNOWN_WRONG.flatMap((entry) =>
    entry.drafts.flatMap((folder) =>
      entry.cases.map((description) => [caseKey(folder, entry.file, entry.group, description), entry.reason] as const),
    ),
  ),
);

/** The cases of compiled groups, by caseKey, filled while the tests are collected. */
const compiledCases = new Set<string>();

interface Tally {
  cases: number;
  passed: number;
  /** Known-wrong cases that got exactly the listed wrong verdict, by reason. */
  knownWrong: Map<string, number>;
  refusedCases: number;
  refusedGroups: number;
}

/** By draft folder, then by file. */
const tallies = new Map<string, Map<string, Tally>>();

function tally(draft: SuiteDraft, file: string): Tally {
  const files = tallies.get(draft.folder) ?? new Map<string, Tally>();
  tallies.set(draft.folder, files);
  const known = files.get(file);
  if (known !== undefined) return known;
  const fresh = { cases: 0, passed: 0, knownWrong: new Map<string, number>(), refusedCases: 0, refusedGroups: 0 };
  files.set(file, fresh);
  return fresh;
}

function runFile(draft: SuiteDraft, file: string): void {
  describe(file, () => {
    const groups = readGroups(draft, file);
    const compiled: readonly Compiled[] = groups.map((group) => compileGroup(draft, group));
    groups.forEach((group: SuiteGroup, g) => {
      const result = compiled[g] as Compiled;
      describe(`${g}: ${group.description}`, () => {
        if (result.kind === "refused") {
          it("is refused as unsupported, naming the keyword and pointer", () => {
            const t = tally(draft, file);
            t.cases += group.tests.length;
            t.refusedCases += group.tests.length;
            t.refusedGroups += 1;
            expect(result.error.code).toBe("unsupported_keyword");
            const why = ACCEPTED_REFUSALS.get(result.error.keyword ?? "");
            expect(why, `refused keyword ${result.error.keyword}`).toBeDefined();
            expect(result.error.message).toMatch(why ?? /$^/);
            expect(result.error.pointer).toMatch(/^#/);
          });
          return;
        }
        const module = loadModule(result.source);
        group.tests.forEach((test) => {
          const key = caseKey(draft.folder, file, group.description, test.description);
          compiledCases.add(key);
          const knownWrong = KNOWN_WRONG_REASONS.get(key);
          const expected = knownWrong === undefined ? test.valid : !test.valid;
          const title = `${test.description} → ${test.valid ? "valid" : "invalid"}`;
          it(knownWrong === undefined ? title : `${title} (known wrong, ${knownWrong})`, () => {
            const t = tally(draft, file);
            t.cases += 1;
            const verdict = module.validate(test.data);
            const why =
              knownWrong === undefined
                ? "not listed in jsts-known-wrong.ts: fix the compiler or list the case with its reason"
                : "listed in jsts-known-wrong.ts: if it is right now, take it off the list";
            expect(verdict.ok, why).toBe(expected);
            expect(module.isValid(test.data), why).toBe(expected);
            if (!verdict.ok) expect(verdict.issues.length).toBeGreaterThan(0);
            if (knownWrong === undefined) t.passed += 1;
            else t.knownWrong.set(knownWrong, (t.knownWrong.get(knownWrong) ?? 0) + 1);
          });
        });
      });
    });
    it("refuses exactly the pinned number of groups", () => {
      const refused = compiled.filter((one) => one.kind === "refused").length;
      expect(refused).toBe(EXPECTED_REFUSED_GROUPS[`${draft.folder}/${file}`] ?? 0);
    });
  });
}

for (const draft of DRAFTS) {
  describe(draft.folder, () => {
    const files = [...suiteFiles(draft, ""), ...suiteFiles(draft, "optional"), ...suiteFiles(draft, "optional/format")];
    files.forEach((file) => runFile(draft, file));
    it("lists as known-wrong only cases of its optional files that compile", () => {
      const listed = [...KNOWN_WRONG_REASONS.keys()].filter((key) => (JSON.parse(key) as string[])[0] === draft.folder);
      // A listed name the suite lacks (renamed upstream, refused) or outside optional/ checks nothing.
      expect(listed.filter((key) => !compiledCases.has(key))).toEqual([]);
      expect(listed.filter((key) => !(JSON.parse(key) as string[])[1]?.startsWith("optional/"))).toEqual([]);
      expect(listed.length).toBeGreaterThan(0);
    });
  });
}

function report(folder: string, files: ReadonlyMap<string, Tally>): string {
  const rows = [...files.entries()].sort(([a], [b]) => a.localeCompare(b));
  const knownWrongCount = (t: Tally) => [...t.knownWrong.values()].reduce((a, b) => a + b, 0);
  const table = rows.map(([file, t]) => {
    const compiled = t.cases - t.refusedCases;
    const wrong = knownWrongCount(t) > 0 ? `, known wrong ${knownWrongCount(t)}` : "";
    return `${file.padEnd(44)} ${String(t.passed).padStart(4)}/${String(compiled).padEnd(4)} refused ${String(t.refusedCases).padStart(3)} cases (${t.refusedGroups} groups)${wrong}`;
  });
  const sum = (optional: boolean) => {
    const chosen = rows.filter(([file]) => file.startsWith("optional/") === optional).map(([, t]) => t);
    const byReason = new Map<string, number>();
    chosen.forEach((t) => t.knownWrong.forEach((n, reason) => byReason.set(reason, (byReason.get(reason) ?? 0) + n)));
    const reasons = [...byReason].map(([reason, n]) => `\n  known wrong ${n}: ${reason}`).join("");
    const cases = chosen.reduce((acc, t) => acc + t.cases, 0);
    const passed = chosen.reduce((acc, t) => acc + t.passed, 0);
    const refused = chosen.reduce((acc, t) => acc + t.refusedCases, 0);
    return `${cases} cases: ${passed} right, ${cases - passed - refused} known wrong, ${refused} refused${reasons}`;
  };
  return [
    `JSON-Schema-Test-Suite ${folder}: right/compiled per file`,
    ...table,
    `required: ${sum(false)}`,
    `optional: ${sum(true)}`,
  ].join("\n");
}

afterAll(() => {
  console.log(
    DRAFTS.flatMap((draft) => {
      const files = tallies.get(draft.folder);
      return files === undefined ? [] : [report(draft.folder, files)];
    }).join("\n\n"),
  );
});
