/**
 * Writing and comparing a generation. Everything is produced (and type-checked) in memory
 * first, so bad input writes nothing; the output folder is then read and written only through
 * the file door (file-door.ts), which checks every target before the first write and replaces
 * each file atomically. Only files that open with the generator's marker are its own: it removes
 * those the generation no longer has, and refuses to overwrite a file someone else made.
 */
import { join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";
import { applyEdits, OutputFolder, type FileEdit } from "./file-door.js";
import { isGeneratedText } from "./header.js";

export type Generation = ReadonlyMap<string, string>;

/** The folders (first path segment) a generation owns inside the output directory. */
function ownedFolders(files: Generation): string[] {
  const nested = [...files.keys()].filter((path) => path.includes("/"));
  return [...new Set(nested.map((path) => path.split("/")[0] as string))].sort(byCodeUnits);
}

/** Files on disk that belong to this generation: its own paths, and any other file the generator made. */
function onDisk(folder: OutputFolder, files: Generation): Map<string, string> {
  const found = new Map<string, string>();
  for (const owned of ownedFolders(files)) {
    for (const entry of folder.list(owned)) {
      const path = `${owned}/${entry}`;
      const text = folder.read(path) as string;
      if (files.has(path) || isGeneratedText(text)) found.set(path, text);
    }
  }
  // A file at the top of the output folder is its own, and only it.
  for (const path of files.keys()) {
    const text = path.includes("/") ? undefined : folder.read(path);
    if (text !== undefined) found.set(path, text);
  }
  return found;
}

export interface WriteReport {
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  readonly removed: readonly string[];
}

/**
 * What writing `files` into `outDir` changes, every target checked: the changes for the file
 * door, and what they do. Refuses (exit 2, naming the file) before anything is written.
 */
export function generationEdits(outDir: string, files: Generation): { edits: FileEdit[]; report: WriteReport } {
  const folder = OutputFolder.at(outDir);
  const existing = onDisk(folder, files);
  const paths = [...files.keys()].sort(byCodeUnits);
  const changed = paths.filter((path) => existing.get(path) !== files.get(path));
  const foreign = changed.find((path) => existing.has(path) && !isGeneratedText(existing.get(path) as string));
  if (foreign !== undefined) {
    throw new BindgenError(
      "io",
      "exists and was not made by rightkit-bindgen; refusing to overwrite it (move it away to regenerate)",
      { file: join(outDir, foreign) },
    );
  }
  const removed = [...existing.keys()].filter((path) => !files.has(path)).sort(byCodeUnits);
  const edits: FileEdit[] = [
    ...changed.map((path): FileEdit => ({ kind: "write", at: { folder, path }, text: files.get(path) as string })),
    ...removed.map((path): FileEdit => ({ kind: "remove", at: { folder, path } })),
  ];
  return { edits, report: { written: changed, unchanged: paths.filter((path) => !changed.includes(path)), removed } };
}

export function writeGeneration(outDir: string, files: Generation): WriteReport {
  const { edits, report } = generationEdits(outDir, files);
  applyEdits(edits);
  return report;
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
  const existing = onDisk(OutputFolder.at(outDir), files);
  return [...files].some(([path, text]) => existing.get(path) !== text);
}

export function compareGeneration(outDir: string, files: Generation): Drift[] {
  const existing = onDisk(OutputFolder.at(outDir), files);
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
