/**
 * Validators modules hold no dead code, and compile under every consumer setting (issue 35): the
 * matrix (test/pipeline/consumer-settings-*.test.ts) compiles the bindings and the corpus's
 * output, and this file the shapes no contract there has — every module compiled from the
 * JSON-Schema-Test-Suite, the hostile schemas and the bigint ones: a `false` subschema, an
 * `allOf` holding one, an empty `enum`, a root every value matches, unevaluated*, dynamic
 * references. Under strictest nothing may be left unread (a parameter, a local) or unreachable.
 *
 * What TypeScript does not see is checked here too: a function only dead functions call is no
 * unused declaration to it, so every declaration of a module must be reached from its exports.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript-5.9";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";
import { canaryFiles, consumerPackage, expectOnlyCanaries, SETTING_NAMES, writeTree } from "../../support/consumer-settings.js";
import { bigintSchema, BIGINT_SCHEMAS } from "./bigint-schemas.js";
import { hugeEnum, LINKED_LIST_SCHEMA, nastySchemas, nestedAllOf, nestedProperties, TREE_SCHEMA } from "./hostile-schemas.js";
import { compileGroup, DRAFTS, readGroups, suiteFiles } from "./jsts-suite.js";

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-validators-settings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every module, by its path under `root`. */
const modules = new Map<string, string>();

/** The committed validators: both bindings', the int64 fixture's and the corpus goldens'. */
function goldens(): [string, string][] {
  const expected = "test/fixtures/corpus/expected";
  const paths = [
    ...["generated", "test/fixtures/int64/generated"].flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name !== "runtime")
        .map((name) => join(dir, name, "validators.ts")),
    ),
    ...readdirSync(expected).map((name) => join(expected, name, "validators.ts")),
  ];
  return paths.flatMap((path): [string, string][] => {
    try {
      return [[path, readFileSync(path, "utf8")]];
    } catch {
      // A corpus golden of types only.
      return [];
    }
  });
}

beforeAll(() => {
  for (const draft of DRAFTS) {
    for (const file of [...suiteFiles(draft, ""), ...suiteFiles(draft, "optional")]) {
      readGroups(draft, file).forEach((group, g) => {
        const compiled = compileGroup(draft, group);
        if (compiled.kind === "module")
          modules.set(`jsts/${draft.folder}/${file.replace(/[/.]/g, "_")}_${g}.ts`, compiled.source);
      });
    }
  }
  [nestedProperties(500), nestedAllOf(500), hugeEnum(10_000), TREE_SCHEMA, LINKED_LIST_SCHEMA, ...nastySchemas()].forEach(
    (schema, i) => modules.set(`hostile/${i}.ts`, emitValidatorModule(schema)),
  );
  for (const name of Object.keys(BIGINT_SCHEMAS) as (keyof typeof BIGINT_SCHEMAS)[])
    modules.set(`bigint/${name}.ts`, emitValidatorModule(bigintSchema(name), { int64: "bigint" }));
  consumerPackage(root);
  writeTree(join(root, "modules"), modules);
  writeTree(root, canaryFiles());
}, 120_000);

describe("validators modules under every consumer setting", () => {
  it("has the suite's modules, the hostile ones and the bigint ones", () => {
    expect(modules.size).toBeGreaterThan(1000);
  });

  for (const setting of SETTING_NAMES) {
    it(`compiles with no error under ${setting}`, { timeout: 120_000 }, async () => {
      await expectOnlyCanaries(root, setting, ["modules/**/*.ts"]);
    });
  }
});

/**
 * The module-scope declarations `source` holds that its exports do not reach: a declaration
 * reaches another when its text names it (a call, a read, a type).
 */
function unreached(source: string): string[] {
  const file = ts.createSourceFile("validators.ts", source, ts.ScriptTarget.ES2022, true);
  const declared = new Map<string, ts.Node>();
  const exported: string[] = [];
  for (const statement of file.statements) {
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((declaration) => declaration.name.getText(file))
      : (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
          statement.name !== undefined
        ? [statement.name.text]
        : [];
    const isExported =
      ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const name of names) {
      // An overloaded guard declares its name twice: the signature and the implementation are one declaration.
      if (declared.has(name)) continue;
      declared.set(name, statement);
      if (isExported) exported.push(name);
    }
  }
  const named = (node: ts.Node): Set<string> => {
    const found = new Set<string>();
    const visit = (child: ts.Node): void => {
      if (ts.isIdentifier(child)) found.add(child.text);
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const reached = new Set<string>();
  const pending = [...exported];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    // Every statement declaring the name: an overloaded guard's implementation is the one that calls.
    for (const statement of file.statements)
      if (declared.get(name) === statement || (ts.isFunctionDeclaration(statement) && statement.name?.text === name))
        for (const next of named(statement)) if (declared.has(next) && !reached.has(next)) pending.push(next);
  }
  return [...declared.keys()].filter((name) => !reached.has(name));
}

describe("validators modules hold nothing their exports do not reach", () => {
  it("in the committed validators and in every module above", () => {
    const all = [...goldens(), ...modules];
    expect(all.length).toBeGreaterThan(1000);
    const dead = all.flatMap(([path, source]) => unreached(source).map((name) => `${path}: ${name}`));
    expect(dead).toEqual([]);
  });

  it("finds what nothing reaches (the check can fail)", () => {
    const source = `type Unused = string;
function alone(x: unknown): boolean { return x === 1; }
function loopA(): boolean { return loopB(); }
function loopB(): boolean { return loopA(); }
function used(x: unknown): boolean { return x === 2; }
export function isUsed(value: unknown): boolean { return used(value); }
`;
    expect(unreached(source).sort()).toEqual(["Unused", "alone", "loopA", "loopB"]);
  });
});
