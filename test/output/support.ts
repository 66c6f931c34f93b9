/**
 * What the file-door tests share: a tiny contract in a scratch repository, the CLI run in process
 * or as the real bin (bounded: a spin must fail the test, not hang it), and a snapshot of a tree
 * that sees links as links, so "byte-identical" and "nothing outside" can be asserted.
 */
import { spawnSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll } from "vitest";

const BIN = resolve("generator/bin/rightkit-bindgen.js");

/** A one-method contract whose `$id` is `id`: generates in about a second. */
export function tinySchema(id: string): string {
  return `${JSON.stringify(
    {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: id,
      $defs: {
        ping: {
          params: { type: "object", properties: {} },
          result: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
        },
      },
    },
    null,
    2,
  )}\n`;
}

/** Fresh scratch folders under the system temp folder, removed when the file's tests are done. */
export function scratchDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
    made.push(dir);
    return dir;
  };
}

/** A scratch repository with contract/<id>.schema.json for each id. */
export function tinyRepo(dir: string, ...ids: string[]): string {
  mkdirSync(join(dir, "contract"), { recursive: true });
  for (const id of ids)
    writeFileSync(join(dir, "contract", `${id.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 80)}.schema.json`), tinySchema(id));
  return dir;
}

export interface BinRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

/** The real bin, in `cwd`, killed after `timeoutMs` (a spin is a failure, not a hang). */
export function bin(cwd: string, args: readonly string[], timeoutMs = 60_000): BinRun {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", timeout: timeoutMs });
  return { code: run.status, stdout: run.stdout ?? "", stderr: run.stderr ?? "", timedOut: run.error !== undefined };
}

export type Entry =
  | { readonly kind: "dir"; readonly mode: number }
  | { readonly kind: "file"; readonly mode: number; readonly text: string }
  | { readonly kind: "link"; readonly to: string }
  | { readonly kind: "other" };

/** Every entry under `root` (links not followed), by `/`-separated path; the root itself as "". */
export function snapshot(root: string): Map<string, Entry> {
  const found = new Map<string, Entry>();
  const visit = (path: string, rel: string): void => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) found.set(rel, { kind: "link", to: readlinkSync(path) });
    else if (stat.isFile()) found.set(rel, { kind: "file", mode: stat.mode, text: readFileSync(path, "utf8") });
    else if (stat.isDirectory()) {
      found.set(rel, { kind: "dir", mode: stat.mode });
      for (const name of readdirSync(path).sort()) visit(join(path, name), rel === "" ? name : `${rel}/${name}`);
    } else found.set(rel, { kind: "other" });
  };
  visit(root, "");
  return found;
}
