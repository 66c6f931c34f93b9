/** Option values several commands read alike. */
import { BindgenError } from "../errors.js";

/** setTimeout's own ceiling; a larger value would fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** The largest seed a command takes: fast-check's seeds are 32-bit signed integers. */
export const MAX_SEED = 2 ** 31 - 1;

/** Digits only, from `min` to `max`: "1e3" or "0x10" would be guesses about what was meant. */
export function wholeNumber(option: string, value: string, min: number, max: number): number {
  const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new BindgenError("bad_argument", `${option} needs a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/** Digits only: "1e3", "0x10" or "30s" would be guesses about what the person meant. */
export function milliseconds(option: string, value: string): number {
  const ms = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
    throw new BindgenError(
      "bad_argument",
      `${option} needs whole milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${JSON.stringify(value)}`,
    );
  }
  return ms;
}
