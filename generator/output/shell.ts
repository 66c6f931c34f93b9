/**
 * Shell words: the one door for a command line printed for a person to paste. A line is built
 * from words and each word is quoted here, so a method name, a value or a binding's command
 * that holds `;`, `$(…)`, a quote or a newline arrives at the program as one word, unchanged,
 * and runs nothing.
 *
 * The quoting is POSIX sh's, read the same by bash, zsh, ksh and dash (fish is not a POSIX shell):
 * - a word of only `A-Z a-z 0-9 _ @ % + = : , . / -` stays bare (a leading `=` is quoted: zsh
 *   expands `=cmd`);
 * - any other word is single-quoted, a `'` in it written `'\''`;
 * - a word holding a character the terminal door would escape (controls, DEL, C1, bidi
 *   controls) or a line feed or tab is ANSI-C quoted, `$'…'`, with those characters (and `\`,
 *   `'`, `!`) as escapes, so the line stays one printable line and the terminal shows what the
 *   shell reads. `$'…'` is bash's, zsh's and ksh's, and POSIX.1-2024's.
 * The first word of a line is in command position, where a bare `NAME=value` is an assignment and
 * `if`, `time`, … are reserved words: such a word is quoted there.
 */
import { hasHiddenCharacter } from "../terminal.js";

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Words a shell reads as syntax in command position (bash's, zsh's and ksh's reserved words). */
const RESERVED: ReadonlySet<string> = new Set([
  "case",
  "coproc",
  "do",
  "done",
  "elif",
  "else",
  "end",
  "esac",
  "fi",
  "for",
  "foreach",
  "function",
  "if",
  "in",
  "nocorrect",
  "repeat",
  "select",
  "then",
  "time",
  "until",
  "while",
]);

/** Named escapes inside `$'…'`; every other escaped character is written as octal bytes. */
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\" };

/** A word the shell reads back as itself: bare when it can be, else quoted. */
export function shellWord(word: string): string {
  if (BARE.test(word) && !word.startsWith("=")) return word;
  if (/[\n\t]/.test(word) || hasHiddenCharacter(word)) return ansiC(word);
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line: `words[0]` is the program, each word quoted by shellWord. */
export function shellCommand(words: readonly string[]): string {
  return words.map((word, index) => (index === 0 ? commandWord(word) : shellWord(word))).join(" ");
}

/** The program's word: quoted also when a bare one would be an assignment or a reserved word. */
function commandWord(word: string): string {
  const quoted = shellWord(word);
  return quoted === word && (word.includes("=") || RESERVED.has(word)) ? `'${word}'` : quoted;
}

/**
 * `$'…'`: `'` and `!` as octal too, so neither the quote's end nor bash's history expansion
 * can be read into the word; octal is always three digits, which every shell reads the same.
 */
function ansiC(word: string): string {
  let body = "";
  for (const char of word) {
    const named = NAMED[char];
    if (named !== undefined) body += named;
    else if (char === "'" || char === "!" || hasHiddenCharacter(char)) body += octalBytes(char);
    else body += char;
  }
  return `$'${body}'`;
}

function octalBytes(char: string): string {
  return [...Buffer.from(char, "utf8")].map((byte) => `\\${byte.toString(8).padStart(3, "0")}`).join("");
}
