/**
 * A command and its arguments given as one option value (`--server`, and the generator's
 * `introspect --stdio`): a JSON array of strings when it starts with `[` (for arguments with
 * spaces), else words split at whitespace. No shell ever reads it, so nothing in it is expanded.
 */
export type CommandWords = { ok: true; words: readonly string[] } | { ok: false; reason: string };

export function commandWords(value: string): CommandWords {
  if (value.trimStart().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, reason: "is not a JSON array of strings" };
    }
    const words = Array.isArray(parsed) ? (parsed as unknown[]) : [];
    if (words.length === 0 || !words.every((word) => typeof word === "string" && word !== ""))
      return { ok: false, reason: "needs a JSON array of non-empty strings" };
    return { ok: true, words: words as string[] };
  }
  const words = value.split(/\s+/).filter((word) => word !== "");
  return words.length === 0 ? { ok: false, reason: "needs a command" } : { ok: true, words };
}
