/**
 * A finding's fingerprint: the method, the check and the message with every number made `#` and
 * any trailing ", got …" dropped — never params, seeds or values — so a baseline entry survives
 * another seed, and a departure the proxy sees has the fingerprint conform gives it.
 */
import { createHash } from "node:crypto";

export function normalise(message: string): string {
  return message.replace(/, got .*$/s, "").replace(/[0-9]+/g, "#");
}

/** Remembered: the same departure is fingerprinted once however often it is seen. */
const FINGERPRINTS = new Map<string, string>();

export function fingerprintOf(method: string, check: string, message: string): string {
  const key = `${method}\u0000${check}\u0000${normalise(message)}`;
  let fingerprint = FINGERPRINTS.get(key);
  if (fingerprint === undefined) {
    fingerprint = createHash("sha256").update(key).digest("hex").slice(0, 16);
    if (FINGERPRINTS.size < 100_000) FINGERPRINTS.set(key, fingerprint);
  }
  return fingerprint;
}
