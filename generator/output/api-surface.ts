/**
 * The API-surface golden: the public declarations of one generated binding, one line each,
 * as Markdown. It is read from syntax alone — a parse, no program and no type checker, so
 * `generate` stays fast — and printed by the TypeScript printer without comments, so
 * documentation and formatting changes never show here: only names, kinds, signatures, types
 * and constant values.
 */
import type Ts from "typescript";
import { byCodeUnits } from "../order.js";
import { codeBlock, escapeMarkdown } from "./markdown.js";
import { GENERATED_MARKER } from "./header.js";
import { keepCompiledTypescript, typescript } from "./typescript.js";

/** The golden's file name inside the binding folder. */
export const API_SURFACE_FILE = "api.md";

/** Constant values up to this length stay on their declaration's line. */
const ONE_LINE_VALUE = 100;

export interface Entry {
  /** Sort key: the declared name (or the module specifier of a re-export). */
  readonly key: string;
  readonly lines: readonly string[];
}

/** One parsed file and the printer that renders its nodes. */
interface Reader {
  readonly ts: typeof Ts;
  /** The node on one line. */
  readonly line: (node: Ts.Node | undefined) => string;
  /** The node as the printer lays it out (large constant values read better one property per line). */
  readonly lines: (node: Ts.Node) => string[];
}

function readerFor(ts: typeof Ts, file: Ts.SourceFile): Reader {
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const raw = (node: Ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, node, file);
  return {
    ts,
    line: (node) => (node === undefined ? "" : raw(node).replace(/\s*\n\s*/g, " ")),
    lines: (node) => raw(node).split("\n"),
  };
}

function hasModifier(ts: typeof Ts, node: Ts.Node, kind: Ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

function list(read: Reader, nodes: Ts.NodeArray<Ts.Node> | undefined, open: string, close: string): string {
  return nodes === undefined || nodes.length === 0 ? "" : `${open}${nodes.map(read.line).join(", ")}${close}`;
}

function signature(read: Reader, node: Ts.SignatureDeclarationBase): string {
  const returns = node.type === undefined ? "" : `: ${read.line(node.type)}`;
  return `${list(read, node.typeParameters, "<", ">")}(${node.parameters.map(read.line).join(", ")})${returns}`;
}

function heritage(read: Reader, node: Ts.ClassDeclaration | Ts.InterfaceDeclaration): string {
  return node.heritageClauses === undefined ? "" : ` ${node.heritageClauses.map(read.line).join(" ")}`;
}

function classMember(read: Reader, member: Ts.ClassElement): string | undefined {
  const { ts } = read;
  if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) return undefined;
  if (hasModifier(ts, member, ts.SyntaxKind.PrivateKeyword) || hasModifier(ts, member, ts.SyntaxKind.ProtectedKeyword))
    return undefined;
  const prefix = `${hasModifier(ts, member, ts.SyntaxKind.StaticKeyword) ? "static " : ""}${hasModifier(ts, member, ts.SyntaxKind.ReadonlyKeyword) ? "readonly " : ""}`;
  const name = read.line(member.name);
  if (ts.isConstructorDeclaration(member)) return `constructor${signature(read, member)}`;
  if (ts.isMethodDeclaration(member))
    return `${prefix}${name}${member.questionToken === undefined ? "" : "?"}${signature(read, member)}`;
  if (ts.isGetAccessorDeclaration(member)) return `${prefix}get ${name}${signature(read, member)}`;
  if (ts.isSetAccessorDeclaration(member)) return `${prefix}set ${name}${signature(read, member)}`;
  if (ts.isPropertyDeclaration(member))
    return `${prefix}${name}${member.questionToken === undefined ? "" : "?"}${member.type === undefined ? "" : `: ${read.line(member.type)}`}`;
  return undefined;
}

function variableEntries(read: Reader, statement: Ts.VariableStatement): Entry[] {
  const { ts } = read;
  const flags = statement.declarationList.flags;
  const keyword = flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : "var";
  return statement.declarationList.declarations.map((declaration) => {
    const name = read.line(declaration.name);
    const head = `${keyword} ${name}${declaration.type === undefined ? "" : `: ${read.line(declaration.type)}`}`;
    const value = declaration.initializer;
    if (value === undefined) return { key: name, lines: [head] };
    // Function values show their signature; every other value is shown whole (constant values are API).
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
      return { key: name, lines: [`${head} = ${signature(read, value)} => …`] };
    const flat = read.line(value);
    if (flat.length <= ONE_LINE_VALUE) return { key: name, lines: [`${head} = ${flat}`] };
    const [first = "", ...rest] = read.lines(value);
    return { key: name, lines: [`${head} = ${first}`, ...rest] };
  });
}

const indented = (lines: readonly string[]): string[] => [...lines].sort(byCodeUnits).map((line) => `  ${line}`);

function statementEntries(read: Reader, statement: Ts.Statement): Entry[] {
  const { ts } = read;
  if (ts.isExportDeclaration(statement)) {
    const from =
      statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : "";
    return [{ key: from, lines: [read.line(statement)] }];
  }
  if (ts.isExportAssignment(statement)) return [{ key: "default", lines: [read.line(statement)] }];
  if (!hasModifier(ts, statement, ts.SyntaxKind.ExportKeyword)) return [];
  if (ts.isInterfaceDeclaration(statement)) {
    const name = statement.name.text;
    return [
      {
        key: name,
        lines: [
          `interface ${name}${list(read, statement.typeParameters, "<", ">")}${heritage(read, statement)}`,
          ...indented(statement.members.map(read.line)),
        ],
      },
    ];
  }
  if (ts.isTypeAliasDeclaration(statement)) {
    const name = statement.name.text;
    return [
      { key: name, lines: [`type ${name}${list(read, statement.typeParameters, "<", ">")} = ${read.line(statement.type)}`] },
    ];
  }
  if (ts.isFunctionDeclaration(statement)) {
    const name = statement.name?.text ?? "default";
    return [{ key: name, lines: [`function ${name}${signature(read, statement)}`] }];
  }
  if (ts.isClassDeclaration(statement)) {
    const name = statement.name?.text ?? "default";
    const members = statement.members
      .map((member) => classMember(read, member))
      .filter((line): line is string => line !== undefined);
    return [
      {
        key: name,
        lines: [
          `class ${name}${list(read, statement.typeParameters, "<", ">")}${heritage(read, statement)}`,
          ...indented(members),
        ],
      },
    ];
  }
  if (ts.isEnumDeclaration(statement)) {
    return [
      {
        key: statement.name.text,
        lines: [`enum ${statement.name.text}`, ...statement.members.map((member) => `  ${read.line(member)}`)],
      },
    ];
  }
  if (ts.isVariableStatement(statement)) return variableEntries(read, statement);
  return [{ key: "", lines: [read.line(statement)] }];
}

const STATEMENT_START =
  /^(export|import|function|async function|const|let|var|type|interface|class|abstract class|enum|declare|namespace)\b/;
const CLOSING = /^[}\])]/;
const COMMENT_LINE = /^\s*(\*|\/\*|\/\/)/;

/**
 * The exported top-level statements of a generated file, the only ones api.md reads: parsing the
 * megabytes of validator functions behind them was most of this stage's time. Read from the
 * layout: in formatted code every top-level statement starts at column 0, and otherwise only
 * closing brackets do. A file whose lines cannot be read that way (a template literal, which may
 * span lines, or another kind of line at column 0) is returned whole, to be parsed whole.
 */
export function exportedStatements(text: string): string {
  const kept: string[] = [];
  let keep = false;
  for (const line of text.split("\n")) {
    if (line.includes("`") && !COMMENT_LINE.test(line)) return text;
    if (line === "" || line.startsWith(" ") || CLOSING.test(line)) {
      if (keep) kept.push(line);
    } else if (line.startsWith("/*") || line.startsWith("//")) {
      keep = false;
    } else if (STATEMENT_START.test(line)) {
      keep = line.startsWith("export");
      if (keep) kept.push(line);
    } else return text;
  }
  return kept.join("\n");
}

/**
 * An exported function of one `unknown` parameter returning a named type or a type predicate —
 * each validators' `validate*`/`is*` pair, two per shape — read from its formatted head as the
 * printer would print it. Parsing and printing these was half the API surface's time on a large
 * schema; any other function goes to the parser.
 */
const SIMPLE_FUNCTION =
  /^export function ([A-Za-z_$][\w$]*)\(([A-Za-z_$][\w$]*): unknown,?\): ([A-Za-z_$][\w$]*<[A-Za-z_$][\w$]*>|[A-Za-z_$][\w$]* is [A-Za-z_$][\w$]*) \{$/;

/** The entries of the simple exported functions in `text` (exportedStatements' output), and the statements left for the parser. */
export function simpleFunctions(text: string): { entries: Entry[]; rest: string } {
  const entries: Entry[] = [];
  const rest: string[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith("export function ")) {
      rest.push(line);
      continue;
    }
    let end = i;
    let head = line;
    while (!head.endsWith("{") && end + 1 < lines.length) head += (lines[++end] as string).trim();
    let close = end;
    while (close < lines.length && lines[close] !== "}") close++;
    const simple = SIMPLE_FUNCTION.exec(head);
    if (simple === null || close === lines.length) {
      rest.push(line);
      continue;
    }
    const [, name = "", parameter = "", returns = ""] = simple;
    entries.push({ key: name, lines: [`function ${name}(${parameter}: unknown): ${returns}`] });
    i = close;
  }
  return { entries, rest: rest.join("\n") };
}

/**
 * `files` maps file names inside the binding folder (`types.ts`, …) to their contents; only
 * `.ts` files are read. The result is the text of `api.md`.
 */
export async function apiSurface(contractId: string, files: ReadonlyMap<string, string>): Promise<string> {
  const ts = typescript();
  const sections: string[] = [];
  for (const name of [...files.keys()].filter((file) => file.endsWith(".ts")).sort(byCodeUnits)) {
    const { entries: simple, rest } = simpleFunctions(exportedStatements(files.get(name) as string));
    const file = ts.createSourceFile(name, rest, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const read = readerFor(ts, file);
    const entries = [...simple, ...file.statements.flatMap((statement) => statementEntries(read, statement))];
    const lines = entries
      .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.lines.join("\n"), b.lines.join("\n")))
      .flatMap((entry) => entry.lines);
    if (lines.length > 0) sections.push(`## ${name}`, "", ...codeBlock("ts", lines), "");
  }
  keepCompiledTypescript();
  return [
    `<!-- ${GENERATED_MARKER}. Do not edit: run \`rightkit-bindgen generate\` instead. -->`,
    "",
    // The id is schema text: through the Markdown door, so it cannot mention, link or close the heading.
    `# API surface: ${escapeMarkdown(contractId)}`,
    "",
    "The public declarations of this binding, one per line (members indented), without documentation. A change here is a change callers can see.",
    "",
    ...sections,
  ].join("\n");
}

/** The api.md sections a caller's code reads: the client's methods and error codes, and the types. */
const CALLER_SECTIONS: readonly string[] = ["client.ts", "types.ts"];

/**
 * What a caller's code sees of an api.md: its client and type sections. The CLI's table (with
 * each tool's embedded params schema), the manifest's fingerprints and the validators' wrappers
 * follow from these, so a reviewer reading a change need not see them.
 */
export function callerSurface(apiSurfaceText: string): string {
  const kept: string[] = [];
  let keep = false;
  for (const line of apiSurfaceText.split("\n")) {
    if (line.startsWith("## ")) keep = CALLER_SECTIONS.includes(line.slice(3));
    if (keep) kept.push(line);
  }
  return kept.join("\n");
}
