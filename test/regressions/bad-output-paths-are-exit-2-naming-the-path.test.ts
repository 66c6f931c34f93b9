/**
 * Bad output paths were our bug by our own exit codes: `generate --out afile.txt` (a file) was
 * exit 3 with `internal error: ENOTDIR`; `openrpc --out` and `update --body` into a missing or
 * unusable place were exit 3 or named a temporary file; `check --out afile.txt` printed 45
 * "missing on disk" diffs instead of saying it is no folder; `generate --out /proc/nope` spun
 * forever (Node 20's recursive mkdir under an unwritable parent). `update`'s errors from the
 * schema it generates named its scratch copy instead of the `--from` file. Each is now exit 2,
 * one line naming the path (or the `--from` file), found before anything is written.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";
import { bin, scratchDirs, snapshot, tinyRepo, tinySchema } from "../output/support.js";

const scratch = scratchDirs("rightkit-door-paths-");

function oneLine(run: { code: number | null; stderr: string }, path: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toMatch(path);
  expect(run.stderr).not.toMatch(/internal error|\.tmp/);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
}

describe("output paths that are not folders", () => {
  it("generate --out afile.txt is exit 2: not a folder", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    writeFileSync(join(repo, "afile.txt"), "mine\n");
    const run = await runCli([
      "generate",
      "--contract",
      join(repo, "contract/ex.v1.schema.json"),
      "--out",
      join(repo, "afile.txt"),
    ]);
    oneLine(run, /afile\.txt: is not a folder/);
    expect(snapshot(repo).size).toBe(4);
  }, 60_000);

  it("check --out afile.txt says it is not a folder instead of 45 missing-on-disk diffs", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    writeFileSync(join(repo, "afile.txt"), "mine\n");
    const run = await runCli(["check", "--contract", join(repo, "contract/ex.v1.schema.json"), "--out", join(repo, "afile.txt")]);
    oneLine(run, /afile\.txt: is not a folder/);
    expect(run.stdout).toBe("");
  }, 60_000);

  it("generate --out /proc/nope is exit 2 within seconds, not a spin", () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    const run = bin(repo, ["generate", "--out", "/proc/nope"], 30_000);
    expect(run.timedOut, "generate --out /proc/nope spun past 30 s").toBe(false);
    oneLine(run, /\/proc\/nope: is on a virtual file system/);
  }, 60_000);
});

describe("single files the user names", () => {
  it("openrpc --out into a missing folder, or onto a folder, is exit 2 naming the path", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    const contract = join(repo, "contract/ex.v1.schema.json");
    oneLine(
      await runCli(["openrpc", "--contract", contract, "--out", join(repo, "missing", "doc.json")]),
      /missing\/doc\.json: cannot be written: its folder does not exist/,
    );
    mkdirSync(join(repo, "adir"));
    oneLine(
      await runCli(["openrpc", "--contract", contract, "--out", join(repo, "adir")]),
      /adir: is a folder where the output has a file/,
    );
    expect(snapshot(join(repo, "adir")).size).toBe(1);
  }, 60_000);

  it("update --body into a missing folder, or onto a folder, is exit 2 naming it, nothing written", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    const contract = join(repo, "contract/ex.v1.schema.json");
    const out = join(repo, "out");
    expect((await runCli(["generate", "--contract", contract, "--out", out])).code).toBe(0);
    const from = join(repo, "upstream.json");
    writeFileSync(from, tinySchema("ex.v1").replace('"boolean"', '"string"'));
    mkdirSync(join(repo, "adir"));
    const before = snapshot(repo);
    const args = ["update", "--from", from, "--contract", contract, "--out", out, "--body"];
    oneLine(
      await runCli([...args, join(repo, "missing", "body.md")]),
      /missing\/body\.md: cannot be written: its folder does not exist/,
    );
    oneLine(await runCli([...args, join(repo, "adir")]), /adir: is a folder where the output has a file/);
    expect(snapshot(repo)).toEqual(before);
  }, 60_000);
});

it("update's errors from the new schema name the --from file, not a temporary copy", async () => {
  const repo = tinyRepo(scratch(), "ex.v1");
  const contract = join(repo, "contract/ex.v1.schema.json");
  const from = join(repo, "upstream.json");
  // A schema under an unknown keyword is met only by the validator compiler, through the $ref.
  const schema = JSON.parse(tinySchema("ex.v1"));
  schema["x-extra"] = { minLength: -1 };
  schema.$defs.ping.result.properties.ok = { $ref: "#/x-extra" };
  writeFileSync(from, JSON.stringify(schema));
  const run = await runCli(["update", "--from", from, "--contract", contract, "--out", join(repo, "out")]);
  oneLine(
    run,
    new RegExp(`^rightkit-bindgen: ${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:#/x-extra/minLength: minLength must be`),
  );
}, 60_000);
