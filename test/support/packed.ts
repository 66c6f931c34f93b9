/**
 * The package as a binding repository gets it: `npm pack` (which builds dist/ in `prepack`),
 * then the tarball put where the starter's package.json expects it (`vendor/`) and installed
 * with `npm ci --offline` and the starter's own committed lockfile, into a copy of
 * examples/binding-repo. Used by test/package/binding-repo.test.ts and `npm run bench:package`.
 *
 * Offline, npm can only install what a lockfile pins (resolving a version range needs the
 * registry's full package document, which `npm ci` does not cache). The starter commits such a
 * lockfile (docs/decisions.md → "The starter depends on a vendored tarball"), made by
 * `starterLockfile` from this repository's own: rightkit-bindgen is the vendored tarball, its
 * dependencies are exactly the entries of our lockfile that are not dev-only (their tarballs are
 * in the npm cache that `npm ci` filled), and the starter's own dev tools are our lockfile's
 * versions.
 */
import { execFile } from "node:child_process";
import { copyFile, cp, mkdir, readFile, symlink } from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const STARTER = join(ROOT, "examples", "binding-repo");
/** Where a binding repo keeps the packed package while rightkit-bindgen is not on npm. */
export const VENDOR = "vendor";

/** Not part of a source checkout that packing needs (and dist/ must be built fresh by prepack). */
const NOT_PACKED = new Set(["node_modules", "dist", "dist.partial", ".git", ".scratch", ".tmp", "test", "examples"]);
/** Made in the starter by installing and testing it; and vendor/, which the fresh tarball fills. */
const NOT_STARTER = new Set(["node_modules", "build", VENDOR]);

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

export interface Lockfile {
  readonly name: string;
  readonly version: string;
  readonly packages: Readonly<Record<string, LockEntry>>;
  readonly [field: string]: unknown;
}

export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, "utf8")) as T;

/** The spec a binding repo's package.json gives rightkit-bindgen while it is not on npm: `npm pack`'s file in vendor/. */
export const vendoredSpec = (version: string): string => `file:${VENDOR}/rightkit-bindgen-${version}.tgz`;

/** The starter's own dev tools, pinned to the versions this repository's lockfile has. */
const STARTER_TOOLS = ["typescript", "@types/node"];
/** Our lockfile's root entry describes us; as a dependency's entry it keeps all but these. */
const ROOT_ONLY = new Set(["name", "devDependencies", "workspaces"]);

/**
 * The lockfile examples/binding-repo commits, as npm writes it, made from its package.json and
 * this repository's lockfile. rightkit-bindgen's entry has no `integrity`: the vendored tarball is
 * packed again for every version (and by every test run), and npm checks an integrity only where
 * the lockfile has one. A binding repo's own `npm install` records its tarball's.
 */
export async function starterLockfile(): Promise<string> {
  const manifest = await readJson<Manifest>(join(STARTER, "package.json"));
  const ours = (await readJson<Lockfile>(join(ROOT, "package-lock.json"))).packages;
  const self = ours[""] as LockEntry;
  const packages: Record<string, LockEntry> = {
    "": {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
      devDependencies: manifest.devDependencies,
      engines: manifest.engines,
    },
    "node_modules/rightkit-bindgen": {
      ...Object.fromEntries(Object.entries(self).filter(([field]) => !ROOT_ONLY.has(field))),
      resolved: manifest.devDependencies?.["rightkit-bindgen"],
      dev: true,
    },
  };
  for (const [path, entry] of Object.entries(ours))
    if (path !== "" && entry.dev !== true) packages[path] = { ...entry, dev: true };
  // Each tool with what it installs: TypeScript 7 brings its compiler as one optional package per platform.
  const added = new Set<string>();
  const pending = [...STARTER_TOOLS];
  for (let tool = pending.pop(); tool !== undefined; tool = pending.pop()) {
    const path = `node_modules/${tool}`;
    const entry = ours[path];
    if (entry === undefined || added.has(path)) continue;
    added.add(path);
    packages[path] = { ...entry, dev: true };
    for (const field of ["dependencies", "optionalDependencies"] as const) {
      const wanted = entry[field];
      if (typeof wanted === "object" && wanted !== null) pending.push(...Object.keys(wanted));
    }
  }
  return npmJson({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages });
}

/** arborist's key order for a lockfile (its `swKeyOrder`). */
const LOCK_KEY_ORDER = ["name", "version", "lockfileVersion", "resolved", "integrity", "requires", "packages", "dependencies"];

/**
 * JSON laid out as npm lays out a lockfile (json-stringify-nice with arborist's key order): in
 * every object, values before objects, each group in that order and then by `localeCompare`. So
 * `npm install` in a binding repo rewrites nothing of the committed file.
 */
function npmJson(value: unknown): string {
  const isObject = (item: unknown): boolean => typeof item === "object" && item !== null && !Array.isArray(item);
  const rank = (key: string): number => (LOCK_KEY_ORDER.includes(key) ? LOCK_KEY_ORDER.indexOf(key) : LOCK_KEY_ORDER.length);
  const layout = (_key: string, item: unknown): unknown =>
    isObject(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(
            ([a, av], [b, bv]) => Number(isObject(av)) - Number(isObject(bv)) || rank(a) - rank(b) || a.localeCompare(b, "en"),
          ),
        )
      : item;
  return `${JSON.stringify(value, layout, 2)}\n`;
}

/**
 * A copy of the starter repo at `work/binding-repo` with the tarball in its vendor/ and installed
 * as its README says (`npm ci`, offline here), from its committed lockfile; returns its path and
 * npm's output.
 */
export async function installStarter(work: string, tarball: string): Promise<{ starter: string; install: Run }> {
  const starter = join(work, "binding-repo");
  await mkdir(starter, { recursive: true });
  await cp(STARTER, starter, {
    recursive: true,
    filter: (path) => !NOT_STARTER.has(relative(STARTER, path).split(sep)[0] ?? ""),
  });
  const { version } = await readJson<Manifest>(join(ROOT, "package.json"));
  const spec = (await readJson<Manifest>(join(starter, "package.json"))).devDependencies?.["rightkit-bindgen"];
  if (spec !== vendoredSpec(version) || basename(tarball) !== basename(spec))
    throw new Error(
      `examples/binding-repo/package.json gives rightkit-bindgen ${String(spec)}, npm pack made ${basename(tarball)}: ` +
        `make it "${vendoredSpec(version)}", then refresh its lockfile (docs/package.md → The package test)`,
    );
  await mkdir(join(starter, VENDOR));
  await copyFile(tarball, join(starter, VENDOR, basename(tarball)));
  const install = await run("npm", ["ci", "--offline", "--no-audit", "--no-fund"], starter);
  return { starter, install };
}
