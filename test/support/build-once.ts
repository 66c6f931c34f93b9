/**
 * Vitest global setup: `npm run build` once before the suite, so the bins the tests start run
 * the compiled dist/ (as an installed package does) instead of compiling the sources through
 * tsx on every start. A bin still falls back to the sources if a test makes dist/ stale
 * (generator/bin/entry.js).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  await promisify(execFile)(process.execPath, ["scripts/build.mjs"], { cwd: root });
}
