/**
 * scripts/contract-facts.mjs, the extractor that made test/fixtures/contract-facts/ from the
 * upstream documents, run as docs/testing.md says on a document of our own that uses every
 * reading rule once (test/fixtures/contract-docs/contract-facts-sample.md): the facts it gives
 * are exactly these, so a changed rule shows here before it reaches a refreshed fixture.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const SCRIPT = "scripts/contract-facts.mjs";
const SAMPLE = "test/fixtures/contract-docs/contract-facts-sample.md";
const scratch = mkdtempSync(join(tmpdir(), "contract-facts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function extract(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
const optional = (name: string): { name: string; required: false } => ({ name, required: false });

/** What the sample says, section by section, as the script's reading rules read it. */
const SAMPLE_FACTS = {
  document: {
    file: "contract-facts-sample.md",
    title: "Sample protocol (a test fixture)",
    version: "sample-tools 2.3.4",
    sha256: sha256(readFileSync(SAMPLE, "utf8")),
  },
  extractedBy: SCRIPT,
  sections: [
    { heading: "Envelope", examples: [{ jsonrpc: "2.0", id: 1, method: "sample.find", params: { query: "a" } }] },
    {
      heading: "Methods",
      entries: [
        { name: "sample.ping", result: { ok: true } },
        {
          name: "sample.find",
          params: [
            { name: "query", required: true },
            { name: "limit", required: false, type: "integer", minimum: 1 },
            optional("owner"),
            { name: "name", required: true },
            { name: "mode", required: false, type: "string", default: "fast", enum: ["fast", "full"] },
            { name: "scope", required: false, type: "string", enum: ["local", "remote", "all"] },
            { name: "strict", required: false, type: "boolean", default: false },
            { name: "fields", required: false, type: ["array", "string"] },
            { name: "label", required: false, type: "string" },
            optional("note"),
          ],
        },
        { name: "sample.list", params: [] },
      ],
    },
    { heading: "Notifications", entries: [{ name: "sample.ready", params: [optional("ok")] }] },
    { heading: "Errors", tables: [{ column: "code", values: ["not_found", "busy"] }], rpcErrorCodes: [-32601, -32602] },
    {
      heading: "Schema",
      schemas: [
        {
          $id: "sample.v1",
          sha256: sha256('{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$id": "sample.v1"\n}\n'),
          bytes: 86,
        },
      ],
    },
  ],
};

describe("scripts/contract-facts.mjs", () => {
  it("reads every rule of the sample document into its facts, and says which fence it left out", () => {
    const run = extract(SAMPLE);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(SAMPLE_FACTS);
    expect(run.stderr).toMatch(new RegExp(`^${SAMPLE}:16: a json fence that does not parse, left out: .+\\n$`));
  });

  it("writes the same JSON to --out, pretty and newline-terminated, and nothing to stdout", () => {
    const out = join(scratch, "facts.json");
    const run = extract(SAMPLE, "--out", out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(readFileSync(out, "utf8")).toBe(`${JSON.stringify(SAMPLE_FACTS, null, 2)}\n`);
  });

  it("a document with no version line is unversioned", () => {
    const doc = join(scratch, "plain.md");
    writeFileSync(doc, "# Plain\n\n## Methods\n\n### `a.b`\n");
    const facts = JSON.parse(extract(doc).stdout);
    expect(facts.document).toMatchObject({ file: "plain.md", title: "Plain", version: "unversioned" });
    expect(facts.sections).toEqual([{ heading: "Methods", entries: [{ name: "a.b" }] }]);
  });

  it("refuses other arguments with its usage and exit 2", () => {
    for (const args of [[], ["--out", "x.json"], [SAMPLE, "--out"], [SAMPLE, "extra"]]) {
      const run = extract(...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toBe("usage: node scripts/contract-facts.mjs <document.md> [--out FILE]\n");
    }
  });
});
