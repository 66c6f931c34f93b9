/**
 * Bad input to conform: exit 2 and one line on stderr naming the argument or the file, nothing
 * on stdout, nothing written — for every option that can be wrong, a contract it cannot use,
 * and a host it cannot reach (no record under the suite root, a server that does not start).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { AGENTCLI, conform, DEMO } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const DEMO_AT = (root: string): string[] => ["--contract", DEMO, "--suite-root", root];

const cases: [string, (dir: string) => string[], RegExp][] = [
  ["an unknown option", (dir) => [...DEMO_AT(dir), "--sed", "1"], /Unknown option '--sed'/],
  ["a stray argument", (dir) => [...DEMO_AT(dir), "demo.act"], /unexpected argument "demo\.act"/],
  [
    "a seed that is no whole number",
    (dir) => [...DEMO_AT(dir), "--seed", "1e3"],
    /--seed needs a whole number from 0 to 2147483647, got "1e3"/,
  ],
  ["no examples", (dir) => [...DEMO_AT(dir), "--max-examples", "0"], /--max-examples needs a whole number from 1 to 100000/],
  ["an unknown format", (dir) => [...DEMO_AT(dir), "--format", "xml"], /--format must be one of text, json, got "xml"/],
  ["an unknown check", (dir) => [...DEMO_AT(dir), "--checks", "response_schema,nope"], /--checks: no check is called "nope"/],
  ["an empty list item", (dir) => [...DEMO_AT(dir), "--methods", "demo.act,"], /--methods needs a comma-separated list of names/],
  [
    "a method the contract lacks",
    (dir) => [...DEMO_AT(dir), "--methods", "demo.scroll"],
    /--methods: rightkit\.agent\.demo\.v1 has no method "demo\.scroll"/,
  ],
  [
    "a value for no link",
    (dir) => [...DEMO_AT(dir), "--value", "session=x"],
    /--value: rightkit\.agent\.demo\.v1's binding has no link "session" \(its links: appId, elementOp, elementRef, token\)/,
  ],
  ["a value without a name", (dir) => [...DEMO_AT(dir), "--value", "=abc"], /--value 1: needs NAME=VALUE/],
  ["a value given twice", (dir) => [...DEMO_AT(dir), "--value", "token=a", "--value", "token=b"], /--value token is given twice/],
  ["--update-baseline alone", (dir) => [...DEMO_AT(dir), "--update-baseline"], /--update-baseline needs --baseline FILE/],
  [
    "a JUnit file in no folder",
    (dir) => [...DEMO_AT(dir), "--junit", join(dir, "no", "conform.xml")],
    /conform\.xml: cannot be written: its folder does not exist/,
  ],
  [
    "a deadline scale above 1",
    (dir) => [...DEMO_AT(dir), "--deadline-scale", "2"],
    /--deadline-scale needs a number above 0 and at most 1, got "2"/,
  ],
  ["no time budget", (dir) => [...DEMO_AT(dir), "--time-budget", "0"], /--time-budget needs a whole number from 1 to 86400/],
  [
    "a replay file that is not there",
    (dir) => [...DEMO_AT(dir), "--replay", join(dir, "report.json")],
    /--replay: cannot read: ENOENT/,
  ],
  [
    "a contract file that is not there",
    (dir) => ["--contract", join(dir, "nope.json"), "--suite-root", dir],
    /nope\.json: cannot read: no such file/,
  ],
  [
    "a contract without a transport",
    () => ["--contract", "test/fixtures/bad/two-methods.json"],
    /two-methods\.json:#\/transport: names no transport; conform needs one/,
  ],
  [
    "--server for a daemon binding",
    () => ["--contract", DEMO, "--server", "x"],
    /--server: rightkit\.agent\.demo\.v1 is reached over rightkit-daemon; use --suite-root/,
  ],
  [
    "--suite-root for a stdio binding",
    (dir) => ["--contract", AGENTCLI, "--suite-root", dir],
    /--suite-root: agentcli\.v0\.2 is reached over stdio; use --server/,
  ],
  ["a relative suite root", () => ["--contract", DEMO, "--suite-root", "relative/suite"], /--suite-root: .*absolute/],
  [
    "a server command that is no JSON array",
    () => ["--contract", AGENTCLI, "--server", '["node",'],
    /--server is not a JSON array of strings/,
  ],
  ["a host that is not there", (dir) => DEMO_AT(dir), /the host cannot be reached \(--suite-root .*\): /],
  [
    "a server that does not start",
    (dir) => ["--contract", AGENTCLI, "--server", join(dir, "no-such-server")],
    /the host cannot be reached \(--server .*\): cannot run /,
  ],
];

describe("bad input: exit 2, one line naming what is wrong, nothing written", () => {
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const dir = await cleanups.dir();
      const junit = join(dir, "written.xml");
      const run = await conform(args(dir), ...(args(dir).includes("--junit") ? [] : ["--junit", junit]));
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/^rightkit-bindgen: /);
      expect(existsSync(junit)).toBe(false);
    });
  }
});
