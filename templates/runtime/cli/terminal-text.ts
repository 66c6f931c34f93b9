/**
 * Terminal text: the one door for text that came from a schema, a binding, a host or a file and
 * is printed on a terminal, shared by the generator's commands (generator/terminal.ts) and the
 * generated command lines' help. A terminal obeys what it prints: ESC starts sequences that move
 * the cursor, retitle the window, write the clipboard (OSC 52) or plant links (OSC 8); CR and BS
 * overwrite what a line said; C1 controls (U+0080–U+009F) are the same sequences in one character
 * on terminals that read them. Bidi controls reorder what a reader sees without changing the bytes
 * (the Trojan Source trick), so a method name could read as another. Each of these is shown as its
 * `\uXXXX` escape, as JSON writes it; line feed and tab, which text holds, stay. Escaping is
 * idempotent: the escaped form holds none of these characters.
 */

/**
 * What is shown escaped: C0 controls but line feed and tab, DEL, C1 controls, the line and
 * paragraph separators, and the bidi controls (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069, and the marks U+061C, U+200E, U+200F).
 */
const HIDDEN_SET =
  "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
const HIDDEN = new RegExp(`[${HIDDEN_SET}]`, "g");
const ANY_HIDDEN = new RegExp(`[${HIDDEN_SET}]`);

const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;

/** True when `text` holds a character the terminal door shows escaped. */
export function hasHiddenCharacter(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

/** Text for a terminal, its lines kept: every other control character shown as `\uXXXX`. */
export function terminalText(text: string): string {
  return text.replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Text for one line of a terminal: line breaks become a space, then as terminalText. */
export function terminalLine(text: string): string {
  return terminalText(text.replace(LINE_BREAKS, " "));
}
