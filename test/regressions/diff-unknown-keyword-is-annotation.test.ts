/**
 * Regression (issue 11): adding `"x-rust-type": "demo::Token"` to `$defs/token` of the demo
 * contract made `diff` report five breaking changes (one per method reaching the token) and exit
 * 1, though the generated binding changes only in its header hashes. A keyword no draft defines
 * is an annotation — for the validators, the types and now the diff, which read one table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { EMBEDDED, runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();

async function withRustType(): Promise<string> {
  const schema = JSON.parse(readFileSync(EMBEDDED.contract, "utf8"));
  schema.$defs.token["x-rust-type"] = "demo::Token";
  const file = join(await cleanups.dir(), "new.schema.json");
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  return file;
}

it("an x-rust-type added to a shared definition is an annotation under each method, and diff exits 0", async () => {
  const run = await runCli(["diff", EMBEDDED.contract, await withRustType(), "--format", "json"]);
  expect(run.code).toBe(0);
  const report = JSON.parse(run.stdout);
  expect(report.breaking).toBe(false);
  expect(report.changes.map((change: { method: string }) => change.method)).toEqual([
    "act",
    "batch",
    "end",
    "request",
    "snapshot",
  ]);
  for (const change of report.changes) {
    expect(change).toMatchObject({ severity: "annotation", pointer: "#/$defs/token", message: "x-rust-type added" });
  }
});

it("the text report says so too, without BREAKING", async () => {
  const run = await runCli(["diff", EMBEDDED.contract, await withRustType()]);
  expect(run.code).toBe(0);
  expect(run.stdout.split("\n")[0]).toBe("rightkit.agent.demo.v1: 5 annotation");
});
