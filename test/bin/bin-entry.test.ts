/**
 * Which code a bin runs (generator/bin/entry.js), in a throwaway package laid out as this one:
 * an installed package (no sources) runs dist/; a checkout runs dist/ only while its build stamp
 * is newer than every source, and the sources through tsx otherwise — never a stale build.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ROOT } from "../support/packed.js";

let pkg: string;

beforeEach(async () => {
  pkg = await mkdtemp(join(tmpdir(), "rightkit-entry-"));
  await mkdir(join(pkg, "generator", "bin"), { recursive: true });
  await mkdir(join(pkg, "dist"));
  await copyFile(join(ROOT, "generator", "bin", "entry.js"), join(pkg, "generator", "bin", "entry.js"));
  await writeFile(join(pkg, "package.json"), JSON.stringify({ type: "module" }));
  await symlink(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  await writeFile(join(pkg, "dist", "cli.js"), `export const from = "dist";\n`);
  await writeFile(join(pkg, "dist", "build.json"), "{}\n");
});

afterEach(async () => {
  await rm(pkg, { recursive: true, force: true });
});

async function ran(): Promise<string> {
  const script = `const { loadEntry } = await import(${JSON.stringify(join(pkg, "generator", "bin", "entry.js"))}); process.stdout.write((await loadEntry("cli.js", "generator/cli.ts")).from);`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: pkg });
  return stdout;
}

/** Sets a path's times `secondsAgo` in the past. */
async function age(path: string, secondsAgo: number): Promise<void> {
  const when = new Date(Date.now() - secondsAgo * 1000);
  await utimes(path, when, when);
}

async function writeSource(secondsAgo: number): Promise<void> {
  await writeFile(join(pkg, "generator", "cli.ts"), `export const from: string = "source";\n`);
  await age(join(pkg, "generator", "cli.ts"), secondsAgo);
  for (const dir of ["generator/bin", "generator"]) await age(join(pkg, dir), secondsAgo);
}

it("an installed package (no sources beside the bins) runs dist/", async () => {
  expect(await ran()).toBe("dist");
});

it("a checkout whose build is newer than every source runs dist/", async () => {
  await writeSource(60);
  expect(await ran()).toBe("dist");
});

it("a checkout with a source edited after the build runs the sources", async () => {
  await writeSource(60);
  await age(join(pkg, "dist", "build.json"), 120);
  expect(await ran()).toBe("source");
});

it("a checkout with a source file added or removed after the build (a newer folder) runs the sources", async () => {
  await writeSource(120);
  await age(join(pkg, "dist", "build.json"), 60);
  await writeFile(join(pkg, "generator", "added.ts"), "export {};\n");
  await age(join(pkg, "generator", "added.ts"), 120);
  expect(await ran()).toBe("source");
});

it("a checkout without a whole build (no stamp) runs the sources", async () => {
  await writeSource(60);
  await rm(join(pkg, "dist", "build.json"));
  expect(await ran()).toBe("source");
});
