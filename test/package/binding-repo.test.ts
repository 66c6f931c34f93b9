/**
 * The package as a new user meets it: packed (building dist/ in prepack), the tarball put in a
 * copy of examples/binding-repo at the vendor/ path its package.json names, installed there with
 * `npm ci` (offline) from the starter's committed lockfile, then used the way the starter's README
 * and docs/binding-repo.md say: the README's quick start as written, `rightkit-bindgen generate`,
 * `tsc` (nodenext), the starter's own test against the conformance host, and the API and runtime
 * imported from plain `node`. The same commands as those docs, so they cannot drift from what works.
 *
 * The starter's lockfile is checked without packing; after a change to our dependencies refresh it with
 *   RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/package/binding-repo.test.ts -t 'the starter commits'
 */
import { access, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  installStarter,
  packInto,
  ROOT,
  run,
  STARTER,
  starterLockfile,
  vendoredSpec,
  type Lockfile,
  type Manifest,
  type PackReport,
  type Run,
} from "../support/packed.js";

const UPDATE_COMMAND = "RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/package/binding-repo.test.ts -t 'the starter commits'";

let work: string;
let report: PackReport;
let starter: string;
let install: Run;

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, "utf8")) as T;
const npx = (args: readonly string[]): Promise<Run> => run("npx", ["--no", "--", ...args], starter);
const node = (script: string): Promise<Run> => run(process.execPath, ["--input-type=module", "-e", script], starter);
/** The test machine may not reach the registry: npm reads these from the environment, so the commands stay as written. */
const OFFLINE = { npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" };

/** The starter README's quick start: its first `sh` fence, one command a line, comments dropped. */
async function quickStart(): Promise<string[]> {
  const readme = await readFile(join(STARTER, "README.md"), "utf8");
  const fence = /^```sh\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? "";
  return fence
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

const DEMO_CONTRACT_FILES = ["binding", "fingerprint", "schema"].map((kind) => `rightkit.agent.demo.v1.${kind}.json`);
const DEMO_BINDING = "rightkit.agent.demo.v1.binding.json";
/** Shipped for editors: a binding file's `$schema`. Nothing reads it at run time (load/precompiled/ is its compiled form). */
const BINDING_SCHEMA_IN_PACKAGE = "generator/load/binding.schema.json";

/**
 * Where each shipped file may come from: compiled output, the bins, and what the generator reads at
 * run time (contract/: the contracts `--contract <$id>` finds in the package).
 */
const SHIPPED = [
  /^contract\/[^/]+\.json$/,
  /^dist\/[^/]+\.js$/,
  /^dist\/build\.json$/,
  /^dist\/types\/.+\.d\.ts$/,
  // The runtime's sources the declarations were made from, by hash: the type check reads the runtime through them.
  /^dist\/types\/generated\/runtime\/sources\.json$/,
  /^docs\/[^/]+\.(md|svg)$/,
  /^generator\/bin\/[^/]+\.js$/,
];
const SHIPPED_AS_IS = [BINDING_SCHEMA_IN_PACKAGE, "package.json", "README.md"];

describe("the starter", () => {
  it("carries this repository's demo contract (docs/testing.md → Golden files says how to refresh it)", async () => {
    const files = (await readdir(join(STARTER, "contract"))).sort();
    expect(files).toEqual(DEMO_CONTRACT_FILES);
    for (const file of files.filter((name) => name !== DEMO_BINDING))
      expect(await readFile(join(STARTER, "contract", file), "utf8"), file).toBe(
        await readFile(join(ROOT, "contract", file), "utf8"),
      );
    // The binding file's `$schema` (for editors) points at the installed package's copy instead.
    const read = async (root: string): Promise<Record<string, unknown>> =>
      JSON.parse(await readFile(join(root, "contract", DEMO_BINDING), "utf8")) as Record<string, unknown>;
    const [starterBinding, ourBinding] = [await read(STARTER), await read(ROOT)];
    expect({ ...starterBinding, $schema: undefined }).toEqual({ ...ourBinding, $schema: undefined });
    expect(starterBinding.$schema).toBe(`../node_modules/rightkit-bindgen/${BINDING_SCHEMA_IN_PACKAGE}`);
  });

  it("depends on rightkit-bindgen as `npm pack` makes it, in vendor/, until it is on npm (docs/binding-repo.md → Install)", async () => {
    const { version } = await readJson<Manifest>(join(ROOT, "package.json"));
    const manifest = await readJson<Manifest>(join(STARTER, "package.json"));
    expect(manifest.devDependencies?.["rightkit-bindgen"]).toBe(vendoredSpec(version));
  });

  it("commits a lockfile that agrees with its package.json, so `npm ci` cannot stop at EUSAGE", async () => {
    const manifest = await readJson<Manifest>(join(STARTER, "package.json"));
    const lock = await readJson<Lockfile>(join(STARTER, "package-lock.json"));
    const root = lock.packages[""];
    expect({ name: lock.name, version: lock.version }).toEqual({ name: manifest.name, version: manifest.version });
    expect(root?.dependencies).toEqual(manifest.dependencies);
    expect(root?.devDependencies).toEqual(manifest.devDependencies);
    for (const name of Object.keys(manifest.devDependencies ?? {}))
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    // No integrity for the vendored tarball: every `npm pack` makes another (docs/decisions.md).
    expect(lock.packages["node_modules/rightkit-bindgen"]).toMatchObject({
      resolved: manifest.devDependencies?.["rightkit-bindgen"],
    });
    expect(lock.packages["node_modules/rightkit-bindgen"]).not.toHaveProperty("integrity");
  });

  it("commits the lockfile made from ours: our runtime closure, as npm writes it", async () => {
    const expected = await starterLockfile();
    const path = join(STARTER, "package-lock.json");
    if (process.env.RIGHTKIT_UPDATE_GOLDEN === "1") {
      if (process.env.CI === "true") throw new Error("RIGHTKIT_UPDATE_GOLDEN is refused on CI: refresh locally and commit");
      await writeFile(path, expected);
    }
    expect(
      (await readFile(path, "utf8")) === expected,
      `examples/binding-repo/package-lock.json is stale: run \`${UPDATE_COMMAND}\``,
    ).toBe(true);
  });
});

describe("packed, and installed in a copy of the starter", () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "rightkit-package-"));
    const packed = await packInto(work);
    report = packed.report;
    ({ starter, install } = await installStarter(work, packed.tarball));
  }, 300_000);

  afterAll(async () => {
    if (work !== undefined) await rm(work, { recursive: true, force: true });
  });

  describe("the packed tarball", () => {
    it("holds the compiled package and what it reads at run time, no sources, tests or CI", () => {
      const stray = report.files
        .map((file) => file.path)
        .filter(
          (path) => !SHIPPED_AS_IS.includes(path) && !path.startsWith("templates/") && !SHIPPED.some((re) => re.test(path)),
        );
      expect(stray).toEqual([]);
      for (const entry of ["dist/cli.js", "dist/index.js", "dist/runtime.js", "dist/demo.js", "dist/agentcli.js"])
        expect(report.files.map((file) => file.path)).toContain(entry);
    });

    it("has as many files as docs/package.md says (npm run bench:package prints them)", async () => {
      const doc = await readFile(join(ROOT, "docs", "package.md"), "utf8");
      const stated = /The tarball holds \*\*(\d+) files\*\*/.exec(doc)?.[1];
      expect(Number(stated), "docs/package.md: the file count").toBe(report.entryCount);
    });

    it("installs with `npm ci` offline and runs nothing on install", async () => {
      expect(install.stderr).not.toMatch(/install-scripts|prepare|postinstall/i);
      const installed = JSON.parse(await readFile(join(starter, "node_modules/rightkit-bindgen/package.json"), "utf8")) as {
        scripts?: Record<string, string>;
      };
      for (const hook of ["preinstall", "install", "postinstall", "prepare"])
        expect(installed.scripts?.[hook], hook).toBeUndefined();
    });

    it("installs from the starter's package.json and lockfile as committed (only the tarball added, in vendor/)", async () => {
      for (const file of ["package.json", "package-lock.json"])
        expect(await readFile(join(starter, file), "utf8"), file).toBe(await readFile(join(STARTER, file), "utf8"));
    });

    it("`npm install` there changes nothing: the committed lockfile is complete and in npm's own layout", async () => {
      await run("npm", ["install"], starter, OFFLINE);
      expect(await readFile(join(starter, "package-lock.json"), "utf8")).toBe(
        await readFile(join(STARTER, "package-lock.json"), "utf8"),
      );
    });
  });

  describe("in a fresh binding repo", () => {
    it("the starter README's quick start, as written: npm ci, npx rightkit-bindgen check, npm test", async () => {
      const commands = await quickStart();
      expect(commands).toEqual(["npm ci", "npx rightkit-bindgen check", "npm test"]);
      const outputs: string[] = [];
      for (const command of commands) outputs.push((await run("bash", ["-e", "-c", command], starter, OFFLINE)).stdout);
      const [, checked, tested] = outputs;
      expect(checked).toMatch(/^generated is up to date \(\d+ files\)/);
      // npm test: tsc, then the starter's tests call the demo host and the contract's mock through the committed client.
      expect(tested).toMatch(/# pass 4\b/);
      expect(tested).toMatch(/# fail 0\b/);
    });

    it("npx rightkit-bindgen --version prints the package's version", async () => {
      const { version } = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { version: string };
      expect((await npx(["rightkit-bindgen", "--version"])).stdout.trim()).toBe(version);
    });

    it("the binding file's $schema names the installed package's binding schema", async () => {
      const { $schema } = JSON.parse(await readFile(join(starter, "contract", DEMO_BINDING), "utf8")) as { $schema: string };
      expect(JSON.parse(await readFile(join(starter, "contract", $schema), "utf8"))).toMatchObject({
        title: "rightkit-bindgen binding file",
      });
    });

    it("the two binding CLIs start from the package: right-ctl demo and agentcli-rpc", async () => {
      expect((await npx(["right-ctl", "demo", "--help"])).stdout).toMatch(/^usage: right-ctl demo <tool>/);
      expect((await npx(["agentcli-rpc", "--help"])).stdout).toMatch(/^usage: agentcli-rpc <tool>/);
    });

    it("npx rightkit-bindgen mcp, without the optional MCP SDK installed, names its install command (exit 2)", async () => {
      await expect(access(join(starter, "node_modules/@modelcontextprotocol/sdk"))).rejects.toThrow();
      const refused = await npx(["rightkit-bindgen", "mcp", "--suite-root", starter]).then(
        () => "exit 0",
        (error: Error) => error.message,
      );
      expect(refused).toMatch(
        /mcp needs the MCP SDK, an optional peer dependency: npm install --save-dev @modelcontextprotocol\/sdk@\d/,
      );
    });

    it("npx rightkit-bindgen openrpc writes the starter's contract as an OpenRPC document", async () => {
      const document = JSON.parse((await npx(["rightkit-bindgen", "openrpc"])).stdout) as { openrpc: string; methods: unknown[] };
      expect(document).toMatchObject({ openrpc: "1.3.2" });
      expect(document.methods).toHaveLength(6);
    });

    it("npx rightkit-bindgen generate (type-checked) makes exactly the committed files", async () => {
      await npx(["rightkit-bindgen", "generate", "--out", "regenerated"]);
      const committed = await listFiles(join(starter, "generated"));
      expect(await listFiles(join(starter, "regenerated"))).toEqual(committed);
      for (const path of committed)
        expect(await readFile(join(starter, "regenerated", path), "utf8"), path).toBe(
          await readFile(join(STARTER, "generated", path), "utf8"),
        );
    });

    it("tsc --noEmit (nodenext) compiles the binding and the starter's tests", async () => {
      await npx(["tsc", "--noEmit", "-p", "."]);
    });

    it("the package's exports resolve, with their types, under nodenext and bundler resolution", async () => {
      await writeFile(
        join(starter, "consumer.ts"),
        [
          `import { generate, loadContract, type ContractModel } from "rightkit-bindgen";`,
          `import { DaemonTransport, ToolError, type StandardValidator } from "rightkit-bindgen/runtime";`,
          `import { DemoClient } from "rightkit-bindgen/demo";`,
          `import { BINDING_MANIFEST } from "rightkit-bindgen/agentcli";`,
          `export const used: [typeof generate, typeof loadContract, ContractModel | undefined, typeof DaemonTransport, typeof ToolError, StandardValidator<number> | undefined, typeof DemoClient, typeof BINDING_MANIFEST] =`,
          `  [generate, loadContract, undefined, DaemonTransport, ToolError, undefined, DemoClient, BINDING_MANIFEST];`,
          "",
        ].join("\n"),
      );
      // --ignoreConfig: TypeScript 7 refuses files on the command line beside a tsconfig.json without it.
      const strict = [
        "--ignoreConfig",
        "--strict",
        "--noEmit",
        "--skipLibCheck",
        "false",
        "--types",
        "node",
        "--target",
        "es2022",
      ];
      await npx(["tsc", ...strict, "--module", "nodenext", "--moduleResolution", "nodenext", "consumer.ts"]);
      await npx(["tsc", ...strict, "--module", "preserve", "--moduleResolution", "bundler", "consumer.ts"]);
    });

    it("the CI workflow's conform job: its steps, as written, pass against the package's conformance host", async () => {
      const workflow = parse(await readFile(join(STARTER, ".github", "workflows", "binding-ci.yml"), "utf8")) as {
        jobs: Record<string, { steps: { run?: string }[] }>;
      };
      const scripts = (workflow.jobs.conform?.steps ?? []).flatMap((step) =>
        step.run === undefined || step.run === "npm ci" ? [] : [step.run],
      );
      expect(scripts).toHaveLength(2);
      const temp = await mkdtemp(join(tmpdir(), "rightkit-runner-"));
      const env = { RUNNER_TEMP: temp };
      try {
        await run("bash", ["-e", "-c", scripts[0] as string], starter, env);
        const conform = await run("bash", ["-e", "-c", scripts[1] as string], starter, env);
        expect(conform.stdout.trimEnd().split("\n").at(-1)).toMatch(/^conforms \(0 failing/);
        expect(await readFile(join(starter, "conform-junit.xml"), "utf8")).toMatch(
          /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /,
        );
      } finally {
        const record = JSON.parse(
          await readFile(join(temp, "suite", "runtime", "rightkit.agent.demo", "service.json"), "utf8").catch(() => "{}"),
        ) as { pid?: number };
        if (record.pid !== undefined) process.kill(record.pid, "SIGTERM");
        await rm(temp, { recursive: true, force: true });
      }
    });

    it("plain node imports the generator API, the runtime and both bindings", async () => {
      const { stdout } = await node(
        [
          `const api = await import("rightkit-bindgen");`,
          `const runtime = await import("rightkit-bindgen/runtime");`,
          `const demo = await import("rightkit-bindgen/demo");`,
          `const agentcli = await import("rightkit-bindgen/agentcli");`,
          // One runtime for all entries: a ToolError from the demo binding is the runtime's.
          `console.log(typeof api.generate, typeof runtime.DaemonTransport, typeof demo.DemoClient, typeof agentcli.BINDING_MANIFEST, demo.ToolError === runtime.ToolError);`,
        ].join("\n"),
      );
      expect(stdout.trim()).toBe("function function function object true");
    });
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}
