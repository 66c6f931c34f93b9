/**
 * Regression: `BindgenError.oneLine()` collapsed only line breaks, and an error's location (a
 * JSON pointer built from schema keys) reached the terminal raw: an ESC or bidi character in a
 * key reached the terminal. The whole line now goes through the terminal door; and a real
 * schema with such a key gives one line without them on the way out of the CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BindgenError } from "../../generator/errors.js";
import { runCli } from "../support/bindgen.js";

const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("an error's location reaches the terminal raw", () => {
  it("oneLine shows control and bidi characters of the location and message escaped", () => {
    const error = new BindgenError("dangling_ref", "no schema at x\u001b[2Jy", {
      file: "schema.json",
      pointer: "#/$defs/a\u001b]0;pwned\u0007b\u202ec",
    });
    const line = error.oneLine();
    expect(line).not.toMatch(OBEYED);
    expect(line).toBe("schema.json:#/$defs/a\\u001b]0;pwned\\u0007b\\u202ec: no schema at x\\u001b[2Jy");
  });

  it("generate: a dangling $ref under a key holding ESC prints one line without it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rightkit-esc-"));
    try {
      const schema = {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "rightkit.test.esc.v1",
        $defs: { "bad\u001b[2J\u202ekey": { $ref: "#/$defs/nowhere" } },
      };
      writeFileSync(join(dir, "schema.json"), JSON.stringify(schema));
      const run = await runCli(["generate", "--contract", join(dir, "schema.json"), "--out", join(dir, "out")]);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(OBEYED);
      expect(run.stderr.split("\n")).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
