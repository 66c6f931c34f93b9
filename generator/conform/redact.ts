/**
 * The last guard before any output: every value of a sensitive param that a finding's calls
 * carried, and every value given by --value, is replaced by `<redacted>` wherever it appears in
 * text (a host's message quoting a token, say). Params are redacted where they are shown
 * (reproducer.ts); this catches what slips past that. Values shorter than a few characters are
 * left alone: they are no secret, and replacing them would mangle the text.
 */
import { isJsonObject } from "../json.js";
import type { Finding } from "./findings.js";
import { jsonText } from "./json-text.js";
import { REDACTED } from "./reproducer.js";

const SHORTEST_SECRET = 6;

export class Redactor {
  readonly #secrets = new Set<string>();

  constructor(given: ReadonlyMap<string, string>) {
    for (const value of given.values()) this.#add(value);
  }

  learn(findings: readonly Finding[]): void {
    for (const finding of findings) {
      for (const step of finding.steps) {
        if (!isJsonObject(step.params)) continue;
        for (const name of step.method.sensitiveParams) this.#add(step.params[name]);
      }
    }
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
