/**
 * bench:package — the package as a binding repo gets it (test/support/packed.ts): the tarball's
 * size and file count by folder, then whole-process wall times in a fresh copy of
 * examples/binding-repo with the tarball installed: the bin's start (`--version`) run directly
 * and through npx (whose own start-up is shown by `npx tsc --version`), `check` and `generate`
 * on the demo contract. Median of five. Not a test: nothing here asserts a time. Between them,
 * what installing the package brings along: each installed package of its runtime closure (the
 * starter's node_modules), by size on disk, so a new runtime dependency shows what it adds.
 * It also says whether the optional peer @modelcontextprotocol/sdk (only `rightkit-bindgen mcp`
 * loads it) is among them: it must not be.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installStarter, packInto } from "../support/packed.js";

const RUNS = 5;

/** `args` may depend on the run, for a command that must not find the previous run's output. */
function medianSeconds(command: string, args: readonly string[] | ((run: number) => string[]), cwd: string): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const argv = typeof args === "function" ? args(i) : args;
    const start = process.hrtime.bigint();
    const result = spawnSync(command, argv, { cwd, stdio: "ignore" });
    if (result.status !== 0) throw new Error(`${command} ${argv.join(" ")} exited ${result.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(0)} kB`;

/** Files and bytes under `dir`, symbolic links not followed. */
async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await sizeOf(path);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += (await stat(path)).size;
    }
  }
  return { files, bytes };
}

/** The installed packages (`name` or `@scope/name`) directly under node_modules, with their versions. */
async function installedPackages(modules: string): Promise<{ name: string; version: string; dir: string }[]> {
  const found: { name: string; version: string; dir: string }[] = [];
  for (const entry of await readdir(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dirs = entry.name.startsWith("@")
      ? (await readdir(join(modules, entry.name))).map((inner) => join(entry.name, inner))
      : [entry.name];
    for (const name of dirs) {
      const dir = join(modules, name);
      const { version } = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { version: string };
      found.push({ name, version, dir });
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : 1));
}

const work = await mkdtemp(join(tmpdir(), "rightkit-bench-package-"));
try {
  const { tarball, report } = await packInto(work);
  console.log(
    `tarball ${report.filename}: ${kB(report.size)} packed, ${kB(report.unpackedSize)} unpacked, ${report.entryCount} files`,
  );
  const byFolder = new Map<string, { files: number; bytes: number }>();
  for (const file of report.files) {
    const parts = file.path.split("/");
    const folder = parts.length === 1 ? "." : parts.slice(0, parts[0] === "dist" && parts[1] === "types" ? 2 : 1).join("/");
    const row = byFolder.get(folder) ?? { files: 0, bytes: 0 };
    byFolder.set(folder, { files: row.files + 1, bytes: row.bytes + file.size });
  }
  console.log("\n| folder | files | unpacked |\n| --- | ---: | ---: |");
  for (const [folder, row] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : 1)))
    console.log(`| ${folder} | ${row.files} | ${kB(row.bytes)} |`);

  const { starter } = await installStarter(work, tarball);
  const installed = await installedPackages(join(starter, "node_modules"));
  console.log("\n| installed in the starter's node_modules | version | files | on disk |\n| --- | --- | ---: | ---: |");
  let total = 0;
  for (const { name, version, dir } of installed) {
    const size = await sizeOf(dir);
    total += size.bytes;
    console.log(`| ${name} | ${version} | ${size.files} | ${kB(size.bytes)} |`);
  }
  console.log(`| all ${installed.length} packages | | | ${kB(total)} |`);
  const sdk = installed.some(({ name }) => name === "@modelcontextprotocol/sdk") ? "installed" : "not installed";
  console.log(
    `installed in a fresh binding repo: ${installed.length} packages; @modelcontextprotocol/sdk ${sdk} (optional peer)`,
  );
  const bin = join(starter, "node_modules", ".bin", "rightkit-bindgen");
  const rows: [string, number][] = [
    ["rightkit-bindgen --version (the bin)", medianSeconds(bin, ["--version"], starter)],
    ["npx rightkit-bindgen --version", medianSeconds("npx", ["--no", "--", "rightkit-bindgen", "--version"], starter)],
    ["npx tsc --version (npx's own start-up)", medianSeconds("npx", ["--no", "--", "tsc", "--version"], starter)],
    ["rightkit-bindgen check", medianSeconds(bin, ["check"], starter)],
    [
      "rightkit-bindgen generate (into an empty folder, so it type-checks and writes)",
      medianSeconds(bin, (run) => ["generate", "--out", join(work, `out-${run}`)], starter),
    ],
  ];
  console.log(`\n| in a fresh binding repo, median of ${RUNS} | wall |\n| --- | ---: |`);
  for (const [label, seconds] of rows) console.log(`| ${label} | ${seconds.toFixed(2)} s |`);
} finally {
  await rm(work, { recursive: true, force: true });
}
