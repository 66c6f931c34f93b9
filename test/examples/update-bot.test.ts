/**
 * The starter's update bot (examples/binding-repo/scripts/update-bot.mjs), one test per outcome.
 * Each runs the script as the workflow does, in a throwaway binding repository: a copy of the
 * starter's contract/ and generated/, committed, whose `origin` is a local bare repository. The
 * update is the real one (this checkout's rightkit-bindgen bin); `gh` is a fake that logs each
 * call (with the body file's text) and answers `pr view` from a state file; the verify steps are
 * cheap stand-ins (the starter's real `check` and `npm test` run in test/package/binding-repo.test.ts).
 */
import { execFile, spawn } from "node:child_process";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { ROOT, STARTER } from "../support/packed.js";

const BOT = "scripts/update-bot.mjs";
const BIN = join(ROOT, "generator", "bin", "rightkit-bindgen.js");
const SCHEMA = "contract/rightkit.agent.demo.v1.schema.json";
const BRANCH = "bot/contract-update";
/** The starter's files a binding repository has from the start, as far as the bot is concerned. */
const STARTER_FILES = ["contract", "generated", BOT, ".gitignore"];
const PASSING_VERIFY = ["echo check stand-in: up to date", "echo test stand-in: all pass"].join("\n");
const TS_ERROR = "test/demo-client.test.ts(12,5): error TS2339: Property 'receipt_id' does not exist on type 'ActResult'.";
/** An error line quoting a run of four backticks: the body's fence must be longer. */
const BACKTICK_ERROR = "test/demo-client.test.ts(20,1): error TS1005: '````' expected.";

const cleanups = cleanupAfterEach();

interface Sandbox {
  readonly dir: string;
  readonly repo: string;
  readonly bare: string;
  readonly summary: string;
  readonly ghLog: string;
  readonly ghState: string;
}

interface GhCall {
  readonly args: string[];
  /** The text of the --body-file when the call had one, read when gh ran. */
  readonly body?: string;
}

interface BotRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** git as the tests run it: no user or system config, a fixed identity. */
const GIT_ENV = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "git",
    ["-c", "user.name=tester", "-c", "user.email=tester@example.invalid", ...args],
    {
      cwd,
      env: { ...hermeticEnv(), ...GIT_ENV },
    },
  );
  return stdout;
}

/** This process's environment without what would reach outside the sandbox (a real runner's GitHub and git settings). */
function hermeticEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GITHUB_|GH_|GIT_|RUNNER_)/.test(name)));
}

const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * A fake gh: logs its arguments as a JSON line; `pr view` answers the state file's `pr` (exit 0)
 * or "no pull requests found" (exit 1); `pr create --draft` fails as GitHub does on a repository
 * without drafts when the state says `draftsUnsupported`. CommonJS: the file has no extension.
 */
function fakeGh(log: string, state: string): string {
  return `#!${process.execPath}
const { appendFileSync, existsSync, readFileSync } = require("node:fs");
const args = process.argv.slice(2);
const at = args.indexOf("--body-file");
appendFileSync(${JSON.stringify(log)}, JSON.stringify(at < 0 ? { args } : { args, body: readFileSync(args[at + 1], "utf8") }) + "\\n");
const state = existsSync(${JSON.stringify(state)}) ? JSON.parse(readFileSync(${JSON.stringify(state)}, "utf8")) : {};
if (args[0] === "pr" && args[1] === "view") {
  if (state.pr === undefined) {
    process.stderr.write("no pull requests found for branch " + JSON.stringify(args[2]) + "\\n");
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(state.pr) + "\\n");
} else if (args[0] === "pr" && args[1] === "create") {
  if (state.draftsUnsupported && args.includes("--draft")) {
    process.stderr.write("GraphQL: Draft pull requests are not supported in this repository. (createPullRequest)\\n");
    process.exit(1);
  }
  process.stdout.write("https://github.invalid/owner/binding/pull/1\\n");
}
`;
}

/** A committed copy of the starter with a bare `origin` holding its main branch, and a fake gh. */
async function sandbox(): Promise<Sandbox> {
  const dir = await cleanups.dir();
  const repo = join(dir, "binding-repo");
  const bare = join(dir, "origin.git");
  for (const path of STARTER_FILES) await cp(join(STARTER, path), join(repo, path), { recursive: true });
  await git(repo, "init", "-q", "-b", "main");
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", "the starter");
  await git(dir, "init", "-q", "--bare", bare);
  await git(repo, "remote", "add", "origin", bare);
  await git(repo, "push", "-q", "origin", "main");
  const box = {
    dir,
    repo,
    bare,
    summary: join(dir, "step-summary.md"),
    ghLog: join(dir, "gh-calls.jsonl"),
    ghState: join(dir, "gh-state.json"),
  };
  await mkdir(join(dir, "bin"));
  await writeFile(join(dir, "bin", "gh"), fakeGh(box.ghLog, box.ghState), { mode: 0o755 });
  await mkdir(join(dir, "runner-temp"));
  return box;
}

/** The upstream schema: the starter's own bytes, or `edit` applied to them; written outside the repository. */
async function upstream(box: Sandbox, edit?: (schema: Record<string, any>) => void): Promise<string> {
  const text = await readFile(join(STARTER, SCHEMA), "utf8");
  const file = join(box.dir, "upstream.schema.json");
  if (edit === undefined) await writeFile(file, text);
  else {
    const schema = JSON.parse(text) as Record<string, any>;
    edit(schema);
    await writeFile(file, `${JSON.stringify(schema, null, 2)}\n`);
  }
  return file;
}

/** Runs the bot in the sandbox's repository as the workflow does, to its exit. */
function runBot(box: Sandbox, schema: string, env: Record<string, string> = {}): Promise<BotRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BOT], {
      cwd: box.repo,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...hermeticEnv(),
        ...GIT_ENV,
        PATH: `${join(box.dir, "bin")}${delimiter}${process.env.PATH ?? ""}`,
        UPSTREAM_SCHEMA: schema,
        RIGHTKIT_BINDGEN: `${shellQuote(process.execPath)} ${shellQuote(BIN)}`,
        VERIFY_COMMANDS: PASSING_VERIFY,
        GITHUB_STEP_SUMMARY: box.summary,
        RUNNER_TEMP: join(box.dir, "runner-temp"),
        ...env,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function ghCalls(box: Sandbox): Promise<GhCall[]> {
  const text = await readFile(box.ghLog, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as GhCall);
}

/** The gh calls without the body file's path (a temp path): the arguments that say what happened. */
const ghArgs = (calls: readonly GhCall[]): string[][] =>
  calls.map(({ args }) => args.map((arg, i) => (args[i - 1] === "--body-file" ? "BODY" : arg)));

const remoteBranches = async (box: Sandbox): Promise<string[]> =>
  (await git(box.dir, "--git-dir", box.bare, "for-each-ref", "--format=%(refname)", "refs/heads/")).trim().split("\n");

/** The bot branch's commits on the remote, newest first: subject, and the schema as committed there. */
async function pushed(box: Sandbox): Promise<{ subjects: string[]; schema: string }> {
  const log = await git(box.dir, "--git-dir", box.bare, "log", "--format=%s", `refs/heads/${BRANCH}`);
  const schema = await git(box.dir, "--git-dir", box.bare, "show", `refs/heads/${BRANCH}:${SCHEMA}`);
  return { subjects: log.trim().split("\n"), schema };
}

const summaryOf = (box: Sandbox): Promise<string> => readFile(box.summary, "utf8");

const VIEW = ["pr", "view", BRANCH, "--json", "number,state,isDraft,url"];
const CREATE = ["pr", "create", "--head", BRANCH, "--title", "Contract update from upstream", "--body-file", "BODY"];

const addOptionalParam = (schema: Record<string, any>): void => {
  schema.$defs.apps.params.properties.filter = { type: "string", description: "Only apps whose name contains this." };
};
const removeResultField = (schema: Record<string, any>): void => {
  delete schema.$defs.act.result.properties.receipt_id;
  schema.$defs.act.result.required = [];
};

/** Verify steps whose second fails as tsc does in `npm test`; returns VERIFY_COMMANDS and the failing step's command. */
async function failingVerify(box: Sandbox): Promise<{ commands: string; failing: string }> {
  const script = join(box.dir, "failing-tests.sh");
  await writeFile(
    script,
    [
      "echo '> rightkit-demo-binding@0.1.0 test'",
      "echo '> tsc -p . && node --test build/test/'",
      `echo ${shellQuote(TS_ERROR)}`,
      `echo ${shellQuote(BACKTICK_ERROR)}`,
      "exit 1",
      "",
    ].join("\n"),
  );
  const failing = `sh ${shellQuote(script)}`;
  return { commands: `echo check stand-in: up to date\n${failing}`, failing };
}

describe("the update bot", () => {
  it("no change: the upstream schema is the committed one — exit 0, nothing pushed, gh never called", async () => {
    const box = await sandbox();
    const run = await runBot(box, await upstream(box));
    expect(run.code, run.stderr).toBe(0);
    expect(await remoteBranches(box)).toEqual(["refs/heads/main"]);
    expect(await ghCalls(box)).toEqual([]);
    expect(await summaryOf(box)).toContain("**No change**");
  });

  it("a compatible change: the branch is pushed and a ready pull request opened, its body update's report", async () => {
    const box = await sandbox();
    const run = await runBot(box, await upstream(box, addOptionalParam));
    expect(run.code, run.stderr).toBe(0);
    const { subjects, schema } = await pushed(box);
    expect(subjects[0]).toBe("Update the contract from upstream");
    expect(subjects[1]).toBe("the starter");
    expect(schema).toContain("Only apps whose name contains this.");
    const calls = await ghCalls(box);
    expect(ghArgs(calls)).toEqual([VIEW, CREATE]);
    expect(calls[1]?.body).toMatch(/^## Contract update: rightkit\.agent\.demo\.v1 → rightkit\.agent\.demo\.v1\n/);
    expect(calls[1]?.body).toContain("filter");
    expect(await summaryOf(box)).toContain(
      "**Verify passed.** Opened a pull request: https://github.invalid/owner/binding/pull/1",
    );
  });

  it("a breaking change that fails the tests: a draft pull request whose body starts with the failing step and its errors", async () => {
    const box = await sandbox();
    const verify = await failingVerify(box);
    const run = await runBot(box, await upstream(box, removeResultField), { VERIFY_COMMANDS: verify.commands });
    expect(run.code, run.stderr).toBe(0);
    const committed = JSON.parse((await pushed(box)).schema) as Record<string, any>;
    expect(committed.$defs.act.result.properties).toEqual({});
    const calls = await ghCalls(box);
    expect(ghArgs(calls)).toEqual([VIEW, [...CREATE, "--draft"]]);

    const body = calls[1]?.body ?? "";
    const [failure, report] = body.split("\n---\n");
    expect(failure).toMatch(/^> \[!WARNING\]\n/);
    expect(failure).toContain(`### Verify failed: \`${verify.failing}\` (exit 1)`);
    // Only the lines that look like errors, in a fence longer than the output's own backtick run.
    expect(failure).toContain(`Below, the first 2 of its 2 lines that look like errors; all of it is in the run's log.`);
    expect(failure).toContain(`\`\`\`\`\`text\n${TS_ERROR}\n${BACKTICK_ERROR}\n\`\`\`\`\``);
    expect(failure).not.toContain("rightkit-demo-binding@0.1.0");
    // Then update's report, with its BREAKING verdict.
    expect(report).toMatch(/^\n## Contract update: /);
    expect(report).toContain("BREAKING");
    expect(report).toContain("receipt\\_id");

    expect(run.stdout).toContain("::warning::verify failed at");
    expect(await summaryOf(box)).toContain("**Verify failed** at ");
  });

  it("a new major version: refused — exit 1, nothing pushed, gh never called, the summary says why", async () => {
    const box = await sandbox();
    const run = await runBot(
      box,
      await upstream(box, (schema) => {
        schema.$id = "rightkit.agent.demo.v2";
      }),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(await remoteBranches(box)).toEqual(["refs/heads/main"]);
    expect(await ghCalls(box)).toEqual([]);
    const summary = await summaryOf(box);
    expect(summary).toContain("**Refused: a new major version of the contract.**");
    expect(summary).toContain("rightkit.agent.demo.v1 → rightkit.agent.demo.v2");
    expect(run.stdout).toMatch(/^::error::update refused a new major version/m);
    expect(await git(box.repo, "status", "--porcelain")).toBe("");
  });

  it("a new method: a pull request is opened", async () => {
    const box = await sandbox();
    const run = await runBot(
      box,
      await upstream(box, (schema) => {
        schema.$defs.ping = {
          params: { type: "object", properties: {} },
          result: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
        };
      }),
    );
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(ghArgs(await ghCalls(box))).toEqual([VIEW, CREATE]);
    expect((await pushed(box)).schema).toContain('"ping"');
  });

  it("bad input: update fails — exit 2, nothing pushed, gh never called, the summary quotes update", async () => {
    const box = await sandbox();
    const schema = join(box.dir, "upstream.schema.json");
    await writeFile(schema, "{ not json");
    const run = await runBot(box, schema);
    expect(run.code, run.stderr).toBe(2);
    expect(await remoteBranches(box)).toEqual(["refs/heads/main"]);
    expect(await ghCalls(box)).toEqual([]);
    expect(await summaryOf(box)).toMatch(
      /\*\*The update failed\*\* \(`rightkit-bindgen update` exit 2\)[\s\S]*upstream\.schema\.json/,
    );
  });
});

describe("the update bot with its pull request already open", () => {
  /** An earlier run's branch on the remote, and no remote-tracking ref for it here: a fresh checkout. */
  async function earlierRun(box: Sandbox, pr: { isDraft: boolean }): Promise<void> {
    await git(box.repo, "switch", "-q", "-c", "earlier");
    await git(box.repo, "commit", "-q", "--allow-empty", "-m", "an earlier update");
    await git(box.repo, "push", "-q", "origin", `earlier:refs/heads/${BRANCH}`);
    await git(box.repo, "switch", "-q", "main");
    await git(box.repo, "branch", "-q", "-D", "earlier");
    await git(box.repo, "update-ref", "-d", `refs/remotes/origin/${BRANCH}`);
    const state = { pr: { number: 7, state: "OPEN", url: "https://github.invalid/owner/binding/pull/7", ...pr } };
    await writeFile(box.ghState, JSON.stringify(state));
  }

  it("refreshes it (edit, not create) over the earlier branch, and marks a draft ready when verify passes", async () => {
    const box = await sandbox();
    await earlierRun(box, { isDraft: true });
    const run = await runBot(box, await upstream(box, addOptionalParam));
    expect(run.code, run.stderr).toBe(0);
    expect((await pushed(box)).subjects).toEqual(["Update the contract from upstream", "the starter"]);
    const calls = await ghCalls(box);
    expect(ghArgs(calls)).toEqual([VIEW, ["pr", "edit", BRANCH, "--body-file", "BODY"], ["pr", "ready", BRANCH]]);
    expect(calls[1]?.body).toMatch(/^## Contract update: /);
    expect(await summaryOf(box)).toContain("Refreshed pull request #7: https://github.invalid/owner/binding/pull/7");
  });

  it("turns a ready one back into a draft when verify fails", async () => {
    const box = await sandbox();
    await earlierRun(box, { isDraft: false });
    const verify = await failingVerify(box);
    const run = await runBot(box, await upstream(box, removeResultField), { VERIFY_COMMANDS: verify.commands });
    expect(run.code, run.stderr).toBe(0);
    const calls = await ghCalls(box);
    expect(ghArgs(calls)).toEqual([VIEW, ["pr", "edit", BRANCH, "--body-file", "BODY"], ["pr", "ready", BRANCH, "--undo"]]);
    expect(calls[1]?.body).toMatch(/^> \[!WARNING\]\n/);
  });

  it("opens a plain pull request where the repository has no drafts, and says so", async () => {
    const box = await sandbox();
    await writeFile(box.ghState, JSON.stringify({ draftsUnsupported: true }));
    const verify = await failingVerify(box);
    const run = await runBot(box, await upstream(box, removeResultField), { VERIFY_COMMANDS: verify.commands });
    expect(run.code, run.stderr).toBe(0);
    expect(ghArgs(await ghCalls(box))).toEqual([VIEW, [...CREATE, "--draft"], CREATE]);
    expect(await summaryOf(box)).toContain("Opened a pull request (not as a draft: this repository has no draft pull requests)");
  });
});

// --- the Markdown the bot writes -------------------------------------------------------------

interface BotMarkdown {
  inlineCode(text: string): string;
  codeBlock(language: string, text: string): string;
  errorExcerpt(output: string): { lines: string[]; said: string };
}

const bot = (await import(pathToFileURL(join(STARTER, BOT)).href)) as BotMarkdown;

/** Text built mostly of what Markdown reacts to. */
const awkward = fc.string({ unit: fc.constantFrom("`", "`", "``", " ", "\n", "~", "a", "\r") });

describe("the update bot's Markdown", () => {
  it("a code block: no line of any text can close its fence, and the text comes back unchanged", () => {
    fc.assert(
      fc.property(awkward, (text) => {
        const block = bot.codeBlock("text", text);
        const fence = /^`+/.exec(block)?.[0] ?? "";
        expect(fence.length).toBeGreaterThanOrEqual(3);
        expect(block.slice(fence.length + "text\n".length, -(fence.length + 1))).toBe(text);
        const closes = new RegExp(`^ {0,3}\`{${fence.length},}[ \\t]*$`);
        for (const line of text.split(/\r\n|\r|\n/)) expect(line).not.toMatch(closes);
      }),
    );
  });

  it("inline code: one line, closed only by its own delimiter, the text unchanged but for line breaks", () => {
    fc.assert(
      fc.property(awkward, (text) => {
        // No code span is empty: a command always has a word.
        fc.pre(text !== "");
        const code = bot.inlineCode(text);
        expect(code).not.toMatch(/[\r\n]/);
        const ticks = /^`+/.exec(code)?.[0] ?? "";
        let inner = code.slice(ticks.length, -ticks.length);
        // CommonMark: a run of exactly the delimiter's length would end the span early.
        expect([...inner.matchAll(/`+/g)].map((run) => run[0].length)).not.toContain(ticks.length);
        // CommonMark strips one space from each end when both ends are spaces and not all is.
        if (/^ [\s\S]* $/.test(inner) && /[^ ]/.test(inner)) inner = inner.slice(1, -1);
        expect(inner).toBe(text.replace(/[\r\n]+/g, " "));
      }),
    );
  });

  it("a failed step's excerpt: its error lines, else its tail; bounded, without terminal codes", () => {
    const noisy = ["> npm test", "\u001b[31mnot ok 1 - session\u001b[0m", "# fail 0", "  error: 'expected 2'", "# fail 1"].join(
      "\n",
    );
    expect(bot.errorExcerpt(noisy)).toEqual({
      lines: ["not ok 1 - session", "  error: 'expected 2'", "# fail 1"],
      said: "the first 3 of its 3 lines that look like errors",
    });
    const quiet = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    expect(bot.errorExcerpt(quiet).lines).toEqual(Array.from({ length: 30 }, (_, i) => `line ${i + 10}`));
    expect(bot.errorExcerpt(quiet).said).toBe("the last 30 of its 40 lines of output");
    const many = Array.from({ length: 50 }, () => `error: ${"x".repeat(400)}`).join("\n");
    const { lines } = bot.errorExcerpt(many);
    expect(lines).toHaveLength(30);
    expect(lines[0]).toBe(`error: ${"x".repeat(293)}…`);
  });
});
