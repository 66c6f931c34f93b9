/**
 * The package as a binding repository gets it: `npm pack` (which builds dist/ in `prepack`),
 * then the tarball installed with `npm ci --offline` into a copy of examples/binding-repo.
 * Used by test/package/binding-repo.test.ts and `npm run bench:package`.
 *
 * Offline, npm can only install what a lockfile pins (resolving a version range needs the
 * registry's full package document, which `npm ci` does not cache). So the copy gets a
 * lockfile made from this repository's own: rightkit-bindgen is the tarball, its dependencies
 * are exactly the entries of our lockfile that are not dev-only (their tarballs are in the npm
 * cache that `npm ci` filled), and the starter's own dev tools are our lockfile's versions.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const STARTER = join(ROOT, "examples", "binding-repo");

/** Not part of a source checkout that packing needs (and dist/ must be built fresh by prepack). */
const NOT_PACKED = new Set(["node_modules", "dist", "dist.partial", ".git", ".scratch", ".tmp", "test", "examples"]);
/** Made in the starter by installing and testing it. */
const NOT_STARTER = new Set(["node_modules", "build"]);

export interface Run {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion; a non-zero exit rejects with its output in the message. */
export async function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  try {
    return await promisify(execFile)(command, [...args], {
      cwd,
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = "", stderr = "", message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) failed: ${message}\n${stdout}${stderr}`);
  }
}

/** What `npm pack --json` reports of one tarball. */
export interface PackReport {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

/**
 * Packs a copy of this checkout into `work`: packing runs `prepack`, which rewrites dist/, and
 * a copy keeps that away from the dist/ the rest of the suite is running.
 */
export async function packInto(work: string): Promise<{ tarball: string; report: PackReport }> {
  const source = join(work, "source");
  await cp(ROOT, source, {
    recursive: true,
    filter: (path) => !NOT_PACKED.has(relative(ROOT, path).split(sep)[0] ?? ""),
  });
  await symlink(join(ROOT, "node_modules"), join(source, "node_modules"), "dir");
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", work], source);
  const [report] = JSON.parse(stdout) as PackReport[];
  if (report === undefined) throw new Error("npm pack reported no tarball");
  return { tarball: join(work, report.filename), report };
}

interface LockEntry {
  readonly version?: string | undefined;
  readonly dev?: boolean;
  readonly [field: string]: unknown;
}

interface Manifest {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
  readonly [field: string]: unknown;
}

/** The starter's own dev tools, pinned to the versions this repository's lockfile has. */
const STARTER_TOOLS = ["typescript", "@types/node"];

/** A copy of the starter repo at `work/binding-repo` with the tarball installed offline; returns its path and npm's output. */
export async function installStarter(work: string, tarball: string): Promise<{ starter: string; install: Run }> {
  const starter = join(work, "binding-repo");
  await mkdir(starter, { recursive: true });
  await cp(STARTER, starter, {
    recursive: true,
    filter: (path) => !NOT_STARTER.has(relative(STARTER, path).split(sep)[0] ?? ""),
  });

  const spec = `file:${relative(starter, tarball)}`;
  const manifest = JSON.parse(await readFile(join(starter, "package.json"), "utf8")) as Manifest;
  manifest.devDependencies["rightkit-bindgen"] = spec;
  await writeFile(join(starter, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  const ours = (JSON.parse(await readFile(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> })
    .packages;
  const self = ours[""] as LockEntry;
  const packages: Record<string, LockEntry> = {
    "": { name: manifest.name, version: manifest.version, devDependencies: manifest.devDependencies },
    "node_modules/rightkit-bindgen": {
      version: self.version,
      resolved: spec,
      integrity: `sha512-${createHash("sha512")
        .update(await readFile(tarball))
        .digest("base64")}`,
      dev: true,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
    },
  };
  for (const [path, entry] of Object.entries(ours))
    if (path !== "" && entry.dev !== true) packages[path] = { ...entry, dev: true };
  for (const tool of STARTER_TOOLS) packages[`node_modules/${tool}`] = { ...ours[`node_modules/${tool}`], dev: true };
  const lock = { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages };
  await writeFile(join(starter, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);

  const install = await run("npm", ["ci", "--offline", "--no-audit", "--no-fund"], starter);
  return { starter, install };
}
