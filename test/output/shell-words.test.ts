/**
 * The shell-words door (generator/output/shell.ts): a line it prints, pasted into bash, gives the
 * program exactly the words it was built from, whatever they hold: shell syntax, quotes,
 * newlines, control and bidi characters, non-ASCII text. bash reads the line with no program on
 * its PATH, so its command-not-found hook receives the program's word and the rest: each word
 * is checked as it arrives, the program's too (where a bare `A=b` would be an assignment and
 * `if` a reserved word). History expansion is on, as where a person pastes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellCommand, shellWord } from "../../generator/output/shell.js";

/** bash itself, found once: the lines run with a PATH that holds no program. */
const BASH = spawnSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim();

/**
 * The program's stand-in, and history expansion on as in an interactive shell (where a person
 * pastes): `!!` outside single quotes would be replaced by the previous line.
 */
const HOOK = `command_not_found_handle() { printf '%s\\0' "$@"; }\nset -o history -H\n:`;

/** bash's own builtins: those run instead of the hook, so a program's word is never one of them. */
const BUILTINS: ReadonlySet<string> = new Set(
  spawnSync(BASH, ["-c", "compgen -b; compgen -k"], { encoding: "utf8" }).stdout.split("\n"),
);

/** Runs `line` in bash in an empty folder; the words the program got, and what the folder holds after. */
function paste(line: string): { words: string[]; created: string[]; stderr: string } {
  const cwd = mkdtempSync(join(tmpdir(), "rightkit-shell-"));
  const run = spawnSync(BASH, ["-c", `${HOOK}\n${line}`], {
    cwd,
    env: { PATH: join(cwd, "no-such-dir"), LC_ALL: "C" },
    encoding: "buffer",
  });
  const created = readdirSync(cwd);
  rmSync(cwd, { recursive: true, force: true });
  const text = run.stdout.toString("utf8");
  return { words: text === "" ? [] : text.slice(0, -1).split("\0"), created, stderr: run.stderr.toString("utf8") };
}

/** A half of a surrogate pair alone: no UTF-8 text (argv, a terminal, a file) can carry one. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const HOSTILE = [
  "x;touch PWNED;:",
  "$(touch PWNED)",
  "`touch PWNED`",
  "a b",
  "it's",
  '"quoted"',
  "back\\slash",
  "new\nline",
  "tab\there",
  "\u001b]0;title\u0007",
  "\u009b31m",
  "a\u202eb",
  "!!",
  "it's!!x",
  "it's\n!!",
  "!$",
  "~root",
  "*",
  "{a,b}",
  "=ls",
  "A=b",
  "if",
  "-n",
  "#comment",
  "",
  "ünïcødé 名前 🚀",
  "'",
  "\\'",
  "$'x'",
  "\r",
  "\u007f",
];

/** Strings from every corner: shell syntax, quotes, line breaks, controls, bidi, non-ASCII; never NUL (no argv holds one). */
const word = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    {
      weight: 3,
      arbitrary: fc.string({
        unit: fc.constantFrom(..."$`'\"\\;|&<>(){}[]*?!#~= \n\t\r\u001b\u0085\u202e-aZ9".split("")),
        maxLength: 10,
      }),
    },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...HOSTILE), { maxLength: 3 }).map((parts) => parts.join("")) },
  )
  .filter((text) => !text.includes("\0") && !LONE_SURROGATE.test(text));

/** The program's word: not empty, no slash (bash runs a path, not the hook), no builtin. */
const program = word.filter((text) => text !== "" && !text.includes("/") && !BUILTINS.has(text));

describe("shell words: a pasted line gives the program exactly its words", () => {
  it("named hostile words, each as a program and as an argument", () => {
    for (const text of HOSTILE) {
      const args = ["demo", text, `key=${text}`];
      const line = shellCommand(["right-ctl", ...args]);
      const pasted = paste(line);
      expect(pasted.words, line).toEqual(["right-ctl", ...args]);
      expect(pasted.created, line).toEqual([]);
      if (text !== "" && !text.includes("/") && !BUILTINS.has(text)) {
        const asProgram = paste(shellCommand([text, "x"]));
        expect(asProgram.words, shellCommand([text, "x"])).toEqual([text, "x"]);
        expect(asProgram.created).toEqual([]);
      }
    }
  });

  it("arbitrary lines: every word arrives unchanged and nothing else runs (100 lines through bash)", () => {
    let quoted = 0;
    fc.assert(
      fc.property(program, fc.array(word, { maxLength: 5 }), (command, args) => {
        const line = shellCommand([command, ...args]);
        // One printable line: the terminal shows what bash reads.
        expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        const pasted = paste(line);
        expect(pasted.words, `${line}\n${pasted.stderr}`).toEqual([command, ...args]);
        expect(pasted.created).toEqual([]);
        if (line.includes("'")) quoted += 1;
      }),
      { numRuns: 100 },
    );
    // Both outcomes were drawn: lines that needed quoting, and (below) bare words that stay bare.
    expect(quoted).toBeGreaterThan(10);
  });

  it("a word that needs no quoting stays bare; the program's word is quoted where bare would be syntax", () => {
    expect(shellCommand(["right-ctl", "demo", "act", "ref=e1", "op=click", "--suite-root", "/tmp/x"])).toBe(
      "right-ctl demo act ref=e1 op=click --suite-root /tmp/x",
    );
    expect(shellWord("a b")).toBe("'a b'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord("")).toBe("''");
    expect(shellWord("=ls")).toBe("'=ls'");
    expect(shellWord("a\nb")).toBe("$'a\\nb'");
    expect(shellWord("\u001b[2J")).toBe("$'\\033[2J'");
    expect(shellWord("it's\n!")).toBe("$'it\\047s\\n\\041'");
    expect(shellCommand(["A=b", "x"])).toBe("'A=b' x");
    expect(shellCommand(["if", "x"])).toBe("'if' x");
  });
});
