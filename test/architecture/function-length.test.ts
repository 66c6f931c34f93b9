/**
 * No hand-written function over 100 lines (issue 36), in the generator or the runtime it ships:
 * a function that long holds several jobs, and a factory returning closures over shared state is
 * a state machine that wants to be a class. Every function, method, accessor and arrow is
 * measured from its first line to its last, nested functions included (they are its lines too),
 * less the lines inside template literals: those are text the function writes (a validator
 * helper's source), not its logic. Machine-made sources (generator/load/precompiled/) are not
 * hand-written and are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript-5.9";
import { expect, it } from "vitest";

const MOST_LINES = 100;
const MACHINE_MADE = /^generator\/load\/precompiled\//;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !MACHINE_MADE.test(path) ? [path] : [];
  });
}

/** `file:line name (n lines)` for every function-like node of `source` longer than `most`. */
export function longFunctions(path: string, text: string, most: number): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number): number => file.getLineAndCharacterOfPosition(position).line;
  // Lines that continue a template literal: text the code writes, not code.
  const templateLines = new Set<number>();
  const collect = (node: ts.Node): void => {
    if (ts.isTemplateLiteral(node))
      for (let line = lineOf(node.getStart(file)) + 1; line <= lineOf(node.getEnd()); line++) templateLines.add(line);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const first = lineOf(node.getStart(file));
      let lines = 0;
      for (let line = first; line <= lineOf(node.getEnd()); line++) if (!templateLines.has(line)) lines++;
      if (lines > most) found.push(`${path}:${first + 1} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  return "(anonymous)";
}

it(`has no function over ${MOST_LINES} lines in generator/ or templates/runtime/`, () => {
  const long = [...sources("generator"), ...sources("templates/runtime")].flatMap((path) =>
    longFunctions(path, readFileSync(path, "utf8"), MOST_LINES),
  );
  expect(long).toEqual([]);
});

it("can fail: measures a long function, a long arrow and a long method, nested lines included", () => {
  const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join("\n");
  const text = [
    `function outer() {\n  const inner = () => {\n${body}\n  };\n}`,
    `const arrow = () => {\n${body}\n};`,
    `class C {\n  method() {\n${body}\n  }\n}`,
    `const writes = () => code\`\n${body}\n\`;`,
  ].join("\n");
  expect(longFunctions("x.ts", text, 6)).toEqual([
    "x.ts:1 outer (9 lines)",
    "x.ts:2 inner (7 lines)",
    "x.ts:10 arrow (7 lines)",
    "x.ts:18 method (7 lines)",
  ]);
});
