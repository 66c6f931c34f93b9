/**
 * A series of upstream releases, each taken by `update` in a copy of the starter with no hand
 * edit, as the bot takes them (issue 33): add a method, add an optional param, remove a result
 * field, remove a method, rename a method, add a method that carries the session token, then a
 * new major version. Each accepted release exits 0, writes a body naming the change (breaking
 * where it breaks callers), and leaves `check` passing; `update` type-checks every generation it
 * writes, so the binding compiles. A person's edit to an inferred entry survives later releases.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const STARTER = resolve("examples/binding-repo");
const SCHEMA = "contract/rightkit.agent.demo.v1.schema.json";
const BINDING = "contract/rightkit.agent.demo.v1.binding.json";
/** Each release starts the bin (and the type checker) twice; this bounds a hang, it asserts nothing. */
const SLOW = { timeout: 240_000 };

type Schema = { $id: string; $defs: Record<string, any> };

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let repo: string;

function bindgen(...args: string[]): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repo, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function git(...args: string[]): string {
  const run = spawnSync("git", ["-c", "user.name=bot", "-c", "user.email=bot@example.invalid", ...args], {
    cwd: repo,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

const readJson = (path: string): any => JSON.parse(readFileSync(join(repo, path), "utf8"));

/** Upstream's next release: the committed schema with `edit` applied; `update` takes it; merged as the bot's PR would be. */
function release(name: string, edit: (schema: Schema) => void): { run: Run; body: string } {
  const schema = readJson(SCHEMA) as Schema;
  edit(schema);
  writeFileSync(join(repo, "upstream.json"), `${JSON.stringify(schema, null, 2)}\n`);
  const run = bindgen("update", "--from", "upstream.json", "--body", "body.md");
  const body = run.code === 0 ? readFileSync(join(repo, "body.md"), "utf8") : "";
  if (run.code === 0) {
    expect(bindgen("check").code, `check after ${name}`).toBe(0);
    git("add", "-A");
    git("commit", "-q", "-m", name);
  }
  return { run, body };
}

const method = (params: Record<string, unknown>, required: string[], result: Record<string, unknown>) => ({
  params: { type: "object", properties: params, required },
  result: { type: "object", properties: result, required: Object.keys(result) },
});

describe("a series of upstream releases through update, with no hand edit", () => {
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "rightkit-series-"));
    for (const dir of ["contract", "generated"]) cpSync(join(STARTER, dir), join(repo, dir), { recursive: true });
    writeFileSync(join(repo, ".gitignore"), "upstream.json\nbody.md\n");
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "the starter");
  });

  afterAll(() => {
    if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
  });

  it("1. a new method gets an inferred entry, listed for review", SLOW, () => {
    const { run, body } = release("add ping", (schema) => {
      schema.$defs.ping = method({}, [], { pong: { type: "boolean" } });
    });
    expect(run.stderr).not.toContain("rightkit-bindgen:");
    expect(run.code).toBe(0);
    expect(body).toContain("**0 breaking, 0 dangerous, 1 compatible — callers keep working**");
    expect(body).toContain("New method `ping`:");
    expect(body).toContain("- [ ] tool name `demo.ping`, by the rule every other method follows (`demo.<method>`)");
    expect(body).toContain("- [ ] side effects: `destructive`");
    expect(body).toContain("+  ping(params?: PingParams, options?: ToolCallOptions): Promise<PingResult>;");
    expect(readJson(BINDING).methods.ping).toEqual({ tool: "demo.ping", sideEffects: "destructive" });
    // A person reviews the PR and corrects an inferred fact; later releases keep it.
    const binding = readFileSync(join(repo, BINDING), "utf8");
    writeFileSync(join(repo, BINDING), binding.replace(/("ping": \{[^}]*"sideEffects": )"destructive"/, '$1"none"'));
    expect(bindgen("generate").code).toBe(0);
    git("commit", "-q", "-am", "ping reads only");
  });

  it("2. an optional param is compatible, and the body shows it as a caller sees it", SLOW, () => {
    const { run, body } = release("add locale", (schema) => {
      schema.$defs.request.params.properties.locale = { type: "string" };
    });
    expect(run.code).toBe(0);
    expect(body).toContain("`request` `param_added_optional`");
    expect(body).toContain("+  locale?: string;");
    // The fingerprint and the CLI table's embedded schema are left out of the API section.
    expect(body).not.toContain("schemaSha256");
    expect(body).not.toContain("paramsSchema");
  });

  it("3. a removed result field is breaking", SLOW, () => {
    const { run, body } = release("drop request.app", (schema) => {
      delete schema.$defs.request.result.properties.app;
      schema.$defs.request.result.required = ["session", "token"];
    });
    expect(run.code).toBe(0);
    expect(body).toContain("**1 breaking, 0 dangerous, 0 compatible — BREAKING");
    expect(body).toContain("`request` `field_removed`");
  });

  it("4. a removed method loses its entry and the links it was the source of", SLOW, () => {
    const { run, body } = release("drop apps", (schema) => {
      delete schema.$defs.apps;
    });
    expect(run.code).toBe(0);
    expect(body).toContain("`apps` `method_removed`");
    expect(body).toContain("Removed with their methods: the entries of `apps`");
    const binding = readJson(BINDING);
    expect(binding.methods.apps).toBeUndefined();
    expect(binding.links.appId).toBeUndefined();
    expect(binding.lifecycle.appId).toBeUndefined();
  });

  it("5. a rename is one breaking change, and the entry moves to the new name", SLOW, () => {
    const { run, body } = release("end → finish", (schema) => {
      schema.$defs.finish = schema.$defs.end;
      delete schema.$defs.end;
    });
    expect(run.code).toBe(0);
    expect(body).toContain("`finish` `method_renamed`: method end renamed to finish \\(same params and result\\)");
    expect(body).toContain("Method `end` renamed to `finish`:");
    expect(body).not.toContain("`method_removed`");
    const binding = readJson(BINDING);
    expect(binding.methods.finish).toMatchObject({ tool: "demo.finish", sensitiveParams: ["token"], sideEffects: "destructive" });
    expect(binding.lifecycle.token.endedBy).toEqual({ finish: ["invalid_token", "session_ended"] });
  });

  it("6. a new method carrying the session token has it sensitive, and joins the token's link", SLOW, () => {
    const { run, body } = release("add inspect", (schema) => {
      schema.$defs.inspect = method({ token: { $ref: "#/$defs/token" }, ref: { $ref: "#/$defs/elementRef" } }, ["token", "ref"], {
        label: { type: "string" },
      });
    });
    expect(run.code).toBe(0);
    expect(body).toContain("- [ ] sensitive params `token`, as in `act`, `batch`, `finish`, `snapshot`");
    expect(body).toContain("- [ ] param `token` is fed by link `token` (from `request`'s result)");
    const binding = readJson(BINDING);
    expect(binding.methods.inspect).toEqual({ tool: "demo.inspect", sensitiveParams: ["token"], sideEffects: "destructive" });
    expect(binding.links.token.to.inspect).toBe("token");
    // The person's edit from the first release is still there.
    expect(binding.methods.ping.sideEffects).toBe("none");
  });

  it("7. a new major version is refused, with nothing written", SLOW, () => {
    const { run } = release("v2", (schema) => {
      schema.$id = "rightkit.agent.demo.v2";
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--allow-major");
    expect(git("status", "--porcelain")).toBe("");
  });
});
