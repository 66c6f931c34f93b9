/**
 * Issue 33 for conform: it judges a host by the contract it is given — a binding repo's updated
 * copy in ./contract wins over the package's — and `--contract ID` finds the package's own
 * contract from a directory without ./contract; an id nobody has is bad input naming where it
 * was looked for.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { conform, conformJson, DEMO, demoHost, failing } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const HOME = process.cwd();
afterEach(() => process.chdir(HOME));

const QUICK = ["--methods", "demo.apps", "--max-examples", "5", "--seed", "3"];

describe("conform's --contract lookup (issue 33)", () => {
  it("conform judges a host by a binding repo's updated contract (issue 33)", async () => {
    const { suiteRoot } = await demoHost(cleanups);
    const repo = await cleanups.dir();
    mkdirSync(join(repo, "contract"));
    const schema = JSON.parse(readFileSync(`contract/${DEMO}.schema.json`, "utf8"));
    // The upstream update: one added optional param, which the running host does not check.
    schema.$defs.apps.params.properties = { limit: { type: "integer", minimum: 1, maximum: 100 } };
    writeFileSync(join(repo, "contract", `${DEMO}.schema.json`), JSON.stringify(schema));
    writeFileSync(join(repo, "contract", `${DEMO}.binding.json`), readFileSync(`contract/${DEMO}.binding.json`));
    process.chdir(repo);
    const { run, report } = await conformJson("--contract", DEMO, "--suite-root", suiteRoot, QUICK);
    expect(run.code, run.stderr).toBe(1);
    expect(report.contract).toBe(DEMO);
    // Judged by the repo's contract: a limit out of its bounds is answered, not refused.
    expect(failing(report).map((finding) => [finding.method, finding.check])).toContainEqual(["demo.apps", "negative_rejected"]);
    expect(JSON.stringify(failing(report).map((finding) => finding.params))).toContain("limit");
  });

  it("finds the package's contract by $id from a directory without ./contract", async () => {
    const { suiteRoot } = await demoHost(cleanups);
    process.chdir(await cleanups.dir());
    const { run, report } = await conformJson("--contract", DEMO, "--suite-root", suiteRoot, QUICK);
    expect(run.code, run.stderr).toBe(0);
    expect(report.contract).toBe(DEMO);
  });

  it("names the id and where it looked when no contract has it: exit 2, one line", async () => {
    const suiteRoot = await cleanups.dir();
    process.chdir(await cleanups.dir());
    const run = await conform("--contract", "rightkit.agent.nope.v9", "--suite-root", suiteRoot);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `rightkit-bindgen: rightkit.agent.nope.v9: cannot read: no such file, and no *.schema.json in ./contract or in ${join(HOME, "contract")} has this $id`,
    );
  });
});
