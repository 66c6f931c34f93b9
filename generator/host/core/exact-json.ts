import { isInteger, parse, stringify } from "lossless-json";

/**
 * The host's JSON for frames, exact for integers past ±(2^53−1): a Rust u64 or i64 sent to the
 * host comes back digit for digit, where JSON.parse would round it to the nearest double. Such an
 * integer is read as a `bigint`; every other number stays a plain number, so services see what
 * they always saw. lossless-json does the exact work, and only when a frame needs it: the common
 * frame goes through JSON.parse / JSON.stringify as before (the client benchmarks run against
 * this host).
 */

/** Every integer of at most 15 digits is safe (2^53−1 has 16), so shorter runs need no exact read. */
const LONG_RUN = 16;

/** JSON.parse, except that an integer past the safe range is read as its exact `bigint`. */
export function readExact(text: string): unknown {
  if (!holdsLongDigitRun(text)) return JSON.parse(text);
  return parse(text, null, { parseNumber: readNumber, onDuplicateKey: lastWins });
}

/**
 * Whether `text` holds a run of 16 digits (what /\d{16}/ says), so it may hold an unsafe
 * integer; a run inside a string or a fraction only costs the exact read. Every such run covers
 * an index ≡ 15 (mod 16), so every 16th character is looked at, and the digits around a hit.
 * The regex walks and retries at every digit: on a 125 kB frame of 2,000 objects it cost a fifth
 * of JSON.parse's time (this, 3%), on one of 20,000 numbers five times it (this, half).
 */
export function holdsLongDigitRun(text: string): boolean {
  for (let probe = LONG_RUN - 1; probe < text.length; probe += LONG_RUN) {
    if (!isDigit(text.charCodeAt(probe))) continue;
    let start = probe;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= LONG_RUN) return true;
  }
  return false;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** JSON.stringify, except that a `bigint` is written as its digits. */
export function writeExact(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // JSON.stringify refuses a bigint with a TypeError; anything else it refuses stays refused.
    if (!holdsBigint(value, new Set())) throw error;
    return stringify(value) ?? "null";
  }
}

/**
 * Past the safe range an integer's double is never back inside it (doubles there are 1 apart up
 * to 2^53), so the double's own check decides exactly.
 */
function readNumber(text: string): number | bigint {
  const number = Number(text);
  return Number.isSafeInteger(number) || !isInteger(text) ? number : BigInt(text);
}

/** JSON.parse keeps a repeated key's last value; lossless-json would throw by default. */
function lastWins({ newValue }: { newValue: unknown }): unknown {
  return newValue;
}

function holdsBigint(value: unknown, seen: Set<object>): boolean {
  if (typeof value === "bigint") return true;
  if (typeof value !== "object" || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((member) => holdsBigint(member, seen));
}
