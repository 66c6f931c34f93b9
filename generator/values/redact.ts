/**
 * The last guard before any output: every value of a sensitive param a reported call carried, and
 * every value given by --value, is replaced by `<redacted>` wherever it appears in text (a host's
 * message quoting a token, say). Params are redacted where they are shown (redactedParams); this
 * catches what slips past that. Values shorter than a few characters are left alone: they are no
 * secret, and replacing them would mangle the text. conform and the proxy redact alike.
 */
import { isJsonObject } from "../json.js";
import { jsonText } from "./json-text.js";

/** What a sensitive value is written as, wherever one would be shown. */
export const REDACTED = "<redacted>";

const SHORTEST_SECRET = 6;

export class Redactor {
  readonly #secrets = new Set<string>();

  constructor(given: ReadonlyMap<string, string>) {
    for (const value of given.values()) this.#add(value);
  }

  /** Remembers the values of the sensitive params of one call's params. */
  learn(params: unknown, sensitiveParams: readonly string[]): void {
    if (!isJsonObject(params)) return;
    for (const name of sensitiveParams) this.#add(params[name]);
  }

  text(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    for (const secret of this.#secrets) {
      const escaped = jsonText(secret).slice(1, -1);
      if (escaped !== secret) out = out.split(escaped).join(REDACTED);
    }
    return out;
  }

  #add(value: unknown): void {
    if (typeof value === "string" && value.length >= SHORTEST_SECRET) this.#secrets.add(value);
  }
}

/** A copy of the params with each sensitive one's value replaced by `<redacted>`. */
export function redactedParams(params: unknown, sensitiveParams: readonly string[]): unknown {
  const shown = structuredClone(params) as unknown;
  if (isJsonObject(shown)) for (const name of sensitiveParams) if (Object.hasOwn(shown, name)) shown[name] = REDACTED;
  return shown;
}
