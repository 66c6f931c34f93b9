/**
 * bench:package — the package as a binding repo gets it (test/support/packed.ts): the tarball's
 * size and file count by folder, then whole-process wall times in a fresh copy of
 * examples/binding-repo with the tarball installed: the bin's start (`--version`) run directly
 * and through npx (whose own start-up is shown by `npx tsc --version`), `check` and `generate`
 * on the demo contract. Median of five. Not a test: nothing here asserts a time. It also counts
 * the packages the install put in node_modules, and says whether the optional peer
 * @modelcontextprotocol/sdk (only `rightkit-bindgen mcp` loads it) is among them: it must not be.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
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
  // npm's record of what it installed, one entry per package folder.
  const installed = Object.keys(
    (JSON.parse(await readFile(join(starter, "node_modules", ".package-lock.json"), "utf8")) as { packages: object }).packages,
  ).filter((path) => path.startsWith("node_modules/"));
  const sdk = installed.includes("node_modules/@modelcontextprotocol/sdk") ? "installed" : "not installed";
  console.log(`
installed in a fresh binding repo: ${installed.length} packages; @modelcontextprotocol/sdk ${sdk} (optional peer)`);
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
