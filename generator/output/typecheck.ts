/**
 * Generated code is compiled before it is written: one TypeScript program over all the files of
 * one generation, with the strictest options a binding repo might use. Code that does not
 * compile is refused with its diagnostics; nothing is written.
 *
 * The compiler is the binding repo's own (`typescript`, a peer dependency of 5.9 to 7.x): the
 * one its code is compiled with, so "it compiles" means under that compiler, and no second
 * compiler is installed (docs/decisions.md, "The compiler is the consumer's"). TypeScript 7 is
 * the native one, five times faster on biome's megabytes of validators; its `bin/tsc` and 5.9's
 * are both Node scripts, so each runs as this Node runs it. The compiler reads files from disk,
 * so the generation is written to a private temporary directory, checked there, and removed.
 *
 * The runtime is read through its declarations when it is, byte for byte, the runtime the
 * package was built from: those sources compiled then, under the package's own strict settings,
 * and the declarations are what a binding's code sees of them (a tenth of a second less a run;
 * a runtime that differs, or a checkout whose build is stale, has its sources checked instead).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { BindgenError } from "../errors.js";
import { nodeTypeRoots, RUNTIME_DECLARATIONS_DIR } from "../package-files.js";
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

/** The TypeScript versions generated code is promised to compile under. */
export const SUPPORTED_TYPESCRIPT = { lowest: [5, 9], belowMajor: 8, range: ">=5.9.3 <8" } as const;

/** A TypeScript compiler: its version and its `tsc` script. */
export interface Compiler {
  readonly version: string;
  readonly tsc: string;
}

/** The compiler installed in the package folder `dir` (`node_modules/typescript`, or an alias). */
export function compilerAt(dir: string): Compiler {
  const { version, bin } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    version: string;
    bin: Record<string, string>;
  };
  return { version, tsc: join(dir, bin.tsc ?? "bin/tsc") };
}

/**
 * The binding repo's compiler: `typescript` as resolved from `from` (the working directory), or
 * else from this package (a global install beside one). None, or one outside the supported
 * range, is the user's to fix: exit 2 naming what to install.
 */
export function consumerCompiler(from = process.cwd(), beside: string = import.meta.url): Compiler {
  let packageJson: string | undefined;
  for (const base of [join(from, "package.json"), beside]) {
    try {
      packageJson = createRequire(base).resolve("typescript/package.json");
      break;
    } catch {
      // Not from here: try the next place.
    }
  }
  if (packageJson === undefined) {
    throw new BindgenError(
      "bad_argument",
      `no TypeScript compiler found: rightkit-bindgen compiles what it writes with the project's own (npm install --save-dev typescript, ${SUPPORTED_TYPESCRIPT.range})`,
    );
  }
  const compiler = compilerAt(dirname(packageJson));
  const [major = 0, minor = 0] = compiler.version.split(".").map(Number);
  const [lowMajor, lowMinor] = SUPPORTED_TYPESCRIPT.lowest;
  if (major < lowMajor || (major === lowMajor && minor < lowMinor) || major >= SUPPORTED_TYPESCRIPT.belowMajor) {
    throw new BindgenError(
      "bad_argument",
      `TypeScript ${compiler.version} (${dirname(packageJson)}) is not supported: generated code is checked with TypeScript ${SUPPORTED_TYPESCRIPT.range}`,
    );
  }
  return compiler;
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

/** `compiler` on `project` (a tsconfig, or the folder holding one) from `cwd`, in the background: the caller goes on meanwhile. */
export function compile(compiler: Compiler, project: string, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiler.tsc, "-p", project, "--pretty", "false"], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
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
export async function typeCheck(files: ReadonlyMap<string, string>, compiler: Compiler): Promise<void> {
  const scratch = ScratchFolder.make("rightkit-bindgen-check-");
  try {
    const declarations = builtRuntimeDeclarations(files);
    const checked = [...files].filter(([path]) => declarations === undefined || !path.startsWith(RUNTIME_DIR));
    for (const [path, text] of [...checked, ...(declarations ?? [])]) scratch.write(path, text);
    // A binding is an ES module package (verbatimModuleSyntax would refuse its imports in CommonJS).
    scratch.write("package.json", '{ "type": "module" }\n');
    const compilerOptions = { ...STRICT_TSCONFIG, types: ["node"], typeRoots: [nodeTypeRoots()] };
    scratch.write("tsconfig.json", JSON.stringify({ compilerOptions, files: checked.map(([path]) => path) }));
    const run = await compile(compiler, scratch.path, scratch.path);
    if (run.status === 0) return;
    const diagnostics = parseDiagnostics(run.stdout);
    const first = diagnostics[0];
    // No diagnostic to show: the compiler itself failed, which is not the generated code's fault.
    if (first === undefined) throw new Error(`tsc ${compiler.version} exited with ${run.status}: ${run.stderr || run.stdout}`);
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

/** Where a generation's runtime sits among its files. */
const RUNTIME_DIR = "runtime/";

/**
 * The built runtime's declarations (`runtime/<path>.d.ts` → text), when every runtime source in
 * `files` is one they were made from, and there is something besides the runtime to check;
 * else undefined.
 */
export function builtRuntimeDeclarations(files: ReadonlyMap<string, string>): Map<string, string> | undefined {
  const runtime = [...files].filter(([path]) => path.startsWith(RUNTIME_DIR) && path.endsWith(".ts"));
  if (runtime.length === 0 || runtime.length === files.size) return undefined;
  let sources: Record<string, unknown>;
  try {
    sources = JSON.parse(readFileSync(new URL("sources.json", RUNTIME_DECLARATIONS_DIR), "utf8")) as Record<string, unknown>;
  } catch {
    // No build (a checkout that never built): the sources are checked.
    return undefined;
  }
  const declarations = new Map<string, string>();
  for (const [path, text] of runtime) {
    const source = path.slice(RUNTIME_DIR.length);
    if (!Object.hasOwn(sources, source) || sources[source] !== createHash("sha256").update(text).digest("hex")) return undefined;
    const declaration = `${source.slice(0, -".ts".length)}.d.ts`;
    declarations.set(`${RUNTIME_DIR}${declaration}`, readFileSync(new URL(declaration, RUNTIME_DECLARATIONS_DIR), "utf8"));
  }
  // A runtime the build made more of than this generation holds is not the one it was made from.
  return Object.keys(sources).length === runtime.length ? declarations : undefined;
}
