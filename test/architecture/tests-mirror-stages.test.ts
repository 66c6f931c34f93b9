/**
 * Tests mirror the stages (issue 36, docs/architecture.md): the tests of a file are found by its
 * path. Every folder under test/ names a generator folder (`test/load/` holds the tests of
 * `generator/load/`), the runtime (`test/runtime/<floor>/` holds those of
 * `templates/runtime/<floor>/`), the whole pipeline (`test/pipeline/`, end to end through
 * `generator/pipeline.ts`), or one of the named exceptions below. A folder inside a stage's
 * tests names a folder or file of that stage (`test/emit/validators/`), or holds its support
 * or fixtures. So a new folder by feature (`test/validators/`, `test/client/`) fails here.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Folders that are not a stage's tests: named after a bug, a rule, the package, or shared. */
const EXCEPTIONS = ["architecture", "bench", "examples", "fixtures", "package", "regressions", "support"];
/** Folders inside a stage's tests that hold what its tests share, not tests of a file. */
const HELPERS = ["fixtures", "support"];

/** A tree as the rule sees it: each folder's entries, a folder with a trailing `/`. */
type Tree = (path: string) => readonly string[];

function diskTree(path: string): readonly string[] {
  return readdirSync(path, { withFileTypes: true }).map((entry) => entry.name + (entry.isDirectory() ? "/" : ""));
}

const folders = (entries: readonly string[]): string[] =>
  entries.filter((entry) => entry.endsWith("/")).map((entry) => entry.slice(0, -1));

/** Every folder or file under test/ that breaks the rule, by its path. */
function strays(tree: Tree): string[] {
  const found: string[] = [];
  const generatorFolders = new Set(folders(tree("generator")));
  const floors = new Set(folders(tree("templates/runtime")));
  // Inside a stage's tests: a folder names a folder or a .ts file of the code it tests.
  const mirrors = (testDir: string, codeDir: string): void => {
    const code = new Set(tree(codeDir).map((entry) => entry.replace(/\/$|\.ts$/, "")));
    for (const name of folders(tree(testDir))) {
      if (HELPERS.includes(name)) continue;
      if (!code.has(name)) found.push(`${testDir}/${name}/`);
      else if (tree(codeDir).includes(`${name}/`)) mirrors(`${testDir}/${name}`, `${codeDir}/${name}`);
    }
  };
  for (const name of folders(tree("test"))) {
    if (EXCEPTIONS.includes(name) || name === "pipeline") continue;
    if (name === "runtime") {
      for (const entry of tree("test/runtime")) {
        const floor = entry.replace(/\/$/, "");
        if (!entry.endsWith("/") || !floors.has(floor)) found.push(`test/runtime/${entry}`);
        else mirrors(`test/runtime/${floor}`, `templates/runtime/${floor}`);
      }
    } else if (generatorFolders.has(name)) mirrors(`test/${name}`, `generator/${name}`);
    else found.push(`test/${name}/`);
  }
  return found;
}

describe("tests mirror the stages", () => {
  it("every folder under test/ is a stage, a runtime floor, the pipeline or a named exception", () => {
    expect(strays(diskTree)).toEqual([]);
  });

  it("names a folder by feature, a test beside the runtime's floors and a stray subfolder", () => {
    const planted: Record<string, readonly string[]> = {
      generator: ["load/", "emit/", "pipeline.ts"],
      "generator/load": ["json.ts"],
      "generator/emit": ["validators/", "cli.ts"],
      "generator/emit/validators": ["module.ts"],
      "templates/runtime": ["core/", "cli/", "index.ts"],
      "templates/runtime/core": ["json-reader.ts"],
      "templates/runtime/cli": ["args.ts"],
      test: ["load/", "emit/", "runtime/", "pipeline/", "regressions/", "validators/", "client/"],
      "test/load": ["json.test.ts", "fixtures/"],
      "test/emit": ["cli.test.ts", "validators/", "cli/", "misc/"],
      "test/emit/validators": ["module.test.ts", "keywords/"],
      "test/runtime": ["core/", "cli/", "json-reader.test.ts", "daemon/"],
      "test/runtime/core": ["json-reader.test.ts"],
      "test/runtime/cli": ["parser.test.ts"],
    };
    expect(strays((path) => planted[path] ?? []).sort()).toEqual([
      "test/client/",
      "test/emit/misc/",
      "test/emit/validators/keywords/",
      "test/runtime/daemon/",
      "test/runtime/json-reader.test.ts",
      "test/validators/",
    ]);
  });
});
