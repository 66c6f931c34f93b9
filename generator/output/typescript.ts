/**
 * The TypeScript compiler the API surface parses and prints with: typescript.js, run as `require`
 * runs a CommonJS module (an `import` would first have Node lex all of it for export names), once
 * per process. Compiling its 9 MB of JavaScript was a third of a demo `check` (0.19 s of 0.64 s,
 * profiled), so V8's compiled code is kept between runs, as Node 22's `module.enableCompileCache()`
 * would keep it (Node 20 has none): one code cache per typescript.js content and V8 version, in a
 * directory of the user's own under the temp dir. A process that compiled writes it once the
 * surface is read (`keepCompiledTypescript`), so it holds the parser and printer functions that
 * reading compiled too. A cache that is missing, unsafe, unreadable or refused by V8 costs only
 * the compile it would have saved; writing one adds about 50 ms to that run.
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import type Ts from "typescript";

export interface LoadedTypescript {
  readonly ts: typeof Ts;
  /** Whether V8 took the compiled code from the cache. */
  readonly fromCache: boolean;
  /** Writes the cache, if this load compiled and the cache directory is safe; never throws. */
  readonly keep: () => void;
}

/** The default cache directory: the user's own (Node's compile cache also lives under the temp dir). */
export function defaultCacheDir(): string {
  return join(tmpdir(), `rightkit-bindgen-${process.getuid?.() ?? "user"}`);
}

/**
 * A directory only this user can enter (the host's rule for its socket directory), made if
 * missing; undefined when it cannot be had (someone else's, a link, open to others): code read
 * from there runs as this process.
 */
function safeDir(dir: string): string | undefined {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
  }
  try {
    const stat = lstatSync(dir);
    const owned = process.getuid === undefined || stat.uid === process.getuid();
    return stat.isDirectory() && owned && (stat.mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Loads typescript.js as `require` would, with V8's code cache from `cacheDir` when it has one. */
export function loadTypescript(cacheDir: string): LoadedTypescript {
  const file = createRequire(import.meta.url).resolve("typescript");
  const bytes = readFileSync(file);
  // V8 checks a cache against its own version and flags and the source's length only: the
  // content hash in the name keeps one TypeScript's code from being taken for another's.
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const dir = safeDir(cacheDir);
  const cacheFile = dir === undefined ? undefined : join(dir, `typescript-${hash}-v8-${process.versions.v8}.cache`);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  // The wrapper Node puts around a CommonJS module, so the file runs exactly as `require` runs it.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${bytes.toString("utf8")}\n});`;
  const script = new Script(wrapped, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} as typeof Ts };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true;
  let pending = !fromCache && cacheFile !== undefined;
  const keep = (): void => {
    if (!pending || cacheFile === undefined) return;
    pending = false;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      // Renamed into place, so a process reading it never sees half a cache.
      renameSync(temporary, cacheFile);
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // A cache that cannot be written is only a cache not written.
      }
    }
  };
  return { ts: module.exports, fromCache, keep };
}

let loaded: LoadedTypescript | undefined;

/** The compiler, loaded on first use (only the API surface needs it). */
export function typescript(): typeof Ts {
  loaded ??= loadTypescript(defaultCacheDir());
  return loaded.ts;
}

/** Called once the compiler has done its work, so the cache written holds what that work compiled. */
export function keepCompiledTypescript(): void {
  loaded?.keep();
}
