/**
 * The `--stdio` value: the server's command and arguments, by the one rule the generated CLIs'
 * `--server` option follows too (the runtime's `commandWords`). No shell ever reads it.
 */
import { commandWords } from "../../templates/runtime/cli/command-line.js";
import { BindgenError } from "../errors.js";

export function serverCommand(value: string): readonly string[] {
  const read = commandWords(value);
  if (!read.ok) throw new BindgenError("bad_argument", `--stdio ${read.reason}`);
  return Object.freeze([...read.words]);
}

/** A word that reads back as itself: no whitespace, quotes, brackets, backslashes or control characters. */
const PLAIN_WORD = /^[^\s"'`\\[\]\u0000-\u001f\u007f-\u009f]+$/u;

/** The command as messages quote it, on one line: plain words as they are, any other word as a JSON string. */
export function showCommand(words: readonly string[]): string {
  return `\`${words.map((word) => (PLAIN_WORD.test(word) ? word : JSON.stringify(word))).join(" ")}\``;
}
