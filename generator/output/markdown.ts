/**
 * The Markdown door, for text that came from a schema: contract values may hold backticks, pipes,
 * newlines or HTML, and must never break out of the code span, fence or list item they sit in;
 * and on GitHub they must not ping anyone, plant a link or render an emoji.
 *
 * - Names go in code spans (`inlineCode`): GitHub makes no mention, autolink or emoji inside
 *   code, and neither does any CommonMark renderer.
 * - Prose (`escapeMarkdown`) is escaped with backslashes (`*`, `_`, `<`, `&`, `$`, …: no emphasis,
 *   no HTML, no entity, no math), and any word that GitHub or a linkifier could turn into something live is
 *   shown as a code span instead: a word holding `@` (a mention, `@org/team`, an email), a `:`
 *   before more text (`https:`, `mailto:`, an emoji shortcode), `//`, `www.`, an issue reference
 *   (`#12`, `GH-12`), or ending in a dot and a word of letters (a bare domain, `x.io`, which
 *   markdown-it's linkify links). Escapes cannot do this: GitHub finds mentions and emoji in the
 *   rendered text, after `\@` and `&#64;` have become `@` again; a zero-width space after the `@`
 *   works but leaves an invisible character in what a reader copies.
 * - Control characters and bidi controls are shown as `\uXXXX` (the terminal door's rule): a
 *   reviewer sees what the schema holds.
 */
import { terminalLine } from "../terminal.js";

/**
 * Inline code that survives any backticks in the text. Empty text is a code span of one space:
 * a bare pair of backticks is no code span, but an opener that a later span's backticks close.
 */
export function inlineCode(text: string): string {
  const flat = terminalLine(text);
  if (flat === "") return "` `";
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = longest > 0 ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** Characters a backslash keeps from being Markdown: emphasis, code, links, HTML, entities, tables, GitHub's `$` math. */
const SYNTAX = /[\\`*_{}[\]<>()#+!|~&$]/g;

/**
 * Where a linkifier ends a domain's last label: a space, punctuation or control character, or
 * a character the escaping above splits the text at.
 */
const LABEL_END = "[\\p{Z}\\p{P}\\p{Cc}<>｜\\\\`*_{}\\[\\]()#+!|~&$]";

/** A word GitHub or a linkifier could make live: a mention, a link, an email, an emoji, a reference. */
const LIVE = new RegExp(
  [
    "@",
    ":.",
    "//",
    "www\\.",
    "#\\d",
    "\\bgh-\\d",
    "\\.xn--",
    // A dot and a label of letters that ends the host (`evil.com`, `evil.com/x`), not `demo.v1`.
    `\\.\\p{L}{2,}(?=$|${LABEL_END})(?!\\.(?!$|${LABEL_END}))`,
  ].join("|"),
  "iu",
);

/** Free text on one line, Markdown-significant characters escaped and live words in code spans. */
export function escapeMarkdown(text: string): string {
  return terminalLine(text)
    .split(/([ \t]+)/)
    .map((part, index) =>
      index % 2 === 1 ? part : LIVE.test(part) ? inlineCode(part) : part.replace(SYNTAX, (char) => `\\${char}`),
    )
    .join("");
}

/** A code fence longer than any backtick run in the lines, so no content line can close it. */
export function codeBlock(language: string, lines: readonly string[]): string[] {
  const longest = Math.max(2, ...lines.flatMap((line) => [...line.matchAll(/`+/g)].map((run) => run[0].length)));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${language}`, ...lines, fence];
}
