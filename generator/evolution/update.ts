/**
 * `update`: bring a new upstream schema into a binding repository. Everything — the diff, the
 * new generation (type-checked), the contract files and the PR body — is computed in memory
 * first; only then is anything written, so a failure leaves the repository as it was. The binding
 * file follows the schema's methods (evolution/binding-update.ts): a new, removed or renamed
 * method needs no hand edit.
 *
 * A new major `$id` is refused unless allowed. When allowed, the new contract is added beside
 * the old one: the old contract files move into `contract/<old id>/` (still checkable with
 * `check --contract`), the new schema, fingerprint and a copy of the binding take the top level
 * of contract/ (so plain `generate`/`check` now mean the new version), and the new binding is
 * generated into its own folder `generated/<new id>/` while `generated/<old id>/` is kept.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { BindgenError, isBindgenError } from "../errors.js";
import { fingerprintFileFor, fingerprintOf } from "../contract/fingerprint.js";
import { loadContract, type ContractSource, type LoadedContract } from "../load/contract.js";
import { byCodeUnits } from "../order.js";
import { applyEdits, OutputFolder, ScratchFolder, type FileEdit, type Place } from "../output/file-door.js";
import { compareGeneration, generationEdits, type Generation } from "../output/files.js";
import { contractDirName } from "../output/paths.js";
import { generateFiles } from "../pipeline.js";
import { API_SURFACE_FILE, callerSurface } from "../output/api-surface.js";
import { int64ReadingChange, MANIFEST_FILE } from "../output/numbers-reading.js";
import { evolveBinding, type BindingEvolution } from "./binding-update.js";
import { diffWithModels, type ContractDiff } from "./diff.js";
import { isMajorChange } from "./version.js";

export interface UpdateOptions {
  /** The new upstream schema: `.json`, or a contract document `.md`. */
  readonly from: string;
  readonly allowMajor: boolean;
  /** The repository's current contract schema and binding. */
  readonly contract: string;
  readonly binding: string | undefined;
  readonly out: string;
}

export type FileChange = "added" | "changed" | "removed" | "moved";

export interface PlannedFile {
  /** Where the file ends up, relative to the working directory. */
  readonly path: string;
  readonly change: FileChange;
  /** New contents; absent for moves and removals. */
  readonly text?: string;
  /** For moves: where the file was. */
  readonly movedFrom?: string;
}

export interface UpdatePlan {
  readonly diff: ContractDiff;
  readonly major: boolean;
  /** Contract files to write or move, in order. */
  readonly contractFiles: readonly PlannedFile[];
  readonly generation: Generation;
  /** Generated files that change, relative to the working directory. */
  readonly regenerated: readonly PlannedFile[];
  /** Unified diff of api.md's caller sections (`callerSurface`), old → new; empty when they did not change. */
  readonly surfacePatch: string;
  /** What a switch of the binding's numbers.int64 costs callers; undefined when the reading stayed. */
  readonly readingChange: string | undefined;
  /** How the binding file follows the schema's methods; undefined for a contract without one. */
  readonly binding: BindingEvolution | undefined;
}

export type UpdateOutcome =
  | { readonly kind: "planned"; readonly plan: UpdatePlan }
  | { readonly kind: "refused"; readonly diff: ContractDiff; readonly reason: string };

/** The bytes the contract file gets: a .json source as it is, a .md source's fence as pretty JSON. */
function schemaText(from: string, schema: unknown): string {
  return /\.json$/i.test(from) ? readFileSync(from, "utf8") : `${JSON.stringify(schema, null, 2)}\n`;
}

const fingerprintText = (schema: unknown): string => `${JSON.stringify(fingerprintOf(schema), null, 2)}\n`;

/** A contract file's name and the exact bytes it will hold. */
interface ContractText {
  readonly name: string;
  readonly text: string;
}

/**
 * Generates from the exact bytes that will be committed, via a scratch copy removed afterwards.
 * An error in the copy is said of the file it came from: the schema of `--from`, the binding file.
 */
async function generateFromText(
  schema: ContractText & { readonly from: string },
  binding: (ContractText & { readonly from: string }) | undefined,
  out: string,
): Promise<Generation> {
  const scratch = ScratchFolder.make("rightkit-bindgen-update-");
  const file = scratch.write(schema.name, schema.text);
  const bindingFile = binding === undefined ? undefined : scratch.write(binding.name, binding.text);
  try {
    // Type-checked exactly when it differs from what is committed, i.e. before anything is written.
    return (await generateFiles({ contract: file, binding: bindingFile }, { typeCheck: "when-changed", outDir: out })).files;
  } catch (error) {
    if (!isBindgenError(error)) throw error;
    if (error.file === file) throw saidOf(error, schema.from);
    if (error.file !== undefined && error.file === bindingFile && binding !== undefined) throw saidOf(error, binding.from);
    throw error;
  } finally {
    scratch.remove();
  }
}

/** The same error, said of `file`. */
function saidOf(error: BindgenError, file: string): BindgenError {
  const { code, message, location, keyword, pointer, details } = error;
  return new BindgenError(code, message, { file, location, keyword, pointer, details });
}

function contractPlan(
  options: UpdateOptions,
  diff: ContractDiff,
  major: boolean,
  text: string,
  schema: unknown,
  bindingText: string | undefined,
): { files: PlannedFile[]; schemaFile: string; binding: string | undefined } {
  if (!major) {
    const fingerprint = fingerprintFileFor(options.contract);
    const binding =
      options.binding === undefined || bindingText === undefined ? undefined : replacing(options.binding, bindingText);
    return {
      schemaFile: options.contract,
      binding: options.binding,
      // A file whose text is already what it would become is neither listed nor written.
      files: [replacing(options.contract, text), replacing(fingerprint, fingerprintText(schema)), binding].filter(
        (file): file is PlannedFile => file !== undefined,
      ),
    };
  }
  const dir = dirname(options.contract);
  const keep = join(dir, contractDirName(diff.from));
  const stem = join(dir, contractDirName(diff.to));
  const schemaFile = `${stem}.schema.json`;
  const binding = options.binding === undefined ? undefined : `${stem}.binding.json`;
  const olds = [
    options.contract,
    fingerprintFileFor(options.contract),
    ...(options.binding === undefined ? [] : [options.binding]),
  ].filter((file) => existsSync(file));
  const files: PlannedFile[] = olds.map((file) => ({ path: join(keep, basename(file)), change: "moved", movedFrom: file }));
  files.push(
    { path: schemaFile, change: "added", text },
    { path: fingerprintFileFor(schemaFile), change: "added", text: fingerprintText(schema) },
  );
  if (binding !== undefined && bindingText !== undefined) files.push({ path: binding, change: "added", text: bindingText });
  for (const file of files) {
    if (file.change !== "moved" && existsSync(file.path))
      throw new BindgenError(
        "bad_argument",
        `${file.path} already exists; a major update adds the new contract beside the old one`,
      );
    if (file.change === "moved" && existsSync(file.path))
      throw new BindgenError("bad_argument", `${file.path} already exists; cannot keep the old contract there`);
  }
  return { files, schemaFile, binding };
}

/** The file as `text`: added when absent, changed when it differs, nothing when it is already that. */
function replacing(path: string, text: string): PlannedFile | undefined {
  if (!existsSync(path)) return { path, change: "added", text };
  return readFileSync(path, "utf8") === text ? undefined : { path, change: "changed", text };
}

function regenerated(out: string, generation: Generation): PlannedFile[] {
  const folder = OutputFolder.at(out);
  return compareGeneration(out, generation).map(({ path }) => ({
    path: join(out, path),
    change: !generation.has(path) ? "removed" : folder.read(path) !== undefined ? "changed" : "added",
  }));
}

/** The committed api.md and manifest.ts of the binding, where they are on disk; else as generated from the current inputs. */
function committedFiles(out: string, id: string, generated: Generation): Generation {
  const files = new Map(generated);
  const folder = OutputFolder.at(out);
  for (const name of [API_SURFACE_FILE, MANIFEST_FILE]) {
    const path = `${contractDirName(id)}/${name}`;
    const text = folder.read(path);
    if (text !== undefined) files.set(path, text);
  }
  return files;
}

function surfacePatch(before: Generation, beforeId: string, after: Generation, afterId: string): string {
  const oldPath = `${contractDirName(beforeId)}/${API_SURFACE_FILE}`;
  const newPath = `${contractDirName(afterId)}/${API_SURFACE_FILE}`;
  const a = callerSurface(before.get(oldPath) ?? "");
  const b = callerSurface(after.get(newPath) ?? "");
  if (a === b) return "";
  return createTwoFilesPatch(`a/${oldPath}`, `b/${newPath}`, a, b, undefined, undefined, { context: 1 });
}

/**
 * The binding file as the new schema needs it: the old schema is judged with the binding as
 * committed, the new one with the binding as it will be (new methods' entries inferred, removed
 * ones dropped, renamed ones carried over).
 */
function followMethods(
  bindingFile: string | undefined,
  before: LoadedContract,
  diffed: ReturnType<typeof diffWithModels>,
): BindingEvolution | undefined {
  if (bindingFile === undefined || before.binding === undefined) return undefined;
  return evolveBinding(
    { text: readFileSync(bindingFile, "utf8"), binding: before.binding },
    diffed.before,
    diffed.after,
    diffed.diff.renames,
  );
}

export async function planUpdate(options: UpdateOptions): Promise<UpdateOutcome> {
  const source: ContractSource = { contract: options.contract, binding: options.binding };
  const before = loadContract(source);
  // The new schema is loaded on its own: a binding names the $id of the fence it wants, and a
  // new major version is, by definition, a different $id.
  const after = loadContract({ contract: options.from });
  const diffed = diffWithModels(before, after);
  const { diff } = diffed;
  const major = isMajorChange(diff.from, diff.to);
  if (major && !options.allowMajor) {
    return {
      kind: "refused",
      diff,
      reason: `the new schema is a new major version (${diff.from} → ${diff.to}); rerun with --allow-major to add it beside the old one`,
    };
  }
  const text = schemaText(options.from, after.schema);
  const binding = followMethods(options.binding, before, diffed);
  const contract = contractPlan(options, diff, major, text, after.schema, binding?.text);
  const generation = await generateFromText(
    { name: basename(contract.schemaFile), text, from: options.from },
    contract.binding === undefined || binding === undefined
      ? undefined
      : { name: basename(contract.binding), text: binding.text, from: options.binding ?? contract.binding },
    options.out,
  );
  const old = await generateFiles(source, { typeCheck: "never" });
  // What callers have now is the committed binding: compared with it, a binding edit made beside
  // the schema (numbers.int64 switched, say) shows in the surface diff too.
  const committed = committedFiles(options.out, diff.from, old.files);
  return {
    kind: "planned",
    plan: {
      diff,
      major,
      contractFiles: contract.files,
      generation,
      regenerated: regenerated(options.out, generation).sort((a, b) => byCodeUnits(a.path, b.path)),
      surfacePatch: surfacePatch(committed, diff.from, generation, diff.to),
      readingChange: int64ReadingChange(
        committed.get(`${contractDirName(diff.from)}/${MANIFEST_FILE}`),
        generation.get(`${contractDirName(diff.to)}/${MANIFEST_FILE}`),
      ),
      binding,
    },
  };
}

/** A contract file's place: its folder (made when missing: a major update's `contract/<old id>/`), and its name. */
function placeOf(path: string): Place {
  return { folder: OutputFolder.at(dirname(path)), path: basename(path) };
}

/** What a plan writes, in order: contract files (moves before writes), then the generation. */
export function updateEdits(plan: UpdatePlan, out: string): FileEdit[] {
  const moves = plan.contractFiles.flatMap((file): FileEdit[] =>
    file.change === "moved" && file.movedFrom !== undefined
      ? [{ kind: "move", at: placeOf(file.path), from: placeOf(file.movedFrom) }]
      : [],
  );
  const writes = plan.contractFiles.flatMap((file): FileEdit[] =>
    file.text === undefined ? [] : [{ kind: "write", at: placeOf(file.path), text: file.text }],
  );
  return [...moves, ...writes, ...generationEdits(out, plan.generation).edits];
}

/**
 * Writes a plan through the file door, with `first` (the PR body) before it: every target is
 * checked before the first write, so a bad path leaves the repository as it was.
 */
export function applyUpdate(plan: UpdatePlan, out: string, first: readonly FileEdit[] = []): void {
  applyEdits([...first, ...updateEdits(plan, out)]);
}
