/**
 * The one door for files the tools write, as `emit/code.ts` is the one door for code. generate,
 * update (contract files, the generation, the PR body), `openrpc --out` and conform's reports
 * hand it a whole batch of changes; `check` reads the output folder through it too, so a folder
 * check accepts is one generate can write. No other module writes a file
 * (test/output/one-door-for-files.test.ts scans the sources).
 *
 * What it promises, and what makes it so:
 * - Nothing lands outside the folder a change names. The folder is resolved once (realpath);
 *   below it every name on the way is looked at with lstat, and a symbolic link there (to a
 *   folder, a file or nothing) is refused: a link is the one way a path's real location leaves
 *   its folder, and the generator never makes one.
 * - Bad paths are bad input (exit 2, the path named), all found before the first write: a file
 *   where a folder goes or a folder where a file goes, anything but a regular file, a folder
 *   that cannot be written, a virtual file system (/proc, /sys, /dev), a name the system refuses.
 *   Missing folders are found by walking up from the path, never by a recursive mkdir (which
 *   spins in Node 20 under an unwritable parent such as /proc).
 * - A temporary file cannot be planted: each is created exclusively (`wx`: O_CREAT|O_EXCL, which
 *   refuses any existing name, links included) under a random name in its target's folder, then
 *   renamed over the target.
 * - All or nothing as far as a file system allows: every folder is made and every temporary
 *   file written before the first rename; a failure there removes them again.
 *
 * Limit: between the check and the renames, another process of the same user could swap a
 * checked folder for a link (Node has no openat). The door holds against what is on disk when
 * the command starts, not against a concurrent writer with the user's own rights.
 */
import { randomBytes } from "node:crypto";
import {
  accessSync,
  constants,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";

/** Mount points of file systems the kernel makes up: writing there is never what was meant. */
const VIRTUAL_ROOTS = ["/proc", "/sys", "/dev"];
/** statfs magic numbers of the same kinds, wherever they are mounted: proc, sysfs, cgroup, cgroup2, debugfs, tracefs, securityfs, devpts, bpf. */
const VIRTUAL_MAGIC = new Set([0x9fa0, 0x62656572, 0x27e0eb, 0x63677270, 0x64626720, 0x74726163, 0x73636673, 0x1cd1, 0xcafe4a11]);

function refusal(path: string, why: string): BindgenError {
  return new BindgenError("io", why, { file: path });
}

/** An errno in words a person can act on. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "the file system is read-only";
    case "ENAMETOOLONG":
      return "the name is too long for the file system";
    case "ENOSPC":
      return "no space left on the device";
    case "ELOOP":
      return "too many symbolic links";
    default:
      return code ?? (error as Error).message;
  }
}

/** lstat, with "not there" as undefined; any other failure is the path's refusal. */
function lstatAt(path: string, shown: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw refusal(shown, `cannot be used: ${reason(error)}`);
  }
}

function linkRefusal(path: string, shown: string): BindgenError {
  let target = "?";
  try {
    target = readlinkSync(path);
  } catch {
    // Gone since lstat: still a link we will not follow.
  }
  let dangling = false;
  try {
    statSync(path);
  } catch {
    dangling = true;
  }
  const to = dangling ? `to nothing (${JSON.stringify(target)})` : `(to ${JSON.stringify(target)})`;
  return refusal(shown, `is a symbolic link ${to}; nothing is read or written through a link inside an output folder`);
}

function refuseVirtual(real: string, shown: string): void {
  const under = VIRTUAL_ROOTS.find((root) => real === root || real.startsWith(`${root}/`));
  let magic: number | undefined;
  try {
    magic = statfsSync(real).type;
  } catch {
    magic = undefined;
  }
  if (under !== undefined || (magic !== undefined && VIRTUAL_MAGIC.has(magic)))
    throw refusal(shown, `is on a virtual file system (${under ?? "the kernel's"}); refusing to write there`);
}

function refuseUnwritable(real: string, shown: string): void {
  try {
    accessSync(real, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw refusal(shown, `cannot be written: ${reason(error)}`);
  }
}

/** A path inside a folder, `/`-separated, as its segments; the generator's own paths, so a bad one is our bug. */
function segmentsOf(path: string): string[] {
  const segments = path.split("/");
  if (
    segments.some(
      (segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\0") || segment.includes(sep),
    )
  )
    throw new Error(`not a plain relative path: ${JSON.stringify(path)}`);
  return segments;
}

/** What the door found on the way to a path: how many names exist (each a real folder, but maybe the last) and the last one's kind. */
interface Walk {
  /** The real paths of base/…segments, one per segment. */
  readonly reals: readonly string[];
  /** The same paths as messages say them. */
  readonly shown: readonly string[];
  /** How many of them exist. */
  readonly depth: number;
  /** The last one's stat when it exists. */
  readonly last: Stats | undefined;
}

/**
 * A folder the tools write into (or read back), resolved once. It need not exist yet: then the
 * folders missing below its nearest existing ancestor are made on the first write.
 */
export class OutputFolder {
  /** The folder as the user named it: every message says paths this way. */
  readonly shown: string;
  /** The real path of the folder, or of its nearest existing ancestor. */
  readonly #base: string;
  /** The names missing below #base, outermost first (empty when the folder exists). */
  readonly #missing: readonly string[];

  private constructor(shown: string, base: string, missing: readonly string[]) {
    this.shown = shown;
    this.#base = base;
    this.#missing = missing;
  }

  /**
   * The folder `dir`. Refused (exit 2, naming it) when it, or its nearest existing ancestor, is
   * not a folder or is on a virtual file system; with `mustExist`, when it is not there.
   */
  static at(dir: string, mustExist = false): OutputFolder {
    const missing: string[] = [];
    let at = resolve(dir);
    for (let stat = lstatAt(at, dir); stat === undefined; stat = lstatAt(at, dir)) {
      if (mustExist) throw refusal(dir, "does not exist");
      const parent = dirname(at);
      if (parent === at) throw refusal(dir, "has no existing folder above it");
      missing.unshift(basename(at));
      at = parent;
    }
    let real: string;
    try {
      real = realpathSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw refusal(dir, code === "ENOENT" ? `${at} is a symbolic link to nothing` : `cannot be used: ${reason(error)}`);
    }
    if (!statSync(real).isDirectory())
      throw refusal(dir, missing.length === 0 ? "is not a folder" : `is not a folder: ${at} is a file`);
    refuseVirtual(real, dir);
    return new OutputFolder(dir, real, missing);
  }

  /**
   * A file the user named (a report, a document, a body): its folder must exist; the file, if
   * there, must be a regular file (a link there is refused, not followed).
   */
  static fileAt(file: string): Place {
    const name = basename(file);
    if (name === "" || name === "." || name === ".." || file.endsWith("/") || file.endsWith(sep))
      throw refusal(file, "cannot be written: it names a folder, not a file");
    let folder: OutputFolder;
    try {
      folder = OutputFolder.at(dirname(file), true);
    } catch (error) {
      if (error instanceof BindgenError && error.message === "does not exist")
        throw refusal(file, "cannot be written: its folder does not exist");
      throw error;
    }
    return { folder, path: name };
  }

  /** `path` inside this folder, as messages say it. */
  shownPath(path: string): string {
    return join(this.shown, path);
  }

  #walk(path: string): Walk {
    const segments = [...this.#missing, ...segmentsOf(path)];
    const reals: string[] = [];
    const shown: string[] = [];
    let real = this.#base;
    for (const [i, segment] of segments.entries()) {
      real = join(real, segment);
      reals.push(real);
      // The folder's own missing names are said as the folder; names below it as folder/path.
      shown.push(i < this.#missing.length ? this.shown : join(this.shown, ...segments.slice(this.#missing.length, i + 1)));
    }
    for (const [i, real] of reals.entries()) {
      const stat = lstatAt(real, shown[i] as string);
      if (stat === undefined) return { reals, shown, depth: i, last: undefined };
      if (stat.isSymbolicLink()) throw linkRefusal(real, shown[i] as string);
      if (i === reals.length - 1) return { reals, shown, depth: reals.length, last: stat };
      if (!stat.isDirectory()) throw refusal(shown[i] as string, "is a file where the output needs a folder");
    }
    throw new Error("unreachable: a path has at least one segment");
  }

  /** The text of the regular file at `path`; undefined when there is none. */
  read(path: string): string | undefined {
    const { reals, last } = this.#walk(path);
    if (last === undefined) return undefined;
    if (last.isDirectory()) throw refusal(this.shownPath(path), "is a folder where the output has a file");
    if (!last.isFile()) throw refusal(this.shownPath(path), "is not a regular file");
    return readFileSync(reals[reals.length - 1] as string, "utf8");
  }

  /**
   * Every regular file below the folder `path`, relative to it and `/`-separated, in code-unit
   * order; none when it is missing. A generator's folder holds only folders and regular files:
   * anything else there (a link, a FIFO, a socket) is refused, named.
   */
  list(path: string): string[] {
    const { reals, last } = this.#walk(path);
    if (last === undefined) return [];
    if (!last.isDirectory()) throw refusal(this.shownPath(path), "is a file where the output needs a folder");
    const found: string[] = [];
    const visit = (real: string, relative: string): void => {
      for (const name of readdirSync(real).sort(byCodeUnits)) {
        const inner = relative === "" ? name : `${relative}/${name}`;
        const shown = this.shownPath(`${path}/${inner}`);
        const stat = lstatAt(join(real, name), shown);
        if (stat === undefined) continue;
        if (stat.isSymbolicLink()) throw linkRefusal(join(real, name), shown);
        if (stat.isDirectory()) visit(join(real, name), inner);
        else if (stat.isFile()) found.push(inner);
        else throw refusal(shown, "is not a regular file or a folder; an output folder holds only those");
      }
    };
    visit(reals[reals.length - 1] as string, "");
    return found;
  }

  /** Where a change at `path` lands, checked: refused unless it can be made there without following a link. */
  target(path: string, wants: "file" | "absent-or-file"): Target {
    const { reals, shown, depth, last } = this.#walk(path);
    const here = shown[shown.length - 1] as string;
    if (last !== undefined) {
      if (last.isDirectory()) throw refusal(here, "is a folder where the output has a file");
      if (!last.isFile()) throw refusal(here, "is not a regular file");
    } else if (wants === "file") {
      throw refusal(here, "does not exist");
    }
    // The deepest folder that exists takes the temporary file, or the first folder made below it.
    const n = reals.length;
    const folderDepth = last !== undefined ? n - 1 : depth;
    const folder = folderDepth === 0 ? this.#base : (reals[folderDepth - 1] as string);
    refuseUnwritable(folder, folderDepth <= this.#missing.length ? this.shown : (shown[folderDepth - 1] as string));
    return { shown: here, real: reals[n - 1] as string, exists: last !== undefined, folders: reals.slice(depth, n - 1) };
  }
}

/** A checked target: its real path, and the folders missing on the way (outermost first). */
export interface Target {
  readonly shown: string;
  readonly real: string;
  readonly exists: boolean;
  readonly folders: readonly string[];
}

/** A file's place: a folder, and a `/`-separated path inside it. */
export interface Place {
  readonly folder: OutputFolder;
  readonly path: string;
}

export type FileEdit =
  /** Puts `text` at the place, replacing a regular file there. */
  | { readonly kind: "write"; readonly at: Place; readonly text: string }
  /** Moves a regular file from `from` to the place (which must be free). */
  | { readonly kind: "move"; readonly at: Place; readonly from: Place }
  /** Removes the regular file at the place, if there. */
  | { readonly kind: "remove"; readonly at: Place };

interface Checked {
  readonly change: FileEdit;
  readonly target: Target;
  readonly source?: Target;
}

function check(change: FileEdit): Checked {
  const { folder, path } = change.at;
  switch (change.kind) {
    case "write":
    case "remove":
      return { change, target: folder.target(path, "absent-or-file") };
    case "move": {
      const target = folder.target(path, "absent-or-file");
      if (target.exists) throw refusal(target.shown, "already exists; refusing to move a file over it");
      return { change, target, source: change.from.folder.target(change.from.path, "file") };
    }
  }
}

/** Removes what staging made, newest first; what cannot be removed stays (and the error says what failed). */
function unstage(temporaries: ReadonlyMap<Checked, string>, made: readonly string[]): void {
  for (const temporary of temporaries.values()) rmSync(temporary, { force: true });
  for (const folder of [...made].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      // Not empty or gone: leave it.
    }
  }
}

/**
 * Applies every change, in order, or (bad input) none: every target is checked before the first
 * write, every folder made and every temporary file written before the first rename.
 */
export function applyEdits(changes: readonly FileEdit[]): void {
  const checked = changes.map(check);
  const seen = new Set<string>();
  for (const { target } of checked) {
    if (seen.has(target.real)) throw new Error(`two changes to ${target.shown} in one batch`);
    seen.add(target.real);
  }
  const made: string[] = [];
  /** The temporary file of each write, until it is renamed into place. */
  const temporaries = new Map<Checked, string>();
  const folders = [...new Set(checked.flatMap(({ target }) => target.folders))].sort(
    (a, b) => a.split(sep).length - b.split(sep).length || byCodeUnits(a, b),
  );
  let current = "";
  try {
    for (const folder of folders) {
      current = folder;
      mkdirSync(folder);
      made.push(folder);
    }
    for (const item of checked) {
      if (item.change.kind !== "write") continue;
      current = item.target.shown;
      const temporary = join(dirname(item.target.real), `.rightkit-bindgen-${randomBytes(8).toString("hex")}.tmp`);
      writeFileSync(temporary, item.change.text, { flag: "wx" });
      temporaries.set(item, temporary);
    }
  } catch (error) {
    unstage(temporaries, made);
    throw refusal(current, `cannot be written: ${reason(error)}`);
  }
  for (const item of checked) {
    try {
      if (item.change.kind === "move" && item.source !== undefined) renameSync(item.source.real, item.target.real);
      else if (item.change.kind === "write") renameSync(temporaries.get(item) as string, item.target.real);
      else if (item.change.kind === "remove" && item.target.exists) unlinkSync(item.target.real);
      temporaries.delete(item);
    } catch (error) {
      unstage(temporaries, []);
      throw refusal(item.target.shown, `cannot be written: ${reason(error)} (files before it in the batch were written)`);
    }
  }
}

/** Refuses (exit 2, naming it) a user-named file that could not be written now: for a command to say so before its work. */
export function checkWritableFile(file: string): void {
  const { folder, path } = OutputFolder.fileAt(file);
  folder.target(path, "absent-or-file");
}

/** One user-named file written whole (a report, a document, a body). */
export function writeFileWhole(file: string, text: string): void {
  applyEdits([{ kind: "write", at: OutputFolder.fileAt(file), text }]);
}

/**
 * A private folder under the system's temp folder (mkdtemp: a fresh name, 0700), for files a
 * tool writes only to read back (a compiler's input, a scratch copy of a contract) and removes.
 */
export class ScratchFolder {
  readonly path: string;

  private constructor(path: string) {
    this.path = path;
  }

  static make(prefix: string): ScratchFolder {
    return new ScratchFolder(mkdtempSync(join(tmpdir(), prefix)));
  }

  /** A new file at `path` inside (exclusively, 0600; folders on the way 0700); its full path. */
  write(path: string, text: string): string {
    const segments = segmentsOf(path);
    let folder = this.path;
    for (const segment of segments.slice(0, -1)) {
      folder = join(folder, segment);
      try {
        mkdirSync(folder, { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !lstatSync(folder).isDirectory()) throw error;
      }
    }
    const file = join(this.path, ...segments);
    writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    return file;
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}
