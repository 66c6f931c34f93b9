/**
 * The runtime's sources: plain TypeScript under templates/runtime/, in folders by job. Listed
 * here once, sorted by code unit, for the pipeline (which copies them) and the tests (which
 * prove they are already formatted).
 */
import { readdirSync } from "node:fs";
import { RUNTIME_TEMPLATES_DIR } from "../package-files.js";
import { byCodeUnits } from "../order.js";

/** Paths relative to templates/runtime/, with `/` separators on every platform. */
export function runtimeSourceNames(): string[] {
  return readdirSync(RUNTIME_TEMPLATES_DIR, { recursive: true, encoding: "utf8" })
    .map((entry) => entry.split("\\").join("/"))
    .filter((entry) => entry.endsWith(".ts"))
    .sort(byCodeUnits);
}
