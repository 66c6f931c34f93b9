/**
 * A pattern only a backtracking RegExp can run (a backreference, lookaround) keeps RegExp, and
 * `generate` says so naming the pointer; the binding's `"patterns": { "backtracking": "error" }`
 * makes it bad input (exit 2, nothing written). Any other pattern generates no such warning.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-backtracking-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function contract(name: string, pattern: string, backtracking?: "warn" | "error"): { file: string; binding: string } {
  const file = join(dir, `${name}.schema.json`);
  writeFileSync(
    file,
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: `${name}.v1`,
      $defs: { name: { type: "string", pattern }, keys: { type: "object", patternProperties: { "^(a+)+$": true } } },
    }),
  );
  const binding = join(dir, `${name}.binding.json`);
  writeFileSync(
    binding,
    JSON.stringify({
      contract: `${name}.v1`,
      methods: {},
      ...(backtracking === undefined ? {} : { patterns: { backtracking } }),
    }),
  );
  return { file, binding };
}

it("warns naming the pointer of a pattern with lookahead, and nothing for ^(a+)+$ (the linear matcher runs it)", async () => {
  const { file, binding } = contract("ahead", "^(?!x)[a-z]+$");
  const run = await runCli(["generate", "--contract", file, "--binding", binding, "--out", join(dir, "out-warn")]);
  expect(run.code).toBe(0);
  const warnings = run.stderr.split("\n").filter((line) => line.includes("warning"));
  expect(warnings).toEqual([
    `rightkit-bindgen: warning: ${file}:#/$defs/name/pattern: pattern is left to a backtracking RegExp, whose time may grow exponentially with the string: it uses a lookahead assertion ((?!x))`,
  ]);
});

it('is exit 2 naming the pointer under "patterns": { "backtracking": "error" }, and writes nothing', async () => {
  const { file, binding } = contract("refused", "(a)\\1", "error");
  const out = join(dir, "out-error");
  const run = await runCli(["generate", "--contract", file, "--binding", binding, "--out", out]);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain("#/$defs/name/pattern");
  expect(run.stderr).toContain('it uses a backreference (\\1) (the binding\'s patterns.backtracking is "error")');
  expect(existsSync(join(out, "refused.v1"))).toBe(false);
});

it('accepts every linear pattern under "error"', async () => {
  const { file, binding } = contract("linear", "^(a|ab)*c$", "error");
  const run = await runCli(["generate", "--contract", file, "--binding", binding, "--out", join(dir, "out-linear")]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining("warning") });
});
