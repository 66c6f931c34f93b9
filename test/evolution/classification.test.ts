/**
 * One fixture pair per classification: test/fixtures/evolution/<case>/{old,new,expected}.json.
 * expected.json lists every change the diff must report (severity, kind, method, pointer) —
 * no more, no fewer; messages are for people and are not pinned here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffContracts } from "../../generator/evolution/diff.js";
import { loadContract } from "../../generator/load/contract.js";

const FIXTURES = "test/fixtures/evolution";

interface Expected {
  readonly severity: string;
  readonly kind: string;
  readonly method?: string;
  readonly pointer: string;
}

const key = (change: Expected): string => JSON.stringify([change.severity, change.kind, change.method ?? "", change.pointer]);

function diffCase(name: string): Expected[] {
  const dir = join(FIXTURES, name);
  const diff = diffContracts(
    loadContract({ contract: join(dir, "old.json") }),
    loadContract({ contract: join(dir, "new.json") }),
  );
  return diff.changes.map(({ severity, kind, method, pointer }) => ({
    severity,
    kind,
    ...(method === undefined ? {} : { method }),
    pointer,
  }));
}

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("diff classifies each change by kind and severity", () => {
  it("has a fixture for every classification", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)("%s", (name) => {
    const expected: Expected[] = JSON.parse(readFileSync(join(FIXTURES, name, "expected.json"), "utf8"));
    expect(diffCase(name).map(key).sort()).toEqual(expected.map(key).sort());
  });

  it("reports nothing when a schema is compared with itself", () => {
    for (const name of cases) {
      const file = join(FIXTURES, name, "new.json");
      expect(diffContracts(loadContract({ contract: file }), loadContract({ contract: file })).changes, name).toEqual([]);
    }
  });
});
