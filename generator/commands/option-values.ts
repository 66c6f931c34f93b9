/** Option values several commands read alike. */
import { BindgenError } from "../errors.js";

/** setTimeout's own ceiling; a larger value would fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

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
