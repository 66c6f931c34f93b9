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

export async function formatTypeScript(source: string): Promise<string> {
  return format(source, { ...PRETTIER_OPTIONS });
}
