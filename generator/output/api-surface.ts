/**
 * The API-surface golden: the public declarations of one generated binding, as Markdown. They
 * are the binding's declaration files as a compiler emits them for its callers (`.d.ts`, made
 * by oxc's isolated-declarations emitter from each file alone: no program, no type checker, a
 * few milliseconds), less comments and imports, one top-level declaration after another sorted
 * by name: documentation, formatting and bodies never show here, only names, kinds,
 * signatures and types (a constant's literal type is its value). The generated code is written
 * to compile under `isolatedDeclarations` (the consumer-settings test holds it), so the emitter
 * never has to guess a type; if it reports one, that is our bug.
 */
import { isolatedDeclarationSync } from "oxc-transform";
import { byCodeUnits } from "../order.js";
import { codeBlock, escapeMarkdown } from "./markdown.js";
import { GENERATED_MARKER } from "./header.js";

/** The golden's file name inside the binding folder. */
export const API_SURFACE_FILE = "api.md";

export interface Entry {
  /** Sort key: the declared name (or the module specifier of a re-export). */
  readonly key: string;
  readonly lines: readonly string[];
}

/** A top-level statement's head: what it declares (`export declare const X`, `export { a } from "./m.js"`). */
const DECLARED =
  /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:const|let|var|function|class|interface|type|enum|namespace)\s+([\w$]+)/;
const RE_EXPORT = /^export\s.*\sfrom\s+"([^"]*)";$/;
const CLOSING = /^[}\])>]/;
/** `export declare ` before a declaration: the surface lists declarations, all of them exported. */
const DECLARING_EXPORT =
  /^export\s+declare\s+|^export\s+(?=(?:abstract\s+)?(?:const|let|function|class|interface|type|enum)\s+[\w$])|^declare\s+/;

/**
 * The text without its comments, strings kept whole (a literal type may hold `/*` or `//`: schema
 * text). Line breaks inside a comment are kept, so each line stays a line.
 */
export function withoutComments(text: string): string {
  const parts: string[] = [];
  // Copied a run at a time: only a comment or a string literal (which may hold `//`) stops the copy.
  const special = /\/\*|\/\/|["'`]/g;
  let copied = 0;
  for (let found = special.exec(text); found !== null; found = special.exec(text)) {
    const i = found.index;
    parts.push(text.slice(copied, i));
    let stop: number;
    if (found[0] === "/*") {
      const end = text.indexOf("*/", i + 2);
      stop = end === -1 ? text.length : end + 2;
      parts.push(text.slice(i, stop).replace(/[^\n]/g, ""));
      // The space after an inline comment goes with it (`/** doc */ b: string` → `b: string`).
      while (text[stop] === " " || text[stop] === "\t") stop++;
    } else if (found[0] === "//") {
      const end = text.indexOf("\n", i);
      stop = end === -1 ? text.length : end;
    } else {
      let j = i + 1;
      while (j < text.length && text[j] !== found[0]) j += text[j] === "\\" ? 2 : 1;
      stop = Math.min(j + 1, text.length);
      parts.push(text.slice(i, stop));
    }
    copied = stop;
    special.lastIndex = stop;
  }
  parts.push(text.slice(copied));
  return parts.join("");
}

/** A class member callers cannot reach: the `.d.ts` keeps a marker for private ones. */
const PRIVATE_MEMBER = /^\s+(?:#private;|(?:private|protected)\s)/;

/** The declarations of one `.d.ts`: comments, imports, private members and the `export {}` marker dropped. */
export function declarationEntries(dts: string): Entry[] {
  const entries: { key: string; lines: string[] }[] = [];
  for (const raw of withoutComments(dts).split("\n")) {
    const line = raw.replace(/\t/g, "  ").trimEnd();
    if (line.trim() === "" || PRIVATE_MEMBER.test(line)) continue;
    const continues = line.startsWith(" ") || CLOSING.test(line);
    const last = entries[entries.length - 1];
    if (continues && last !== undefined) {
      last.lines.push(line);
      continue;
    }
    if (line.startsWith("import ") || line === "export {};") continue;
    const key = DECLARED.exec(line)?.[1] ?? RE_EXPORT.exec(line)?.[1] ?? line;
    entries.push({ key, lines: [line.replace(DECLARING_EXPORT, "")] });
  }
  return entries;
}

/**
 * `files` maps file names inside the binding folder (`types.ts`, …) to their contents; only
 * `.ts` files are read. The result is the text of `api.md`.
 */
export function apiSurface(contractId: string, files: ReadonlyMap<string, string>): string {
  const sections: string[] = [];
  const declarations = new Declarations(files);
  for (const name of [...files.keys()].filter((file) => file.endsWith(".ts")).sort(byCodeUnits)) {
    const lines = sortedLines(declarations.of(name));
    if (lines.length > 0) sections.push(`## ${name}`, "", ...codeBlock("ts", lines), "");
  }
  return [
    `<!-- ${GENERATED_MARKER}. Do not edit: run \`rightkit-bindgen generate\` instead. -->`,
    "",
    // The id is schema text: through the Markdown door, so it cannot mention, link or close the heading.
    `# API surface: ${escapeMarkdown(contractId)}`,
    "",
    "The public declarations of this binding as its callers' compiler sees them (its `.d.ts`), without documentation. A change here is a change callers can see.",
    "",
    ...sections,
  ].join("\n");
}

/** The declarations' lines, one declaration after another sorted by name (then text). */
function sortedLines(entries: readonly Entry[]): string[] {
  return [...entries]
    .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.lines.join("\n"), b.lines.join("\n")))
    .flatMap((entry) => entry.lines);
}

/** `export { a, type B, c as d } from "./m.js";`: a re-export, as the declaration emitter prints it. */
const NAMED_RE_EXPORT = /^export (type )?\{ (.*) \} from "(\.{1,2}\/[^"]+)\.js";$/;

/** The declaration of each file, emitted once. */
class Declarations {
  readonly #files: ReadonlyMap<string, string>;
  readonly #entries = new Map<string, readonly Entry[]>();

  constructor(files: ReadonlyMap<string, string>) {
    this.#files = files;
  }

  of(path: string): readonly Entry[] {
    const known = this.#entries.get(path);
    if (known !== undefined) return known;
    const text = this.#files.get(path);
    if (text === undefined) throw new Error(`${path}: re-exported, but not a file given`);
    const { code, errors } = isolatedDeclarationSync(path, text, { stripInternal: false });
    const [error] = errors;
    if (error !== undefined) throw new Error(`${path}: no isolated declaration: ${error.message}`);
    const entries = declarationEntries(code);
    this.#entries.set(path, entries);
    return entries;
  }
}

/** `./core/../x` against the folder of `from`, as a path inside the runtime. */
function joined(from: string, relative: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/**
 * The runtime's public API: every name its entry (`index.ts`) exports, each with the declaration
 * callers see, found in the module it is re-exported from. `files` maps paths inside the runtime
 * folder (`core/call.ts`) to their contents. The runtime is the same in every binding repo, so a
 * change here is one every binding's callers may see: `check` shows it as drift, a reviewer reads it.
 */
export function runtimeSurface(files: ReadonlyMap<string, string>, entry = "index.ts"): string {
  const declarations = new Declarations(files);
  const exported: Entry[] = [];
  for (const statement of declarations.of(entry)) {
    const reExport = NAMED_RE_EXPORT.exec(statement.lines[0] ?? "");
    if (reExport === null) {
      exported.push(statement);
      continue;
    }
    const [, typeOnly, names = "", target = ""] = reExport;
    const module = `${joined(entry, target)}.ts`;
    for (const spec of names.split(", ")) {
      const [original = "", alias] = spec.replace(/^type /, "").split(" as ");
      const found = declarations.of(module).find((candidate) => candidate.key === original);
      if (found === undefined) throw new Error(`${entry}: ${original} is not declared in ${module}`);
      const kind = typeOnly !== undefined || spec.startsWith("type ") ? "type " : "";
      exported.push({
        key: alias ?? original,
        lines: [`// ${kind}${alias === undefined ? original : `${original} as ${alias}`}: ${module}`, ...found.lines],
      });
    }
  }
  const names = new Set(exported.map((declared) => declared.key));
  const forgotten = forgottenExport(declarations, files, exported, names);
  if (forgotten !== undefined)
    throw new Error(`${entry}: its API uses ${forgotten.name} (${forgotten.module}) but does not export it`);
  const lines = sortedLines(exported);
  return [
    `<!-- ${GENERATED_MARKER}. Do not edit: run \`rightkit-bindgen generate\` instead. -->`,
    "",
    "# API surface: the runtime",
    "",
    `The ${names.size} names the runtime's entry (\`${entry}\`) exports, each with its declaration as callers' compiler sees it and the module it comes from. A change here is a change every binding's callers can see.`,
    "",
    ...codeBlock("ts", lines),
    "",
  ].join("\n");
}

/**
 * A name the runtime declares that the public declarations use but the entry does not export
 * (api-extractor's "forgotten export"): callers would see a type they cannot name. Names are
 * read from the declarations' code outside strings, less property and parameter names.
 */
function forgottenExport(
  declarations: Declarations,
  files: ReadonlyMap<string, string>,
  exported: readonly Entry[],
  exportedNames: ReadonlySet<string>,
): { name: string; module: string } | undefined {
  const declaredIn = new Map<string, string>();
  for (const file of [...files.keys()].filter((path) => path.endsWith(".ts")).sort(byCodeUnits))
    for (const { key } of declarations.of(file)) if (!declaredIn.has(key)) declaredIn.set(key, file);
  for (const entry of exported)
    for (const line of entry.lines) {
      if (line.startsWith("//")) continue;
      const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
      for (const [name] of code.matchAll(/(?<![\w$])[A-Za-z_$][\w$]*(?!\??:|[\w$])/g)) {
        const module = declaredIn.get(name);
        if (module !== undefined && !exportedNames.has(name)) return { name, module };
      }
    }
  return undefined;
}

/** The api.md sections a caller's code reads: the client's methods and error codes, and the types. */
const CALLER_SECTIONS: readonly string[] = ["client.ts", "types.ts"];

/**
 * What a caller's code sees of an api.md: its client and type sections. The CLI's table, the
 * manifest's fingerprints and the validators' wrappers follow from these, so a reviewer reading
 * a change need not see them.
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
