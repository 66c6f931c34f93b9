/**
 * Regression (issue 11): a change that only documents — an `x-…` keyword, `title`,
 * `description`, `examples`, `$comment`, and docs/evolution.md's other annotations — is never breaking
 * or dangerous, wherever it sits: in params, in results, in a definition both reach through
 * `$ref`, or inside a keyword the diff does not model (`not`), whose change used to be
 * "breaking: review by hand" even when only its description moved. Each is reported as an
 * `annotation` entry, for reviewers, and `diff` exits 0.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();

type Json = { [key: string]: unknown };

function contract(): Json {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "fixture.annotations.v1",
    $defs: {
      label: { type: "string", maxLength: 20 },
      ping: {
        params: {
          type: "object",
          properties: {
            name: { type: "string" },
            label: { $ref: "#/$defs/label" },
            tag: { type: "string", not: { const: "" } },
          },
          required: ["name"],
        },
        result: {
          type: "object",
          properties: { id: { type: "string" }, label: { $ref: "#/$defs/label" } },
          required: ["id"],
        },
      },
    },
  };
}

/** Where the annotation goes, as a path from the root. */
const SITES: Readonly<Record<string, readonly string[]>> = {
  "a param": ["$defs", "ping", "params", "properties", "name"],
  "a param's not": ["$defs", "ping", "params", "properties", "tag", "not"],
  "the result": ["$defs", "ping", "result"],
  "a result field": ["$defs", "ping", "result", "properties", "id"],
  "a definition params and result both reach": ["$defs", "label"],
};

/** Two values of each annotation keyword. */
const KEYWORDS: Readonly<Record<string, readonly [unknown, unknown]>> = {
  "x-rust-type": ["demo::Name", "demo::Label"],
  title: ["Name", "Label"],
  description: ["old", "new"],
  examples: [["a"], ["b"]],
  $comment: ["one", "two"],
  default: ["a", "b"],
  deprecated: [false, true],
  readOnly: [false, true],
  writeOnly: [false, true],
  markdownDescription: ["*old*", "*new*"],
};

function at(root: Json, path: readonly string[]): Json {
  return path.reduce<Json>((node, key) => node[key] as Json, root);
}

/** The contract with `keyword` set to `value` at `path`, or without it when `value` is undefined. */
function variant(path: readonly string[], keyword: string, value: unknown): Json {
  const root = contract();
  if (value !== undefined) at(root, path)[keyword] = value;
  return root;
}

async function diff(before: Json, after: Json): Promise<{ code: number; report: { breaking: boolean; changes: Json[] } }> {
  const dir = await cleanups.dir();
  const [oldFile, newFile] = [join(dir, "old.json"), join(dir, "new.json")];
  writeFileSync(oldFile, JSON.stringify(before));
  writeFileSync(newFile, JSON.stringify(after));
  const run = await runCli(["diff", oldFile, newFile, "--format", "json"]);
  return { code: run.code, report: JSON.parse(run.stdout) };
}

const cases = Object.entries(SITES).flatMap(([site, path]) =>
  Object.entries(KEYWORDS).flatMap(([keyword, [one, two]]) =>
    (
      [
        ["added", undefined, one],
        ["changed", one, two],
        ["removed", one, undefined],
      ] as const
    ).map(([change, before, after]) => ({ name: `${keyword} ${change} in ${site}`, path, keyword, before, after })),
  ),
);

describe("an annotation-only change is never breaking", () => {
  it.each(cases)("$name", async ({ path, keyword, before, after }) => {
    const { code, report } = await diff(variant(path, keyword, before), variant(path, keyword, after));
    expect(code).toBe(0);
    expect(report.breaking).toBe(false);
    expect(report.changes.length).toBeGreaterThan(0);
    expect(report.changes.filter((change) => change.severity !== "annotation")).toEqual([]);
  });
});
