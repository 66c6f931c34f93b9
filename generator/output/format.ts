/** Prettier with a pinned configuration: the only formatting generated code ever gets. */
import { format } from "prettier";

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

/** `fileName` (a `.ts` name) tells prettier the source is not JSX, which spares a scan of the whole text. */
export async function formatTypeScript(source: string, fileName = "generated.ts"): Promise<string> {
  return format(source, { ...PRETTIER_OPTIONS, filepath: fileName });
}
