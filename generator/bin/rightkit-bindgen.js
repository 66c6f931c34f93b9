#!/usr/bin/env node
// The `rightkit-bindgen` command. It runs the prebuilt bundle (.build/, made by `npm run build`,
// which `npm ci` runs as `prepare`) when the bundle is newer than every generator source; else it
// runs the TypeScript sources through tsx, so an edited generator never runs from a stale build.
import { existsSync, readdirSync, statSync } from "node:fs";

const GENERATOR = new URL("../", import.meta.url);
const BUNDLE = new URL("../../.build/rightkit-bindgen.mjs", import.meta.url);

function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const url = new URL(entry.isDirectory() ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(url));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(url).mtimeMs);
  }
  return newest;
}

async function loadMain() {
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= newestSourceMs(GENERATOR)) return (await import(BUNDLE.href)).main;
  const { register } = await import("tsx/esm/api");
  register();
  return (await import("../cli.ts")).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
