/**
 * A generated command line's help printed schema text raw: a summary or description holding ESC
 * (or a bidi override) reached the terminal of whoever ran `right-ctl demo --help`. Both help
 * pages now pass every line through the runtime's terminal door (cli/terminal-text.ts), the same
 * door the generator's own commands print through.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderToolHelp, renderToolsHelp } from "../../templates/runtime/cli/help.js";
import type { CliTable, CliTool } from "../../templates/runtime/cli/table.js";
import { statedSchema } from "../support/stated-schema.js";

const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function table(text: string): CliTable {
  const tool: CliTool = {
    method: `m${text}`,
    tool: `t${text}`,
    summary: text,
    timeoutMs: 1000,
    params: [{ name: `p${text}`, required: true, type: "string", description: text }],
    shapes: [{ name: `S${text}`, type: text }],
    openKeys: false,
    schema: statedSchema({}),
    validate: () => ({ ok: true, value: {} }) as never,
  };
  return { command: `cmd${text}`, connection: "suite", verbatimKeys: [`p${text}`], tools: [tool] };
}

describe("the generated CLI's help", () => {
  it("shows ESC and bidi controls from a schema escaped, never raw", () => {
    const hostile = table("\u001b]8;;https://evil.example\u0007x\u001b]8;;\u0007 \u202eevil");
    for (const page of [renderToolsHelp(hostile), renderToolHelp(hostile, hostile.tools[0] as CliTool)]) {
      expect(page).not.toMatch(HIDDEN);
      expect(page).toContain("\\u001b]8;;https://evil.example\\u0007x");
    }
  });

  it("holds no hidden character for any schema text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (text) => {
        const hostile = table(text);
        expect(renderToolsHelp(hostile)).not.toMatch(HIDDEN);
        expect(renderToolHelp(hostile, hostile.tools[0] as CliTool)).not.toMatch(HIDDEN);
      }),
      { numRuns: 300 },
    );
  });
});
