/**
 * `npm run sweep:hostile [-- --cases N] [--seed S] [--parallel P]`: the hostile-input cases of
 * test/pipeline/hostile-inputs.test.ts, thousands at a time (default 2,000), P at once
 * (default 2). Prints how many cases each position and exit code had, and every case that broke a
 * promise with what it broke; exits 1 when any did. Not part of `npm run bench`: it measures
 * promises, not speed.
 */
import fc from "fast-check";
import { parseArgs } from "node:util";
import { hostileCase, positionName, runHostileCase, type Verdict } from "../support/hostile-inputs.js";

const { values } = parseArgs({
  options: { cases: { type: "string" }, seed: { type: "string" }, parallel: { type: "string" } },
});
const cases = Number(values.cases ?? 2000);
const seed = Number(values.seed ?? Date.now() % 2 ** 31);
const parallel = Number(values.parallel ?? 2);

const drawn = fc.sample(hostileCase, { numRuns: cases, seed });
const verdicts: Verdict[] = [];
const started = Date.now();
let next = 0;

async function worker(): Promise<void> {
  while (next < drawn.length) {
    const hostile = drawn[next++];
    if (hostile === undefined) return;
    verdicts.push(await runHostileCase(hostile));
    if (verdicts.length % 250 === 0)
      process.stderr.write(`${verdicts.length}/${cases} cases, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
}

await Promise.all(Array.from({ length: parallel }, worker));

const tally = new Map<string, number>();
for (const verdict of verdicts) {
  const key = `${positionName(verdict.case)} → exit ${verdict.exit}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}
const broken = verdicts.filter((verdict) => verdict.problems.length > 0);
console.log(
  `seed ${seed}: ${verdicts.length} cases in ${((Date.now() - started) / 1000).toFixed(0)} s, ${broken.length} broke a promise`,
);
for (const [key, count] of [...tally].sort()) console.log(`  ${key}: ${count}`);
const shown = (text: string): string => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} characters)` : text);
for (const verdict of broken.slice(0, 30))
  console.log(
    `BROKEN ${positionName(verdict.case)} ${shown(JSON.stringify(verdict.case.text))}\n  ${verdict.problems.map(shown).join("\n  ")}`,
  );
process.exitCode = broken.length > 0 ? 1 : 0;
