#!/usr/bin/env node
// `npm run build` (and `prepack`): compiles what the package ships to dist/ — ESM JavaScript for
// every entry of package.json's `exports` and for the CLI, plus `.d.ts` declarations.
//
// package.json is the one table of entries: an export's `types` path names its source
// (dist/types/<source>.d.ts ← <source>.ts) and its `import` path names its output. The build is
// written to a sibling folder and renamed into place, so dist/ is either the last whole build or
// absent; a bin never runs half a build.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DIST = join(ROOT, "dist");
const PARTIAL = join(ROOT, "dist.partial");
const TYPES_PREFIX = "./dist/types/";

/**
 * Entries that are not exports: what the bins run, and the runtime's inside, which a binding
 * compiled at run time imports (generator/package-files.ts `runtimeModule` finds it in the stamp).
 */
const INTERNAL_ENTRIES = { cli: "generator/cli.ts", "runtime-internal": "generated/runtime/internal.ts" };

/** Beside the runtime's declarations: the hashes of the sources they were made from (runtimeSources). */
const RUNTIME_SOURCES = "sources.json";
/** The stamp the bins compare with the sources' times (generator/bin/entry.js); written last. */
const BUILD_STAMP = "build.json";

function exportEntries(manifest) {
  const entries = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string") continue; // "./package.json"
    const { types, import: js } = target;
    if (!types?.startsWith(TYPES_PREFIX) || !types.endsWith(".d.ts") || !js?.startsWith("./dist/") || !js.endsWith(".js"))
      throw new Error(
        `package.json exports[${JSON.stringify(subpath)}]: expected { types: "${TYPES_PREFIX}….d.ts", import: "./dist/….js" }`,
      );
    entries[js.slice("./dist/".length, -".js".length)] = `${types.slice(TYPES_PREFIX.length, -".d.ts".length)}.ts`;
  }
  return entries;
}

async function compileJavaScript(entryPoints) {
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: PARTIAL,
    bundle: true,
    // One shared chunk per piece of code two entries use: "./demo" and "./runtime" hand out the
    // same ToolError class, so `instanceof` holds across them.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Dependencies stay imports: they are the package's `dependencies`, installed beside it.
    packages: "external",
    // Chunks sit at dist/'s top level, the depth generator/package-files.ts counts on.
    chunkNames: "chunk-[hash]",
    legalComments: "none",
    logLevel: "warning",
  });
}

/** Declarations with the project's TypeScript (7, the native compiler): a config naming only the entries' sources. */
async function compileDeclarations(sources) {
  const scratch = await mkdtemp(join(tmpdir(), "rightkit-build-"));
  try {
    const config = join(scratch, "tsconfig.json");
    await writeFile(
      config,
      JSON.stringify({
        extends: join(ROOT, "tsconfig.json"),
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          // The build emits; `npm run typecheck` and the tests judge unused code, so a binding
          // regenerated mid-change still builds.
          noUnusedLocals: false,
          noUnusedParameters: false,
          rootDir: ROOT,
          outDir: join(PARTIAL, "types"),
          // The config sits in a temp folder: @types is looked up from the package, not from there.
          typeRoots: [join(ROOT, "node_modules", "@types")],
        },
        include: [],
        files: sources.map((source) => join(ROOT, source)),
      }),
    );
    const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
    await promisify(execFile)(process.execPath, [tsc, "-p", config, "--pretty", "false"], { cwd: ROOT }).catch((error) => {
      throw new Error(`declarations failed:\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The runtime's sources its declarations were made from, each as the SHA-256 of its text: the
 * type check of a generation (generator/output/typecheck.ts) reads the runtime through these
 * declarations when its runtime is, byte for byte, these sources.
 */
function runtimeSources() {
  const dir = join(ROOT, "generated", "runtime");
  const sources = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => path.split("\\").join("/"))
    .sort();
  const hashes = sources.map((path) => [
    path,
    createHash("sha256")
      .update(readFileSync(join(dir, path)))
      .digest("hex"),
  ]);
  return `${JSON.stringify(Object.fromEntries(hashes), null, 2)}\n`;
}

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const entries = { ...exportEntries(manifest), ...INTERNAL_ENTRIES };
for (const source of Object.values(entries))
  if (!existsSync(join(ROOT, source))) throw new Error(`build entry ${source} does not exist`);

rmSync(PARTIAL, { recursive: true, force: true });
try {
  await Promise.all([compileJavaScript(entries), compileDeclarations(Object.values(entries))]);
  writeFileSync(join(PARTIAL, "types", "generated", "runtime", RUNTIME_SOURCES), runtimeSources());
  writeFileSync(join(PARTIAL, BUILD_STAMP), `${JSON.stringify({ entries }, null, 2)}\n`);
  rmSync(DIST, { recursive: true, force: true });
  renameSync(PARTIAL, DIST);
} catch (error) {
  rmSync(PARTIAL, { recursive: true, force: true });
  throw error;
}
// On stderr: `npm pack --json` prints its report on stdout after this script has run.
process.stderr.write(`built ${relative(process.cwd(), DIST) || "."}/ (${Object.keys(entries).join(", ")})\n`);
