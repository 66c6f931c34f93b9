/**
 * `update` end to end, as the bot runs it: the real bin as a child process inside a throwaway
 * git repository holding a copy of contract/ and its generated binding.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTRACT_DOC } from "../support/bindgen.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const SCHEMA = "contract/rightkit.agent.demo.v1.schema.json";
/** Each case starts several Node processes that load the compiler; this bounds a hang, it asserts nothing. */
const SLOW = { timeout: 180_000 };

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function bindgen(repo: string, ...args: string[]): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repo, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function git(repo: string, ...args: string[]): string {
  const run = spawnSync("git", ["-c", "user.name=bot", "-c", "user.email=bot@example.invalid", ...args], {
    cwd: repo,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

/** The upstream schema with `edit` applied, written into the repository's scratch folder. */
function upstream(repo: string, edit: (schema: Record<string, any>) => void): string {
  const schema = JSON.parse(readFileSync(SCHEMA, "utf8"));
  edit(schema);
  const file = join(repo, "upstream.json");
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  return "upstream.json";
}

describe("rightkit-bindgen update in a binding repository", () => {
  /** A committed binding repository, built once; each case works on its own copy. */
  let baseline: string;
  let repo: string;

  beforeAll(() => {
    baseline = mkdtempSync(join(tmpdir(), "rightkit-bindgen-baseline-"));
    // A binding repository of the demo contract alone (this repository's contract/ holds more).
    cpSync("contract", join(baseline, "contract"), {
      recursive: true,
      filter: (path) => !/[/\\]agentcli\./.test(path),
    });
    writeFileSync(join(baseline, ".gitignore"), "upstream.json\nbody.md\n");
    git(baseline, "init", "-q");
    expect(bindgen(baseline, "generate").code).toBe(0);
    git(baseline, "add", "-A");
    git(baseline, "commit", "-q", "-m", "baseline");
  }, SLOW.timeout);

  afterAll(() => {
    rmSync(baseline, { recursive: true, force: true });
  });

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "rightkit-bindgen-repo-"));
    cpSync(baseline, repo, { recursive: true });
  });

  afterEach(() => {
    rmSync(repo, { recursive: true, force: true });
  });

  it("replaces the schema, regenerates, refreshes the fingerprint, and writes a body listing the changes", SLOW, () => {
    const from = upstream(repo, (schema) => {
      schema.$defs.snapshot.result.properties.capture_state.enum.push("unknown");
      schema.$defs.request.params.properties.locale = { type: "string" };
    });
    const run = bindgen(repo, "update", "--from", from, "--body", "body.md");
    expect(run.stderr).not.toContain("rightkit-bindgen:");
    expect(run.code).toBe(0);
    expect(readFileSync(join(repo, SCHEMA), "utf8")).toBe(readFileSync(join(repo, from), "utf8"));
    const body = readFileSync(join(repo, "body.md"), "utf8");
    expect(body).toContain("## Contract update: rightkit.agent.demo.v1 → rightkit.agent.demo.v1");
    expect(body).toMatch(/### Dangerous[^\n]*\n\n- `snapshot` `enum_value_added`: enum value "unknown" added/);
    expect(body).toMatch(/### Non-breaking[^\n]*\n\n- `request` `param_added_optional`/);
    expect(body).toContain("+  locale?: string;");
    expect(body).toContain("- `generated/rightkit.agent.demo.v1/types.ts` (changed)");
    expect(body).toContain("- `contract/rightkit.agent.demo.v1.fingerprint.json` (changed)");
    expect(bindgen(repo, "check").code).toBe(0);
    const fingerprint = JSON.parse(readFileSync(join(repo, "contract/rightkit.agent.demo.v1.fingerprint.json"), "utf8"));
    expect(fingerprint.sha256).not.toBe(
      JSON.parse(readFileSync("contract/rightkit.agent.demo.v1.fingerprint.json", "utf8")).sha256,
    );
    expect(git(repo, "status", "--porcelain")).toContain("generated/rightkit.agent.demo.v1/api.md");
  });

  it("takes the contract document (.md) and stores its schema as JSON; no change gives an empty report", SLOW, () => {
    const run = bindgen(repo, "update", "--from", resolve(CONTRACT_DOC));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No caller-visible changes.");
    expect(run.stdout).toContain("The client's methods, error codes and types did not change.");
    expect(JSON.parse(readFileSync(join(repo, SCHEMA), "utf8"))).toEqual(JSON.parse(readFileSync(SCHEMA, "utf8")));
    expect(bindgen(repo, "check").code).toBe(0);
  });

  it("refuses a new major version without --allow-major and writes nothing", SLOW, () => {
    const from = upstream(repo, (schema) => {
      schema.$id = "rightkit.agent.demo.v2";
    });
    const run = bindgen(repo, "update", "--from", from, "--body", "body.md");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--allow-major");
    expect(run.stdout).toContain("id_changed_major");
    expect(git(repo, "status", "--porcelain")).toBe("");
    expect(existsSync(join(repo, "body.md"))).toBe(false);
  });

  it("with --allow-major, generates the new version beside the old one and keeps both checkable", SLOW, () => {
    const from = upstream(repo, (schema) => {
      schema.$id = "rightkit.agent.demo.v2";
      schema.$defs.act.params.required.push("text");
    });
    const run = bindgen(repo, "update", "--from", from, "--allow-major", "--body", "body.md");
    expect(run.stderr).not.toContain("rightkit-bindgen:");
    expect(run.code).toBe(0);
    const body = readFileSync(join(repo, "body.md"), "utf8");
    expect(body).toContain("new major version");
    expect(body).toContain("`id_changed_major`");
    expect(body).toContain("`act` `param_became_required`");
    for (const path of [
      "generated/rightkit.agent.demo.v1/types.ts",
      "generated/rightkit.agent.demo.v2/types.ts",
      "generated/rightkit.agent.demo.v2/api.md",
      "contract/rightkit.agent.demo.v2.schema.json",
      "contract/rightkit.agent.demo.v2.fingerprint.json",
      "contract/rightkit.agent.demo.v2.binding.json",
      "contract/rightkit.agent.demo.v1/rightkit.agent.demo.v1.schema.json",
      "contract/rightkit.agent.demo.v1/rightkit.agent.demo.v1.binding.json",
    ]) {
      expect(existsSync(join(repo, path)), path).toBe(true);
    }
    expect(existsSync(join(repo, SCHEMA))).toBe(false);
    expect(bindgen(repo, "check").code).toBe(0);
    const old = "contract/rightkit.agent.demo.v1/rightkit.agent.demo.v1";
    expect(bindgen(repo, "check", "--contract", `${old}.schema.json`, "--binding", `${old}.binding.json`).code).toBe(0);
  });

  it("exits 2 on a new schema that fails the meta-schema, and writes nothing", SLOW, () => {
    const from = upstream(repo, (schema) => {
      schema.$defs.act.params.required = "token";
    });
    const run = bindgen(repo, "update", "--from", from);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(git(repo, "status", "--porcelain")).toBe("");
  });
});
