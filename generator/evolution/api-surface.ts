/**
 * The API-surface golden: the public declarations of one generated binding, one line each,
 * as Markdown. It is read from syntax alone (no type-checked program, so `generate` stays
 * fast), printed through the TypeScript printer without comments, so documentation and
 * formatting changes never show up here — only names, kinds, signatures, types and constant values.
 */
import type { ClassDeclaration, InterfaceDeclaration, Node as MorphNode, SourceFile, Statement, ts as TsNamespace } from "ts-morph";
import { byCodeUnits } from "../model/convert.js";
import { codeBlock } from "./markdown.js";

type Morph = typeof import("ts-morph");

/** The golden's file name inside the binding folder. */
export const API_SURFACE_FILE = "api.md";

interface Entry {
  /** Sort key: the declared name (or the module specifier of a re-export). */
  readonly key: string;
  readonly lines: readonly string[];
}

interface Printer {
  /** The node on one line. */
  (node: MorphNode | undefined): string;
  /** The node as the printer lays it out (large constant values read better one property per line). */
  readonly multiline: (node: MorphNode) => string[];
}

function printerFor(morph: Morph, file: SourceFile): Printer {
  const { ts } = morph;
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const raw = (node: MorphNode): string => printer.printNode(ts.EmitHint.Unspecified, node.compilerNode as TsNamespace.Node, file.compilerNode);
  const print = (node: MorphNode | undefined): string => (node === undefined ? "" : raw(node).replace(/\s*\n\s*/g, " "));
  return Object.assign(print, { multiline: (node: MorphNode) => raw(node).split("\n") });
}

/** Constant values up to this length stay on their declaration's line. */
const ONE_LINE_VALUE = 100;

function isPublicMember(member: MorphNode, morph: Morph): boolean {
  const { Node, SyntaxKind } = morph;
  if (!Node.isModifierable(member)) return true;
  if (member.hasModifier(SyntaxKind.PrivateKeyword) || member.hasModifier(SyntaxKind.ProtectedKeyword)) return false;
  const name = Node.hasName(member) ? member.getName() : "";
  return !name.startsWith("#");
}

function signature(print: Printer, node: { getTypeParameters(): MorphNode[]; getParameters(): MorphNode[]; getReturnTypeNode(): MorphNode | undefined }): string {
  const typeParams = node.getTypeParameters();
  const generic = typeParams.length > 0 ? `<${typeParams.map(print).join(", ")}>` : "";
  const returns = node.getReturnTypeNode();
  return `${generic}(${node.getParameters().map(print).join(", ")})${returns === undefined ? "" : `: ${print(returns)}`}`;
}

function heritage(print: Printer, node: ClassDeclaration | InterfaceDeclaration): string {
  const clauses = node.getHeritageClauses().map(print);
  return clauses.length > 0 ? ` ${clauses.join(" ")}` : "";
}

function typeParameters(print: Printer, node: { getTypeParameters(): MorphNode[] }): string {
  const params = node.getTypeParameters();
  return params.length > 0 ? `<${params.map(print).join(", ")}>` : "";
}

function classEntry(morph: Morph, print: Printer, node: ClassDeclaration): Entry {
  const { Node } = morph;
  const name = node.getName() ?? "default";
  const members: string[] = [];
  for (const member of node.getMembers()) {
    if (!isPublicMember(member, morph)) continue;
    const isStatic = Node.isStaticable(member) && member.isStatic() ? "static " : "";
    if (Node.isConstructorDeclaration(member)) members.push(`constructor${signature(print, member)}`);
    else if (Node.isMethodDeclaration(member)) members.push(`${isStatic}${member.getName()}${signature(print, member)}`);
    else if (Node.isGetAccessorDeclaration(member)) members.push(`${isStatic}get ${member.getName()}${signature(print, member)}`);
    else if (Node.isSetAccessorDeclaration(member)) members.push(`${isStatic}set ${member.getName()}${signature(print, member)}`);
    else if (Node.isPropertyDeclaration(member)) {
      const readonly = member.isReadonly() ? "readonly " : "";
      const type = member.getTypeNode();
      members.push(`${isStatic}${readonly}${member.getName()}${member.hasQuestionToken() ? "?" : ""}${type === undefined ? "" : `: ${print(type)}`}`);
    }
  }
  return { key: name, lines: [`class ${name}${typeParameters(print, node)}${heritage(print, node)}`, ...members.sort(byCodeUnits).map((line) => `  ${line}`)] };
}

function statementEntries(morph: Morph, print: Printer, statement: Statement): Entry[] {
  const { Node } = morph;
  if (Node.isExportDeclaration(statement)) {
    return [{ key: statement.getModuleSpecifierValue() ?? "", lines: [print(statement)] }];
  }
  if (Node.isExportAssignment(statement)) return [{ key: "default", lines: [print(statement)] }];
  if (!Node.isExportable(statement) || !statement.isExported()) return [];
  if (Node.isInterfaceDeclaration(statement)) {
    const members = statement.getMembers().map(print).sort(byCodeUnits);
    return [{ key: statement.getName(), lines: [`interface ${statement.getName()}${typeParameters(print, statement)}${heritage(print, statement)}`, ...members.map((line) => `  ${line}`)] }];
  }
  if (Node.isTypeAliasDeclaration(statement)) {
    return [{ key: statement.getName(), lines: [`type ${statement.getName()}${typeParameters(print, statement)} = ${print(statement.getTypeNode())}`] }];
  }
  if (Node.isFunctionDeclaration(statement)) {
    const name = statement.getName() ?? "default";
    return [{ key: name, lines: [`function ${name}${signature(print, statement)}`] }];
  }
  if (Node.isClassDeclaration(statement)) return [classEntry(morph, print, statement)];
  if (Node.isEnumDeclaration(statement)) {
    const members = statement.getMembers().map(print);
    return [{ key: statement.getName(), lines: [`enum ${statement.getName()}`, ...members.map((line) => `  ${line}`)] }];
  }
  if (Node.isVariableStatement(statement)) {
    const keyword = statement.getDeclarationKind();
    return statement.getDeclarations().map((declaration) => {
      const type = declaration.getTypeNode();
      const initializer = declaration.getInitializer();
      const typed = type === undefined ? "" : `: ${print(type)}`;
      // Function values show their signature; every other value is shown whole (constant values are API).
      const head = `${keyword} ${declaration.getName()}${typed}`;
      if (initializer === undefined) return { key: declaration.getName(), lines: [head] };
      if (Node.isArrowFunction(initializer) || Node.isFunctionExpression(initializer)) {
        return { key: declaration.getName(), lines: [`${head} = ${signature(print, initializer)} => …`] };
      }
      const flat = print(initializer);
      if (flat.length <= ONE_LINE_VALUE) return { key: declaration.getName(), lines: [`${head} = ${flat}`] };
      const [first = "", ...rest] = print.multiline(initializer);
      return { key: declaration.getName(), lines: [`${head} = ${first}`, ...rest] };
    });
  }
  return [{ key: "", lines: [print(statement)] }];
}

/**
 * `files` maps file names inside the binding folder (`types.ts`, …) to their contents; only
 * `.ts` files are read. The result is the text of `api.md`.
 */
export async function apiSurface(contractId: string, files: ReadonlyMap<string, string>): Promise<string> {
  // Loaded on demand: the compiler is the heaviest dependency.
  const morph: Morph = await import("ts-morph");
  const project = new morph.Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
  const sections: string[] = [];
  for (const name of [...files.keys()].filter((file) => file.endsWith(".ts")).sort(byCodeUnits)) {
    const file = project.createSourceFile(`/${name}`, files.get(name) as string, { overwrite: true });
    const print = printerFor(morph, file);
    const entries = file.getStatements().flatMap((statement) => statementEntries(morph, print, statement));
    const lines = entries.sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.lines.join("\n"), b.lines.join("\n"))).flatMap((entry) => entry.lines);
    if (lines.length === 0) continue;
    sections.push(`## ${name}`, "", ...codeBlock("ts", lines), "");
  }
  return [
    `<!-- Generated by rightkit-bindgen. Do not edit: run \`rightkit-bindgen generate\` instead. -->`,
    "",
    `# API surface: ${contractId.replace(/[\r\n\u2028\u2029]+/g, " ")}`,
    "",
    "The public declarations of this binding, one per line (members indented), without documentation. A change here is a change callers can see.",
    "",
    ...sections,
  ].join("\n");
}
