/**
 * Generated code is compiled before it is written: one TypeScript program over all the files of
 * one generation, with the strictest options a binding repo might use. Code that does not
 * compile is refused with its diagnostics; nothing is written.
 *
 * The compiler is tsgo (@typescript/native-preview, pinned in package.json), the native port of
 * TypeScript: on biome's megabytes of validators it checks in a fifth of the time and memory of
 * the JavaScript compiler (docs/benchmarks.md). It reads files from disk, so the generation is
 * written to a private temporary directory, checked there, and the directory removed.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { BindgenError } from "../errors.js";
import { nodeTypeRoots } from "../package-files.js";
import { ScratchFolder } from "./file-door.js";

/** tsconfig `compilerOptions`, as a binding repo would write them. */
export const STRICT_TSCONFIG = {
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  lib: ["es2022"],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noEmit: true,
  skipLibCheck: true,
} as const;

/** The tsgo executable of this platform, found the way the package's own `tsgo` command finds it. */
export async function tsgoExecutable(): Promise<string> {
  const packageJson = createRequire(import.meta.url).resolve("@typescript/native-preview/package.json");
  const module = (await import(pathToFileURL(join(dirname(packageJson), "lib", "getExePath.js")).href)) as {
    default: () => string;
  };
  return module.default();
}

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  /** `TS2411`. */
  readonly code: string;
  /** The message, its chained lines joined by spaces. */
  readonly text: string;
  /** As the compiler printed it. */
  readonly block: string;
}

const HEAD = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** `--pretty false` output: one `file(line,col): error TSn: message` line each, chained lines indented. */
export function parseDiagnostics(output: string): Diagnostic[] {
  const diagnostics: { file: string; line: number; lines: string[] }[] = [];
  for (const line of output.split("\n")) {
    const head = HEAD.exec(line);
    if (head !== null) diagnostics.push({ file: head[1] as string, line: Number(head[2]), lines: [line] });
    else if (line.startsWith(" ") && diagnostics.length > 0) diagnostics[diagnostics.length - 1]?.lines.push(line);
  }
  return diagnostics.map(({ file, line, lines }) => ({
    file,
    line,
    code: HEAD.exec(lines[0] as string)?.[4] ?? "",
    text: [HEAD.exec(lines[0] as string)?.[5] ?? "", ...lines.slice(1).map((more) => more.trim())].join(" "),
    block: lines.join("\n"),
  }));
}

export interface Run {
  /** The exit code, or the signal that ended it. */
  readonly status: number | string;
  readonly stdout: string;
  readonly stderr: string;
}

/** tsgo on `project` (a tsconfig, or the folder holding one) from `cwd`, in the background: the caller goes on meanwhile. */
export function compile(exe: string, project: string, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(exe, ["-p", project, "--pretty", "false"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      resolve({
        status: code ?? signal ?? "unknown",
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
  });
}

/**
 * `files` maps output-relative paths to contents. Runtime code uses Node's standard library,
 * so Node's type declarations are loaded from this package's own dependencies.
 */
export async function typeCheck(files: ReadonlyMap<string, string>): Promise<void> {
  const exe = await tsgoExecutable();
  const scratch = ScratchFolder.make("rightkit-bindgen-check-");
  try {
    for (const [path, text] of files) scratch.write(path, text);
    // A binding is an ES module package (verbatimModuleSyntax would refuse its imports in CommonJS).
    scratch.write("package.json", '{ "type": "module" }\n');
    const compilerOptions = { ...STRICT_TSCONFIG, types: ["node"], typeRoots: [nodeTypeRoots()] };
    scratch.write("tsconfig.json", JSON.stringify({ compilerOptions, files: [...files.keys()] }));
    const run = await compile(exe, scratch.path, scratch.path);
    if (run.status === 0) return;
    const diagnostics = parseDiagnostics(run.stdout);
    const first = diagnostics[0];
    // No diagnostic to show: the compiler itself failed, which is not the generated code's fault.
    if (first === undefined) throw new Error(`tsgo exited with ${run.status}: ${run.stderr || run.stdout}`);
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
    throw new BindgenError("type_check", `generated code does not compile: ${first.text}${more}`, {
      file: first.file,
      location: String(first.line),
      details: `${diagnostics.map((d) => d.block).join("\n")}\n`,
    });
  } finally {
    scratch.remove();
  }
}
