/**
 * The official JSON-Schema-Test-Suite (drafts 2020-12, 2019-09 and 7) through
 * emitValidatorModule: every case of every file of every draft. A group is either compiled — then every case must get the expected verdict, from
 * `validate` and from `isValid` alike — or refused with `unsupported_keyword` for one of the
 * features the compiler declines; never compiled and wrong. `optional/` runs too and is reported,
 * but it is not part of the required set. A per-file table per draft is printed at the end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadModule } from "./load-module.js";
import { compileGroup, DRAFTS, readGroups, suiteFiles, type Compiled, type SuiteDraft, type SuiteGroup } from "./jsts-suite.js";

/** Why a group may be refused: the keyword named by the error, and what the message must say. */
const ACCEPTED_REFUSALS: ReadonlyMap<string, RegExp> = new Map([
  ["$schema", /dialects are compiled/],
  // optional/dependencies-compatibility.json: a draft-07 keyword in a 2019-09 or 2020-12 schema is refused, not ignored.
  ["dependencies", /draft-07/],
]);

/**
 * Groups refused per required file of each draft, pinned so that a new refusal is a visible
 * change. Each is a documented decision (README, "Contract decisions"): a `$schema` naming a
 * custom meta-schema is not compiled (vocabularies are not). The suite's remote documents and
 * the drafts' meta-schemas reach the compiler as a registry (jsts-suite.ts), so remote `$ref`s run.
 */
const EXPECTED_REFUSED_GROUPS: Readonly<Record<string, number>> = {
  "draft2020-12/vocabulary.json": 2,
  "draft2019-09/vocabulary.json": 2,
};

interface Tally {
  cases: number;
  passed: number;
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
  const fresh = { cases: 0, passed: 0, refusedCases: 0, refusedGroups: 0 };
  files.set(file, fresh);
  return fresh;
}

function runFile(draft: SuiteDraft, file: string, required: boolean): void {
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
          it(`${test.description} → ${test.valid ? "valid" : "invalid"}`, () => {
            const t = tally(draft, file);
            t.cases += 1;
            const verdict = module.validate(test.data);
            const right =
              verdict.ok === test.valid && module.isValid(test.data) === test.valid && (verdict.ok || verdict.issues.length > 0);
            if (right) t.passed += 1;
            if (required || right) {
              expect(verdict.ok).toBe(test.valid);
              expect(module.isValid(test.data)).toBe(test.valid);
              if (!verdict.ok) expect(verdict.issues.length).toBeGreaterThan(0);
            }
          });
        });
      });
    });
    if (required) {
      it("refuses exactly the pinned number of groups", () => {
        const refused = compiled.filter((one) => one.kind === "refused").length;
        expect(refused).toBe(EXPECTED_REFUSED_GROUPS[`${draft.folder}/${file}`] ?? 0);
      });
    }
  });
}

for (const draft of DRAFTS) {
  describe(draft.folder, () => {
    suiteFiles(draft, "").forEach((file) => runFile(draft, file, true));
    // Optional behaviour is reported, not required: a wrong verdict there is counted, not failed.
    suiteFiles(draft, "optional").forEach((file) => runFile(draft, file, false));
  });
}

function report(folder: string, files: ReadonlyMap<string, Tally>): string {
  const rows = [...files.entries()].sort(([a], [b]) => a.localeCompare(b));
  const table = rows.map(([file, t]) => {
    const compiled = t.cases - t.refusedCases;
    return `${file.padEnd(44)} ${String(t.passed).padStart(4)}/${String(compiled).padEnd(4)} refused ${String(t.refusedCases).padStart(3)} cases (${t.refusedGroups} groups)`;
  });
  const sum = (optional: boolean) =>
    rows
      .filter(([file]) => file.startsWith("optional/") === optional)
      .reduce(
        (acc, [, t]) => ({
          passed: acc.passed + t.passed,
          compiled: acc.compiled + t.cases - t.refusedCases,
          refused: acc.refused + t.refusedCases,
        }),
        { passed: 0, compiled: 0, refused: 0 },
      );
  const required = sum(false);
  const optional = sum(true);
  return [
    `JSON-Schema-Test-Suite ${folder}: passed/compiled per file`,
    ...table,
    `required: ${required.passed}/${required.compiled} compiled cases right, ${required.refused} cases refused`,
    `optional: ${optional.passed}/${optional.compiled} compiled cases right, ${optional.refused} cases refused`,
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
