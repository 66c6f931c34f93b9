/**
 * `update` with the schema the repository already has listed both contract files as "changed"
 * (and rewrote them) although neither would change: a bot's pull request then claimed edits it
 * did not make. A contract file whose text is already what it would become is neither listed
 * nor written; one that differs is.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { prBody } from "../../generator/evolution/pr-body.js";
import { planUpdate } from "../../generator/evolution/update.js";

const repo = mkdtempSync(join(tmpdir(), "rightkit-update-same-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const STEM = "contract/rightkit.agent.demo.v1";
for (const suffix of ["schema", "binding", "fingerprint"]) cpSync(`${STEM}.${suffix}.json`, join(repo, `${STEM}.${suffix}.json`));
cpSync("generated", join(repo, "generated"), { recursive: true, filter: (path) => !path.includes("agentcli.") });

const options = (from: string) => ({
  from,
  allowMajor: false,
  contract: join(repo, `${STEM}.schema.json`),
  binding: join(repo, `${STEM}.binding.json`),
  out: join(repo, "generated"),
});

it("lists no contract file when the new schema is the one the repository has", async () => {
  const outcome = await planUpdate(options(`${STEM}.schema.json`));
  expect(outcome.kind).toBe("planned");
  if (outcome.kind !== "planned") return;
  expect(outcome.plan.contractFiles).toEqual([]);
  expect(prBody(outcome.plan)).toContain("The contract files are already this schema.");
}, 60_000);

it("lists the schema and its fingerprint as changed when the schema differs", async () => {
  const schema = JSON.parse(readFileSync(`${STEM}.schema.json`, "utf8"));
  schema.$defs.apps.description = "the catalog, described anew";
  const from = join(repo, "upstream.json");
  writeFileSync(from, `${JSON.stringify(schema, null, 2)}\n`);
  const before = statSync(options(from).contract).mtimeMs;
  const outcome = await planUpdate(options(from));
  expect(outcome.kind).toBe("planned");
  if (outcome.kind !== "planned") return;
  expect(outcome.plan.contractFiles.map((file) => [file.path.slice(repo.length + 1), file.change])).toEqual([
    [`${STEM}.schema.json`, "changed"],
    [`${STEM}.fingerprint.json`, "changed"],
  ]);
  expect(statSync(options(from).contract).mtimeMs, "planning writes nothing").toBe(before);
}, 60_000);
