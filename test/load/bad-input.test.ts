/**
 * Bad input: exit 2, one line on stderr naming the file and the location, and nothing written.
 */
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";

const bad = (name: string): string => `test/fixtures/bad/${name}`;

const cases: { name: string; args: string[]; message: RegExp }[] = [
  {
    name: "malformed JSON",
    args: ["--contract", bad("malformed.json")],
    message: /malformed\.json:4:39: expected a property name, unexpected "}"/,
  },
  {
    name: "meta-schema failure",
    args: ["--contract", bad("meta-schema.json")],
    message: /meta-schema\.json:#\/\$defs\/a\/type: not a valid draft 2020-12 schema/,
  },
  {
    name: "dangling $ref",
    args: ["--contract", bad("dangling-ref.json")],
    message: /dangling-ref\.json:#\/\$defs\/a\/\$ref: .*points at nothing/,
  },
  {
    name: "$ref leaving the document",
    args: ["--contract", bad("external-ref.json")],
    message: /external-ref\.json:#\/\$defs\/a\/\$ref: .*leaves the document/,
  },
  {
    name: "method without result",
    args: ["--contract", bad("method-without-result.json")],
    message: /method-without-result\.json:#\/\$defs\/ping: method "ping" has no result schema/,
  },
  {
    name: "invalid pattern",
    args: ["--contract", bad("bad-pattern.json")],
    message: /bad-pattern\.json:#\/\$defs\/a\/pattern: not a valid ECMA-262/,
  },
  {
    name: "unsupported keyword",
    args: ["--contract", bad("unsupported-keyword.json")],
    message: /unsupported-keyword\.json:#\/\$defs\/a\/\$recursiveRef: keyword \$recursiveRef is not supported/,
  },
  {
    name: "binding naming a method the schema lacks",
    args: ["--contract", bad("two-methods.json"), "--binding", bad("binding-extra-method.json")],
    message: /binding-extra-method\.json:#\/methods\/zap: binding names method "zap"/,
  },
  {
    name: "binding missing a method",
    args: ["--contract", bad("two-methods.json"), "--binding", bad("binding-missing-method.json")],
    message: /binding-missing-method\.json:#\/methods: binding has no entry for method "pong"/,
  },
  {
    name: "binding not matching its schema",
    args: ["--contract", bad("two-methods.json"), "--binding", bad("binding-bad-shape.json")],
    message: /binding-bad-shape\.json:#\/methods\/ping\/sensitiveParams: "sensitiveParams" must be an array, not a string$/,
  },
  { name: "missing file", args: ["--contract", bad("nope.json")], message: /nope\.json: cannot read: no such file/ },
  { name: "unknown option", args: ["--contrac", "x"], message: /Unknown option '--contrac'/ },
];

describe("bad input", () => {
  for (const { name, args, message } of cases) {
    it(`${name}: exit 2, one line naming the location, nothing written`, async () => {
      const out = join(mkdtempSync(join(tmpdir(), "bindgen-bad-")), "out");
      const run = await runCli(["generate", ...args, "--out", out]);
      expect(run.code).toBe(2);
      expect(run.stderr.split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    });
  }
});
