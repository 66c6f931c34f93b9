/** Renderings of a diff: schema text (enum values, property names) never breaks out of the Markdown. */
import { describe, expect, it } from "vitest";
import type { ContractDiff } from "../../generator/evolution/diff.js";
import { renderDiff } from "../../generator/evolution/render.js";

const HOSTILE: ContractDiff = {
  from: "x.v1",
  to: "x.v1",
  breaking: true,
  renames: [],
  changes: [
    {
      severity: "breaking",
      kind: "param_removed",
      method: "a`b",
      pointer: "#/$defs/a`b/params/properties/x",
      message: '"x\n# heading" removed',
    },
    { severity: "dangerous", kind: "enum_value_added", method: "m", pointer: "#/$defs/e", message: 'enum value "```" added' },
  ],
};

describe("diff renderings", () => {
  it("keeps every change on one Markdown list line, code spans intact", () => {
    const lines = renderDiff(HOSTILE, "markdown").split("\n");
    const items = lines.filter((line) => line.startsWith("- "));
    expect(items).toHaveLength(2);
    expect(lines.some((line) => line.startsWith("# heading"))).toBe(false);
    expect(items[0]).toContain("`` a`b ``");
    expect(items[1]).toContain("\\`\\`\\`");
  });

  it("prints text with a summary line first, then one line per change", () => {
    const lines = renderDiff(HOSTILE, "text").split("\n");
    expect(lines[0]).toBe("x.v1: 1 breaking, 1 dangerous — BREAKING");
    expect(lines).toHaveLength(3);
  });
});
