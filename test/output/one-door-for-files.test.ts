/**
 * One door for files, by construction: no module of generator/ but the door
 * (generator/output/file-door.ts) may take a writing function from node:fs — writeFileSync,
 * renameSync, mkdirSync, createWriteStream, openSync (whose flags a scan cannot judge) and the
 * rest, sync, callback or promise — nor node:fs as a whole (`import * as fs`, `require("fs")`),
 * through which any of them could be reached. The scan reads imports with the TypeScript parser
 * and is proven to fire on a planted source.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript-5.9";
import { describe, expect, it } from "vitest";

const DOOR = "generator/output/file-door.ts";

/**
 * Where a writer is allowed besides the door, and why. Each is a named file: a new writer
 * anywhere else fails the test.
 */
const BESIDE_THE_DOOR: ReadonlyMap<string, string> = new Map([
  // The conformance host stands beside the pipeline and imports only the floor (it may not import
  // output/): its discovery record and socket folder under the suite root are the host's own.
  ["generator/host/", "the conformance host: its own record and sockets under the suite root"],
]);

const FS_MODULES = new Set(["fs", "node:fs", "fs/promises", "node:fs/promises"]);

/** node:fs names that create, change or remove a file or folder. */
const WRITERS = new Set(
  [
    "writeFile",
    "appendFile",
    "rename",
    "mkdir",
    "mkdtemp",
    "open",
    "copyFile",
    "cp",
    "symlink",
    "link",
    "truncate",
    "rm",
    "rmdir",
    "unlink",
    "chmod",
    "chown",
    "utimes",
    "write",
    "writev",
    "ftruncate",
  ].flatMap((name) => [name, `${name}Sync`]),
).add("createWriteStream");

/** Every writer `source` takes from node:fs, as `name (line)`. */
function writersIn(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node): number => tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && FS_MODULES.has(node.moduleSpecifier.text)) {
      const clause = node.importClause;
      if (clause?.name !== undefined) found.push(`default import of ${node.moduleSpecifier.text} (${at(node)})`);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings))
        found.push(`namespace import of ${node.moduleSpecifier.text} (${at(node)})`);
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (WRITERS.has(name)) found.push(`${name} (${at(element)})`);
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0]) &&
      FS_MODULES.has(node.arguments[0].text)
    ) {
      found.push(`dynamic load of ${node.arguments[0].text} (${at(node)})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => join(dir, path).split("\\").join("/"))
    .sort();
}

describe("one door for files", () => {
  it("no module of generator/ but the door takes a writing function from node:fs", () => {
    const offenders = sources("generator")
      .filter((file) => file !== DOOR && ![...BESIDE_THE_DOOR.keys()].some((allowed) => file.startsWith(allowed)))
      .flatMap((file) => writersIn(file, readFileSync(file, "utf8")).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it("the door is where the writers are, and every named exception still exists", () => {
    expect(writersIn(DOOR, readFileSync(DOOR, "utf8"))).not.toEqual([]);
    for (const path of BESIDE_THE_DOOR.keys())
      expect(
        sources("generator").some((file) => file.startsWith(path)),
        path,
      ).toBe(true);
  });

  it.each([
    ['import { writeFileSync } from "node:fs";', "writeFileSync (1)"],
    ['import { readFileSync, renameSync as move } from "fs";', "renameSync (1)"],
    ['import { mkdir } from "node:fs/promises";', "mkdir (1)"],
    ['import * as fs from "node:fs";', "namespace import of node:fs (1)"],
    ['import fs from "fs";', "default import of fs (1)"],
    ['const fs = require("node:fs");', "dynamic load of node:fs (1)"],
    ['const { openSync } = await import("node:fs");', "dynamic load of node:fs (1)"],
    ['import { createWriteStream } from "node:fs";', "createWriteStream (1)"],
  ])("fires on a planted writer: %s", (source, expected) => {
    expect(writersIn("planted.ts", source)).toEqual([expected]);
  });

  it("lets readers pass", () => {
    expect(writersIn("planted.ts", 'import { readFileSync, lstatSync, readdirSync } from "node:fs";')).toEqual([]);
  });
});
