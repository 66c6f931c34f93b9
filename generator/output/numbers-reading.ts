/**
 * Which way a generated binding reads 64-bit integers, from its manifest.ts (emit/manifest.ts
 * writes `numbers: { int64: "bigint" }` only in bigint mode), and what a switch costs callers:
 * every `int64`/`uint64` location changes type (`number` ↔ `bigint`), so a caller's code that
 * reads or builds those values no longer compiles or compares — a breaking change, whichever way.
 * `check` and `update` say so beside the API-surface diff.
 */
import type { Int64Reading } from "../schema/integers.js";

export const MANIFEST_FILE = "manifest.ts";

/** The reading a manifest.ts text declares; undefined for no text (no committed binding yet). */
export function int64ReadingOf(manifest: string | undefined): Int64Reading | undefined {
  if (manifest === undefined) return undefined;
  return /\bint64: "bigint"/.test(manifest) ? "bigint" : "number";
}

/** One line for reviewers when the reading changed between two manifests; undefined when it did not. */
export function int64ReadingChange(before: string | undefined, after: string | undefined): string | undefined {
  const from = int64ReadingOf(before);
  const to = int64ReadingOf(after);
  if (from === undefined || to === undefined || from === to) return undefined;
  return `breaking for callers: 64-bit integers (format int64/uint64) are now read as ${to}, not ${from} (binding numbers.int64); every such field changes type`;
}
