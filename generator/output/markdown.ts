/**
 * Markdown for text that came from a schema: contract values may hold backticks, pipes or
 * newlines, and must never break out of the code span, fence or list item they sit in.
 */

/** Inline code that survives any backticks in the text. */
export function inlineCode(text: string): string {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, " ");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = longest > 0 ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** Free text on one line, with Markdown-significant characters escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>()#+!|~]/g, (char) => `\\${char}`).replace(/[\r\n\u2028\u2029]+/g, " ");
}

/** A code fence longer than any backtick run in the lines, so no content line can close it. */
export function codeBlock(language: string, lines: readonly string[]): string[] {
  const longest = Math.max(2, ...lines.flatMap((line) => [...line.matchAll(/`+/g)].map((run) => run[0].length)));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${language}`, ...lines, fence];
}
