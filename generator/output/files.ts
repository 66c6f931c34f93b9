/**
 * Writing and comparing a generation. Everything is produced in memory first; writing then
 * replaces each file atomically (temp file + rename) and removes files the generation no longer
 * has from the folders it owns, so a failed run leaves nothing half-written.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import { byCodeUnits } from "../order.js";

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

function onDisk(outDir: string, files: Generation): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of ownedFolders(files)) {
    for (const entry of listFiles(join(outDir, folder)))
      found.set(`${folder}/${entry}`, readFileSync(join(outDir, folder, entry), "utf8"));
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
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const path of [...files.keys()].sort(byCodeUnits)) {
    const text = files.get(path) as string;
    if (existing.get(path) === text) {
      unchanged.push(path);
      continue;
    }
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, target);
    written.push(path);
  }
  const removed = [...existing.keys()].filter((path) => !files.has(path)).sort(byCodeUnits);
  for (const path of removed) rmSync(join(outDir, path));
  return { written, unchanged, removed };
}

export interface Drift {
  readonly path: string;
  /** A unified diff from what is on disk to what the generator produces. */
  readonly patch: string;
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
