/**
 * A person's terminal (issue 35): colour only where a terminal wants it (FORCE_COLOR, NO_COLOR,
 * a TTY, TERM=dumb), a live line only on a terminal outside CI, drawn at most every 100 ms and
 * cleared after, and tables that fit 100 columns whatever their cells.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitted } from "../../generator/values/render-text.js";
import { colourWanted, hanging, LiveLine, paint, progressWanted, TERMINAL_COLUMNS } from "../../generator/terminal-style.js";

const TTY = { isTTY: true };
const PIPE = { isTTY: false };

describe("colour", () => {
  it.each([
    [TTY, {}, true],
    [PIPE, {}, false],
    [TTY, { NO_COLOR: "1" }, false],
    [TTY, { NO_COLOR: "" }, true],
    [TTY, { TERM: "dumb" }, false],
    [PIPE, { FORCE_COLOR: "1" }, true],
    [TTY, { FORCE_COLOR: "0" }, false],
    [TTY, { FORCE_COLOR: "false" }, false],
    [PIPE, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
  ] as const)("%o with %o: %s", (stream, env, wanted) => {
    expect(colourWanted(stream, env)).toBe(wanted);
  });

  it("reaches the terminal only after the terminal door: a schema's escape is shown, ours painted", async () => {
    const run = (env: NodeJS.ProcessEnv) =>
      promisify(execFile)(
        process.execPath,
        [
          "generator/bin/rightkit-bindgen.js",
          "diff",
          ...["old", "new"].map((side) => `test/fixtures/evolution/param-added-required/${side}.json`),
        ],
        { env: { ...process.env, ...env } },
      ).then(
        () => "",
        (error: { stdout: string }) => error.stdout,
      );
    const [forced, refused] = await Promise.all([
      run({ FORCE_COLOR: "1", NO_COLOR: undefined }),
      run({ NO_COLOR: "1", FORCE_COLOR: undefined }),
    ]);
    const breaking = forced.split("\n").find((line) => line.includes("param_added_required"));
    expect(breaking).toMatch(/^\u001b\[31mbreaking .*\u001b\[0m$/);
    expect(refused).not.toContain("\u001b");
    expect(refused).toContain("breaking");
  });
});

describe("the live line", () => {
  it.each([
    [TTY, {}, true],
    [PIPE, {}, false],
    [TTY, { CI: "true" }, false],
    [TTY, { CI: "false" }, true],
    [TTY, { TERM: "dumb" }, false],
  ] as const)("%o with %o: %s", (stream, env, wanted) => {
    expect(progressWanted(stream, env)).toBe(wanted);
  });

  it("draws in place, skips a redraw within 100 ms, and clears only what it drew", () => {
    const written: string[] = [];
    const line = new LiveLine((text) => written.push(text));
    line.clear();
    expect(written).toEqual([]);
    line.show("a");
    line.show("b");
    expect(written).toEqual(["\r\u001b[Ka"]);
    line.clear();
    expect(written).toEqual(["\r\u001b[Ka", "\r\u001b[K"]);
  });

  it("paints with one SGR and a reset", () => {
    expect(paint("x", "bad")).toBe("\u001b[31mx\u001b[0m");
  });
});

describe("tables fit the terminal", () => {
  const cell = fc.string({ unit: fc.constantFrom("a", "b", "1", "!"), minLength: 1, maxLength: 24 });

  it("every line of a fitted table is at most 100 columns, every cell is shown once, the first column in every block", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((width) =>
          fc.record({
            columns: fc.array(
              cell.map((text) => `c${text}`),
              { minLength: width, maxLength: width },
            ),
            rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
          }),
        ),
        ({ columns, rows }) => {
          const lines = fitted(columns, rows, TERMINAL_COLUMNS);
          const firstWidth = Math.max(...[columns, ...rows].map((row) => (row[0] ?? "").length));
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(Math.max(TERMINAL_COLUMNS, firstWidth + 2 + 24));
          const blocks = lines.join("\n").split("\n\n");
          expect(blocks.length).toBeLessThanOrEqual(Math.max(1, columns.length - 1));
          for (const block of blocks) expect(block.split("\n")[0]?.startsWith(columns[0] ?? "")).toBe(true);
          const headers = blocks.map((block) => block.split("\n")[0] ?? "").join(" ");
          for (const column of columns.slice(1)) expect(headers).toContain(column);
        },
      ),
      { numRuns: 300, seed: 35 },
    );
  });
});

describe("text fits the terminal", () => {
  it("hanging breaks at spaces within the width and indents the rest under the text", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "-"), minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.nat({ max: 30 }), (words, headWidth) => {
        const head = `${"h".repeat(headWidth)} `;
        const lines = hanging(head, words.join(" "));
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(TERMINAL_COLUMNS);
        expect(lines[0]?.startsWith(head)).toBe(true);
        for (const line of lines.slice(1)) expect(line.startsWith(" ".repeat(head.length))).toBe(true);
        expect(
          lines
            .join(" ")
            .split(" ")
            .filter((part) => part !== "" && !/^h+$/.test(part)),
        ).toEqual(words);
      }),
      { numRuns: 300, seed: 35 },
    );
  });

  it.each([[], ["host"], ["conform"], ["generate"]])(
    "rightkit-bindgen %s --help: every line at most 100 columns",
    async (...command) => {
      const { stdout } = await promisify(execFile)(process.execPath, ["generator/bin/rightkit-bindgen.js", ...command, "--help"]);
      const long = stdout.split("\n").filter((line) => line.length > TERMINAL_COLUMNS);
      expect(long).toEqual([]);
    },
  );
});
