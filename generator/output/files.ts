/**
 * Writing and comparing a generation. Everything is produced (and type-checked) in memory
 * first, so bad input writes nothing; writing then replaces each file atomically (temp file +
 * rename). Only files that open with the generator's marker are its own: it removes those the
 * generation no longer has, and refuses to overwrite a file someone else made.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";
import { isGeneratedText } from "./header.js";

export type Generation = ReadonlyMap<string, string>;

/** The folders (first path segment) a generation owns inside the output directory. */
function ownedFolders(files: Generation): string[] {
  return [...new Set([...files.keys()].map((path) => path.split("/")[0] as string))].sort(byCodeUnits);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => statSync(join(dir, entry)).isFile())
    .map((entry) => entry.split("\\").join("/"));
}

/** Files on disk that belong to this generation: its own paths, and any other file the generator made. */
function onDisk(outDir: string, files: Generation): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of ownedFolders(files)) {
    for (const entry of listFiles(join(outDir, folder))) {
      const path = `${folder}/${entry}`;
      const text = readFileSync(join(outDir, folder, entry), "utf8");
      if (files.has(path) || isGeneratedText(text)) found.set(path, text);
    }
  }
  return found;
}

export interface WriteReport {
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  readonly removed: readonly string[];
}

export function writeGeneration(outDir: string, files: Generation): WriteReport {
  const existing = onDisk(outDir, files);
  const paths = [...files.keys()].sort(byCodeUnits);
  const changed = paths.filter((path) => existing.get(path) !== files.get(path));
  // Refuse before the first write, so a refusal leaves the folder as it was.
  const foreign = changed.find((path) => existing.has(path) && !isGeneratedText(existing.get(path) as string));
  if (foreign !== undefined) {
    throw new BindgenError(
      "io",
      "exists and was not made by rightkit-bindgen; refusing to overwrite it (move it away to regenerate)",
      {
        file: join(outDir, foreign),
      },
    );
  }
  for (const path of changed) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, files.get(path) as string);
    renameSync(temp, target);
  }
  const removed = [...existing.keys()].filter((path) => !files.has(path)).sort(byCodeUnits);
  for (const path of removed) rmSync(join(outDir, path));
  return { written: changed, unchanged: paths.filter((path) => !changed.includes(path)), removed };
}

export interface Drift {
  readonly path: string;
  /** A unified diff from what is on disk to what the generator produces. */
  readonly patch: string;
}

/**
 * Whether any of `files` differs from (or is missing in) `outDir`: what `compareGeneration`
 * finds, without making a patch of megabytes to say so. Files on disk that `files` lacks are
 * not looked at.
 */
export function differsOnDisk(outDir: string, files: Generation): boolean {
  const existing = onDisk(outDir, files);
  return [...files].some(([path, text]) => existing.get(path) !== text);
}

export function compareGeneration(outDir: string, files: Generation): Drift[] {
  const existing = onDisk(outDir, files);
  const paths = [...new Set([...files.keys(), ...existing.keys()])].sort(byCodeUnits);
  const drift: Drift[] = [];
  for (const path of paths) {
    const want = files.get(path);
    const have = existing.get(path);
    if (want === have) continue;
    const shown = relative(process.cwd(), join(outDir, path)) || path;
    drift.push({
      path,
      patch: createTwoFilesPatch(
        have === undefined ? "/dev/null" : `a/${shown}`,
        want === undefined ? "/dev/null" : `b/${shown}`,
        have ?? "",
        want ?? "",
        have === undefined ? "missing on disk" : "committed",
        want === undefined ? "no longer generated" : "generated",
      ),
    });
  }
  return drift;
}
