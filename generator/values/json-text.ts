/**
 * JSON text of what conform shows and saves — params, answers, reports — with a `bigint` (a
 * 64-bit integer of a bigint-mode binding) written as its digits, a JSON integer, as the wire
 * carried it. Text without a bigint is exactly `JSON.stringify`'s, so number mode's reports,
 * reproducers and fingerprints are unchanged; compact text is the runtime's own `writeJson`.
 */
import { randomBytes } from "node:crypto";
import { writeJson } from "../../templates/runtime/core/json-writer.js";

/** `JSON.stringify(value, null, space)`, a bigint written as its digits. */
export function jsonText(value: unknown, space?: number): string {
  if (space === undefined) return writeJson(value) ?? "undefined";
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  // JSON.stringify can indent but not write a bigint: each is written as a marked string first,
  // then the marks are replaced by the digits. The mark carries a fresh nonce, so no string of
  // the value can be taken for one.
  const nonce = randomBytes(8).toString("hex");
  const marked = JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${nonce}:${item}` : item), space);
  return marked.replace(new RegExp(`"${nonce}:(-?\\d+)"`, "g"), "$1");
}

/**
 * The params as they travel: what JSON makes of them (a null-prototype record a plain object,
 * -0 a 0, an undefined key gone), without printing and parsing them; a bigint stays one, as
 * the wire carries its digits.
 */
export function asSent(value: unknown): unknown {
  return value === undefined ? {} : asJson(value);
}

function asJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asJson(item)));
  if (typeof value === "object" && value !== null) {
    const plain: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      // `__proto__` as an own key, as JSON.parse makes it; every other key the quick way.
      if (key === "__proto__")
        Object.defineProperty(plain, key, { value: asJson(item), enumerable: true, writable: true, configurable: true });
      else plain[key] = asJson(item);
    }
    return plain;
  }
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : null;
  return value;
}
