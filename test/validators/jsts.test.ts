/**
 * The official JSON-Schema-Test-Suite (draft 2020-12) through emitValidatorModule: every case of
 * every file. A group is either compiled — then every case must get the expected verdict, from
 * `validate` and from `isValid` alike — or refused with `unsupported_keyword` for one of the
 * features the compiler declines; never compiled and wrong. `optional/` runs too and is reported,
 * but it is not part of the required set. A per-file table is printed at the end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadModule } from "./load-module.js";
import { compileGroup, readGroups, suiteFiles, type Compiled, type SuiteGroup } from "./jsts-suite.js";

/** Why a group may be refused: the keyword named by the error, and what the message must say. */
const ACCEPTED_REFUSALS: ReadonlyMap<string, RegExp> = new Map([
  ["$dynamicRef", /dynamic/],
  ["$ref", /leaves the document/],
  ["$schema", /dialects are compiled/],
  ["$vocabulary", /vocabular/],
  ["dependencies", /draft-07/],
]);

/** Groups refused per required file, pinned so that a new refusal is a visible change. */
const EXPECTED_REFUSED_GROUPS: Readonly<Record<string, number>> = {
  "defs.json": 1,
  "dynamicRef.json": 20,
  "ref.json": 1,
  "refRemote.json": 15,
  "unevaluatedItems.json": 1,
  "unevaluatedProperties.json": 1,
  "vocabulary.json": 2,
};

interface Tally {
  cases: number;
  passed: number;
  refusedCases: number;
  refusedGroups: number;
}

const tallies = new Map<string, Tally>();

function tally(file: string): Tally {
  const known = tallies.get(file);
  if (known !== undefined) return known;
  const fresh = { cases: 0, passed: 0, refusedCases: 0, refusedGroups: 0 };
  tallies.set(file, fresh);
  return fresh;
}

function runFile(file: string, required: boolean): void {
  describe(file, () => {
    const groups = readGroups(file);
    groups.forEach((group: SuiteGroup, g) => {
      const compiled: Compiled = compileGroup(group);
      describe(`${g}: ${group.description}`, () => {
        if (compiled.kind === "refused") {
          it("is refused as unsupported, naming the keyword and pointer", () => {
            const t = tally(file);
            t.cases += group.tests.length;
            t.refusedCases += group.tests.length;
            t.refusedGroups += 1;
            expect(compiled.error.code).toBe("unsupported_keyword");
            const why = ACCEPTED_REFUSALS.get(compiled.error.keyword ?? "");
            expect(why, `refused keyword ${compiled.error.keyword}`).toBeDefined();
            expect(compiled.error.message).toMatch(why ?? /$^/);
            expect(compiled.error.pointer).toMatch(/^#/);
          });
          return;
        }
        const module = loadModule(compiled.source);
        group.tests.forEach((test) => {
          it(`${test.description} → ${test.valid ? "valid" : "invalid"}`, () => {
            const t = tally(file);
            t.cases += 1;
            const result = module.validate(test.data);
            const right =
              result.ok === test.valid && module.isValid(test.data) === test.valid && (result.ok || result.issues.length > 0);
            if (right) t.passed += 1;
            if (required || right) {
              expect(result.ok).toBe(test.valid);
              expect(module.isValid(test.data)).toBe(test.valid);
              if (!result.ok) expect(result.issues.length).toBeGreaterThan(0);
            }
          });
        });
      });
    });
    if (required) {
      it("refuses exactly the pinned number of groups", () => {
        const refused = groups.filter((group) => compileGroup(group).kind === "refused").length;
        expect(refused).toBe(EXPECTED_REFUSED_GROUPS[file] ?? 0);
      });
    }
  });
}

suiteFiles("").forEach((file) => runFile(file, true));
// Optional behaviour is reported, not required: a wrong verdict there is counted, not failed.
suiteFiles("optional").forEach((file) => runFile(file, false));

afterAll(() => {
  const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
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
  console.log(
    [
      "JSON-Schema-Test-Suite draft2020-12: passed/compiled per file",
      ...table,
      `required: ${required.passed}/${required.compiled} compiled cases right, ${required.refused} cases refused`,
      `optional: ${optional.passed}/${optional.compiled} compiled cases right, ${optional.refused} cases refused`,
    ].join("\n"),
  );
});
