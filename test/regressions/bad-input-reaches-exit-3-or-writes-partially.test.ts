/**
 * Bad input reached exit 3 ("internal error"), once after a partial write: a 300-character
 * `$id` (ENAMETOOLONG); `$id: "Runtime"` (only the exact `runtime` was refused, and the output
 * then failed to compile); a dangling link in the output folder (generate and check both); a
 * folder where a generated file goes (exit 3 after 6 files were written, a `.tmp` left behind).
 * `$id`s `Foo.v1` and `foo.v1` were both accepted and overwrite each other on macOS and Windows;
 * `$id: "CON"` made a folder Windows reserves. Each is now exit 2, one line naming the `$id` or
 * the path, and the output folder exactly as it was.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";
import { scratchDirs, snapshot, tinyRepo, tinySchema } from "../output/support.js";

const scratch = scratchDirs("rightkit-door-exit3-");

/** `generate` of one contract whose `$id` is `id`, into a fresh folder: its run and whether anything was written. */
async function generateId(id: string): Promise<{ code: number; stderr: string; wrote: boolean }> {
  const dir = scratch();
  writeFileSync(join(dir, "contract.schema.json"), tinySchema(id));
  const run = await runCli(["generate", "--contract", join(dir, "contract.schema.json"), "--out", join(dir, "out")]);
  return { code: run.code, stderr: run.stderr, wrote: snapshot(join(dir, "out")).size > 0 };
}

describe("$ids that reached exit 3 or collide", () => {
  it.each([
    ["a 300-character $id (ENAMETOOLONG)", "a".repeat(300), /at most 100 are allowed/],
    ['$id "Runtime" (the runtime\'s folder in another case)', "Runtime", /the runtime's/],
    ['$id "CON" (a device name Windows reserves)', "CON", /Windows reserves/],
    ['$id "lpt1.v2" (reserved with any extension)', "lpt1.v2", /Windows reserves/],
  ])(
    "%s is exit 2 naming the $id, nothing written",
    async (_, id, why) => {
      const run = await generateId(id);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`the $id ${JSON.stringify(id)}`);
      expect(run.stderr).toMatch(why);
      expect(run.stderr.split("\n")).toHaveLength(1);
      expect(run.wrote).toBe(false);
    },
    60_000,
  );

  it("$ids Foo.v1 and foo.v1 in one run are exit 2 naming both, nothing written", async () => {
    const repo = tinyRepo(scratch(), "Foo.v1");
    writeFileSync(join(repo, "contract", "other.schema.json"), tinySchema("foo.v1"));
    const cwd = process.cwd();
    process.chdir(repo);
    try {
      const run = await runCli(["generate"]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/the \$id "(foo|Foo)\.v1" .* differs only in case from "(Foo|foo)\.v1"/);
      expect(snapshot(join(repo, "generated")).size).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);
});

describe("what is in the output folder", () => {
  it("a dangling link in the output folder: generate and check are exit 2 naming it, nothing written", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    const contract = join(repo, "contract/ex.v1.schema.json");
    const out = join(repo, "out");
    expect((await runCli(["generate", "--contract", contract, "--out", out])).code).toBe(0);
    rmSync(join(out, "ex.v1", "client.ts"));
    symlinkSync(join(repo, "nothing-here"), join(out, "ex.v1", "client.ts"));
    const before = snapshot(out);
    for (const command of ["generate", "check"]) {
      const run = await runCli([command, "--contract", contract, "--out", out]);
      expect(run.code, `${command}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/out\/ex\.v1\/client\.ts: is a symbolic link to nothing/);
      expect(snapshot(out)).toEqual(before);
    }
  }, 60_000);

  it("a folder where a generated file goes: exit 2 naming it, no file written, no temporary file left", async () => {
    const repo = tinyRepo(scratch(), "ex.v1");
    const contract = join(repo, "contract/ex.v1.schema.json");
    const out = join(repo, "out");
    mkdirSync(join(out, "ex.v1", "types.ts"), { recursive: true });
    const before = snapshot(out);
    const run = await runCli(["generate", "--contract", contract, "--out", out]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/out\/ex\.v1\/types\.ts: is a folder where the output has a file/);
    expect(snapshot(out)).toEqual(before);
  }, 60_000);
});
