/**
 * Regression (issue 12): a pattern valid in ECMA-262 only without the `u` flag (tauri's
 * `^[^/\\:*?"<>|]+$`: `\:` is an identity escape the `u` flag forbids) stopped generation. It now
 * compiles without the flag, with one warning line naming the file and the pointer; a pattern
 * invalid either way is still bad input.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/index.js";
import { runCli } from "../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-pattern-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SLOPPY = '^[^/\\:*?"<>|]+$';

function contract(pattern: string): string {
  const file = join(dir, `p${pattern.length}.schema.json`);
  writeFileSync(
    file,
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "pattern.v1",
      $defs: { name: { type: "string", pattern } },
    }),
  );
  return file;
}

it("generates with one warning naming file and pointer, and the validator reads the pattern without u", async () => {
  const file = contract(SLOPPY);
  const out = join(dir, "out");
  const run = await runCli(["generate", "--contract", file, "--out", out]);
  expect(run.code).toBe(0);
  const warnings = run.stderr.split("\n").filter((line) => line.includes("warning"));
  expect(warnings).toEqual([
    `rightkit-bindgen: warning: ${file}:#/$defs/name/pattern: pattern is not valid with the u flag (${
      warnings[0]?.match(/\((.*)\); compiled/)?.[1] ?? ""
    }); compiled without it`,
  ]);
  // Quoted as prettier quotes it (single quotes around a string holding double ones).
  expect(readFileSync(join(out, "pattern.v1/validators.ts"), "utf8")).toContain(`new RegExp('^[^/\\\\:*?"<>|]+$', "")`);
});

it("compiles it without u in emitValidatorModule too, and keeps u for every other pattern", () => {
  expect(emitValidatorModule({ type: "string", pattern: SLOPPY })).toMatch(/new RegExp\(.*, ""\)/);
  expect(emitValidatorModule({ type: "string", pattern: "^\\p{L}+$" })).toMatch(/new RegExp\(.*, "u"\)/);
});

it("still refuses a pattern invalid either way: exit 2", async () => {
  const run = await runCli(["generate", "--contract", contract("([a-z]"), "--out", join(dir, "bad")]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/#\/\$defs\/name\/pattern: not a valid ECMA-262 regular expression/);
});
