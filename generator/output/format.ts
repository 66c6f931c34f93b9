/**
 * The one place that knows how generated code is formatted. The layout is prettier's with the
 * pinned options below; the formatter that produces it is oxfmt (pinned in package.json), 10–40×
 * faster on megabytes of validators, plus one layout rule of prettier's that oxfmt lacks
 * (`unionOnNextLine`). The emitters avoid the one construct the two break differently (a
 * negated group at the top of an `if`, see typeMiss in emit/validators/keyword-emitters/guard.ts).
 * test/output/formatting.test.ts proves prettier would change nothing in any committed
 * file, golden or corpus output, with prettier itself (test/support/prettier.ts): prettier is
 * the reference, never used to generate, so it is not a dependency of the package.
 */
import { format as oxfmt } from "oxfmt";

export const PRETTIER_OPTIONS = {
  parser: "typescript",
  printWidth: 110,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
} as const;

const { parser: _parser, ...OXFMT_OPTIONS } = PRETTIER_OPTIONS;

/** `fileName` (a `.ts` name) says the source is TypeScript, not JSX. */
export async function formatTypeScript(source: string, fileName = "generated.ts"): Promise<string> {
  const { code, errors } = await oxfmt(fileName, source, OXFMT_OPTIONS);
  // Code that does not parse is the emitters' fault: a plain Error, exit 3.
  if (errors.length > 0) throw new Error(`generated ${fileName} does not parse: ${errors[0]?.message ?? "syntax error"}`);
  return unionOnNextLine(code);
}

const ALIAS_HEAD = /^(export )?type [^\n]* =$/;
const MEMBER = /^ {2}\| (.*)$/;
/** Printable characters one column wide each, one UTF-16 code unit each. */
const ONE_COLUMN = /^[\x20-\x7e\u00a0-\u02ff\u0370-\u04ff]*$/;

/**
 * A type alias too long for one line whose union fits on the next one: prettier writes
 * `type X =\n  A | B;`, oxfmt always `type X =\n  | A\n  | B;`. Rewritten here for top-level
 * aliases whose members each took one line (no comments, no member broken over lines). Widths
 * count one column per character, as prettier does for ASCII, Latin, Greek and Cyrillic; a line
 * with other characters (wide, combining, emoji) is left alone rather than measured differently.
 */
function unionOnNextLine(text: string): string {
  if (!text.includes("\n  | ")) return text;
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    out.push(line);
    if (!ALIAS_HEAD.test(line)) continue;
    const members: string[] = [];
    let end = i + 1;
    for (; end < lines.length; end++) {
      const member = MEMBER.exec(lines[end] as string);
      if (member === null) break;
      members.push(member[1] as string);
      if (member[1]?.endsWith(";")) break;
    }
    if (end === lines.length || members.length < 2 || !members[members.length - 1]?.endsWith(";")) continue;
    const joined = `  ${members.join(" | ")}`;
    if (joined.length > PRETTIER_OPTIONS.printWidth || !ONE_COLUMN.test(joined) || /\/[/*]/.test(joined)) continue;
    out.push(joined);
    i = end;
  }
  return out.join("\n");
}
