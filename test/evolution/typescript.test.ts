/**
 * The API surface's compiler (generator/output/typescript.ts): typescript.js run as `require`
 * runs it, with V8's code cache kept in a directory of the user's own. A missing, refused or
 * unsafe cache changes nothing but the time the load takes. Each load runs in a process of its
 * own: V8 also caches compiled scripts in memory, so a second load in one process proves nothing.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";

const required = createRequire(import.meta.url)("typescript") as typeof Ts;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A private directory, as the default one is made (mkdtemp makes it 0700). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "bindgen-ts-cache-"));
  dirs.push(dir);
  return dir;
}

/** What the API surface does with the compiler: parse, then print without comments. */
function printed(ts: typeof Ts): string {
  const source = "/** doc */ export interface A<T> { readonly a?: T[]; b(x: number): Promise<void> }\nexport const B = 1;";
  const file = ts.createSourceFile("a.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  return file.statements.map((node) => printer.printNode(ts.EmitHint.Unspecified, node, file)).join("\n");
}

interface Load {
  readonly fromCache: boolean;
  readonly version: string;
  readonly printed: string;
}

/** One load in a fresh process (then `keep`, unless told not to). */
function load(cacheDir: string, keep = true): Load {
  const code = [
    `import { loadTypescript } from ${JSON.stringify(new URL("../../generator/output/typescript.ts", import.meta.url).href)};`,
    `const loaded = loadTypescript(${JSON.stringify(cacheDir)});`,
    // The function's own text, as vitest compiled it: plain JavaScript.
    `const printed = (${printed.toString()})(loaded.ts);`,
    keep ? "loaded.keep();" : "",
    "console.log(JSON.stringify({ fromCache: loaded.fromCache, version: loaded.ts.version, printed }));",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { encoding: "utf8" });
  expect(child.stderr).toBe("");
  return JSON.parse(child.stdout) as Load;
}

const expected = { version: required.version, printed: printed(required) };

describe("the API surface's TypeScript", () => {
  it("is the compiler require loads; compiled once, then taken from the cache", () => {
    const dir = scratch();
    expect(load(dir)).toEqual({ fromCache: false, ...expected });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^typescript-[0-9a-f]{16}-v8-.+\.cache$/)]);
    const [name] = readdirSync(dir);
    const written = readFileSync(join(dir, name as string));
    expect(load(dir)).toEqual({ fromCache: true, ...expected });
    // Nothing rewritten: the cache it came from is current.
    expect(readFileSync(join(dir, name as string)).equals(written)).toBe(true);
  });

  it("compiles when V8 refuses the cache, and then replaces it", () => {
    const dir = scratch();
    load(dir);
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name as string), "not a code cache");
    expect(load(dir)).toEqual({ fromCache: false, ...expected });
    expect(load(dir)).toEqual({ fromCache: true, ...expected });
  });

  it("neither reads nor writes a cache in a directory open to others", () => {
    const dir = scratch();
    load(dir);
    chmodSync(dir, 0o755);
    expect(load(dir, false)).toEqual({ fromCache: false, ...expected });
    rmSync(join(dir, readdirSync(dir)[0] as string));
    load(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("works uncached when its directory cannot be made", () => {
    const blocked = join(scratch(), "a-file");
    writeFileSync(blocked, "");
    expect(load(blocked)).toEqual({ fromCache: false, ...expected });
    expect(readFileSync(blocked, "utf8")).toBe("");
  });
});
