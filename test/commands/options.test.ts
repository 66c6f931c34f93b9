/**
 * One option table per command (generator/commands/options.ts): its parser, its own --help and
 * the top-level usage are all made from it. Held for every command of the table: the synopsis
 * names exactly the table's options, the page lists each, every line fits 100 columns, and the
 * parser takes what the table says and refuses what it does not.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import {
  COMMAND_SPECS,
  commandHelp,
  parseCommandArgs,
  topLevelHelp,
  usageLines,
  type CommandName,
  type CommandSpec,
} from "../../generator/commands/options.js";
import { TERMINAL_COLUMNS } from "../../generator/terminal-style.js";

const NAMES = Object.keys(COMMAND_SPECS) as CommandName[];

/** What `main` printed, and its exit code. */
async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe.each(NAMES)("%s", (name) => {
  const spec: CommandSpec = COMMAND_SPECS[name];
  const options = Object.keys(spec.options).filter((option) => option !== "help");

  it("names exactly its table's options in its synopsis", () => {
    const named = [...spec.synopsis.matchAll(/--([a-z][a-z-]*)/g)].map(([, option]) => option);
    expect([...new Set(named)].sort()).toEqual([...options].sort());
  });

  it("answers --help with its own page: every option, within 100 columns", async () => {
    const page = name === "host" ? undefined : await run([name, "--help"]);
    const lines = page === undefined ? commandHelp(name) : page.out.split("\n");
    if (page !== undefined) expect(page.code).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^Usage: rightkit-bindgen ${name}\\b`));
    for (const option of options)
      expect(
        lines.some((line) => line.startsWith(`  --${option}`)),
        option,
      ).toBe(true);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(TERMINAL_COLUMNS);
  });

  it("parses every option its table has, and refuses one it has not", () => {
    const args = Object.entries(spec.options).flatMap(([option, about]) =>
      "value" in about ? [`--${option}`, "x"] : [`--${option}`],
    );
    const { values } = parseCommandArgs(spec, args);
    expect(Object.keys(values).sort()).toEqual(Object.keys(spec.options).sort());
    expect(() => parseCommandArgs(spec, ["--no-such-option"])).toThrow(/Unknown option '--no-such-option'/);
  });
});

describe("the top-level usage", () => {
  it("lists every command with its synopsis, within 100 columns", async () => {
    const { code, out } = await run(["--help"]);
    expect(code).toBe(0);
    expect(out).toBe(topLevelHelp().join("\n"));
    for (const name of NAMES) expect(out).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    for (const line of out.split("\n")) expect(line.length, line).toBeLessThanOrEqual(TERMINAL_COLUMNS);
  });

  it("never breaks a usage line inside a bracketed group", () => {
    const blockAfter = (lines: readonly string[], first: number): string[] => {
      const end = lines.indexOf("", first);
      return lines.slice(first, end === -1 ? lines.length : end);
    };
    const top = topLevelHelp();
    const usage = [
      ...blockAfter(top, top.indexOf("Commands:") + 1),
      ...NAMES.flatMap((name) => [...usageLines(name), ...blockAfter(commandHelp(name), 0)]),
    ];
    for (const line of usage) {
      let depth = 0;
      for (const char of line) depth += char === "[" || char === "(" ? 1 : char === "]" || char === ")" ? -1 : 0;
      expect(depth, line).toBe(0);
    }
  });
});
