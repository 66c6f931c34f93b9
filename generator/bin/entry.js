// Which code a bin runs. Installed from the package, the TypeScript sources are not there and the
// bins run the compiled dist/ (`npm run build`, which `npm pack` runs). In a checkout of this
// repository they run dist/ only while it is newer than every source it was built from, and
// otherwise the sources through tsx: an edited generator or a regenerated binding never runs
// from a stale build.
import { existsSync, readdirSync, statSync } from "node:fs";

const PACKAGE_ROOT = new URL("../../", import.meta.url);
/** Written last by scripts/build.mjs, so it dates the whole build. */
const BUILD_STAMP = new URL("dist/build.json", PACKAGE_ROOT);
/** Everything dist/ is compiled from. */
const SOURCE_DIRS = ["generator/", "generated/", "templates/"];

/** The newest change under `dir`: a `.ts` file's, or a folder's (a file added, removed or renamed). */
function newestSourceMs(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const url = new URL(entry.isDirectory() ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(url));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(url).mtimeMs);
  }
  return newest;
}

function buildIsFresh() {
  if (!existsSync(BUILD_STAMP)) return false;
  const built = statSync(BUILD_STAMP).mtimeMs;
  return SOURCE_DIRS.every((dir) => {
    const url = new URL(dir, PACKAGE_ROOT);
    return !existsSync(url) || newestSourceMs(url) <= built;
  });
}

/**
 * The module a bin runs: `built` is its file in dist/ ("cli.js"), `source` the TypeScript it is
 * compiled from, relative to the package root ("generator/cli.ts").
 */
export async function loadEntry(built, source) {
  const sourceUrl = new URL(source, PACKAGE_ROOT);
  if (!existsSync(sourceUrl) || buildIsFresh()) return import(new URL(`dist/${built}`, PACKAGE_ROOT).href);
  const { register } = await import("tsx/esm/api");
  register();
  return import(sourceUrl.href);
}
