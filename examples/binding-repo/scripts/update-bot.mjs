#!/usr/bin/env node
/**
 * The contract update bot. .github/workflows/update-bot.yml runs it after fetching the upstream
 * schema; it also runs by hand from the repository's root.
 *
 *   1. `rightkit-bindgen update` brings the upstream schema into contract/ and generated/ and
 *      writes the pull request's body (the change report).
 *   2. If that changed anything, the verify steps run (`rightkit-bindgen check`, then `npm test`).
 *   3. Pass or fail, the change is committed on $BRANCH, pushed, and proposed as one pull
 *      request: opened, or refreshed when one is open. A failed verify makes it a draft whose
 *      body starts with the failing step and its first errors. A breaking change is the one that
 *      most needs a reviewer, so the tests it breaks must not keep it from being seen.
 *
 * Environment:
 *   UPSTREAM_SCHEMA      the new upstream schema (.json, or a contract document .md); required
 *   ALLOW_MAJOR          "true": accept a new major version (update --allow-major)
 *   BRANCH               the bot's branch (default bot/contract-update)
 *   RIGHTKIT_BINDGEN     how to start rightkit-bindgen, as shell words (default npx --no -- rightkit-bindgen)
 *   VERIFY_COMMANDS      the verify steps, one shell command a line, run in order until one fails
 *                        (default: "$RIGHTKIT_BINDGEN check", then "npm test")
 *   GITHUB_STEP_SUMMARY  the run's summary is appended here (and printed either way)
 *   RUNNER_TEMP          where the body is written while the bot runs (default the system temp folder)
 *   GH_TOKEN             read by gh
 *
 * Exit codes:
 *   0  nothing to do; or the pull request was opened or refreshed, verify failed or not (the
 *      draft pull request is the signal; the run also shows a warning)
 *   1  a new major version was refused: nothing pushed, the summary says why (rerun with allow_major)
 *   2  the update could not run (bad input: the upstream schema, the binding file, the environment)
 *   3  the change could not be proposed: a git or gh command failed (or the bot itself did)
 *
 * Plain Node with no dependencies, so it runs in any binding repository copied from the starter.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const EXIT = Object.freeze({ ok: 0, majorRefused: 1, updateFailed: 2, proposeFailed: 3 });

/** What update writes: the only paths the bot looks at for a change, and commits. */
const UPDATED_PATHS = ["contract", "generated"];
const BOT_IDENTITY = ["-c", "user.name=rightkit-bindgen bot", "-c", "user.email=rightkit-bindgen-bot@users.noreply.github.com"];
const PR_TITLE = "Contract update from upstream";
/** How much of a failed step's output the body quotes: enough to start on, bounded; all of it is in the run's log. */
const EXCERPT_LINES = 30;
const EXCERPT_LINE_CHARS = 300;

/** A failure that ends the run with `exit` after `summary` (Markdown) is reported. */
class BotFailure extends Error {
  constructor(exit, message, summary) {
    super(message);
    this.exit = exit;
    this.summary = summary;
  }
}

function settingsFrom(env) {
  if (!env.UPSTREAM_SCHEMA)
    throw new BotFailure(EXIT.updateFailed, "UPSTREAM_SCHEMA is not set: it names the new upstream schema file");
  const bindgen = env.RIGHTKIT_BINDGEN || "npx --no -- rightkit-bindgen";
  const verify = (env.VERIFY_COMMANDS ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return {
    upstream: env.UPSTREAM_SCHEMA,
    allowMajor: env.ALLOW_MAJOR === "true",
    branch: env.BRANCH || "bot/contract-update",
    bindgen,
    verify: verify.length > 0 ? verify : [`${bindgen} check`, "npm test"],
    summaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    scratchRoot: env.RUNNER_TEMP || tmpdir(),
    runLog:
      env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
        ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
        : undefined,
  };
}

// --- processes -------------------------------------------------------------------------------

/**
 * Runs a program without a shell; its output is shown as it comes (the run's log keeps all of it)
 * and returned, both streams also merged in arrival order. Never rejects: a program that cannot
 * start answers 127, as a shell would.
 */
function run(file, args) {
  return new Promise((resolve) => {
    const stdout = [];
    const stderr = [];
    const output = [];
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    const collect = (into, echo) => (chunk) => {
      into.push(chunk);
      output.push(chunk);
      echo.write(chunk);
    };
    child.stdout.on("data", collect(stdout, process.stdout));
    child.stderr.on("data", collect(stderr, process.stderr));
    const text = (chunks) => Buffer.concat(chunks).toString("utf8");
    child.on("error", (error) => resolve({ code: 127, stdout: "", stderr: error.message, output: error.message }));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: text(stdout), stderr: text(stderr), output: text(output) }));
  });
}

/**
 * A command line from the environment, read by sh; `args` follow it as "$@", so the shell never
 * re-reads them. Without args nothing is appended: a trailing empty "$@" after `false;` would be
 * a command of its own, and succeed.
 */
const shell = (commandLine, args = []) => run("sh", ["-c", args.length > 0 ? `${commandLine} "$@"` : commandLine, "sh", ...args]);

/** A git or gh command that failed: the change could not be proposed. */
function proposeFailure(command, result) {
  const line = command.join(" ");
  return new BotFailure(
    EXIT.proposeFailed,
    `${line} failed (exit ${result.code})`,
    `**The update could not be proposed**: ${inlineCode(line)} failed (exit ${result.code}).\n\n${codeBlock("text", result.output.trimEnd())}`,
  );
}

/** Runs git or gh and insists on exit 0. */
async function required(file, args) {
  const result = await run(file, args);
  if (result.code !== 0) throw proposeFailure([file, ...args], result);
  return result;
}

// --- Markdown: the one door for text that goes into the body and the summary ------------------
// The same rules as rightkit-bindgen's generator/output/markdown.ts: tool output may hold
// backticks, and must never close the code span or fence it is quoted in.

const longestBacktickRun = (text) => Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));

/** Inline code that survives any backticks in the text. */
export function inlineCode(text) {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, " ");
  const ticks = "`".repeat(longestBacktickRun(flat) + 1);
  // A code span drops one space at each end when both are spaces, and needs one beside a backtick.
  const pad = /^`|`$/.test(flat) || /^ .*[^ ].* $/.test(flat) ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block longer than any backtick run inside, so no line of the text can close it. */
export function codeBlock(language, text) {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

// --- a failed step's first errors -------------------------------------------------------------

/** Lines that look like an error in the output of tsc, node --test, npm, vitest and most other tools. */
const ERROR_LINES = [/\berror\b/i, /[a-z]Error\b/, /^\s*not ok\b/, /^npm ERR!/, /\bFAIL\b/, /[✖✗]/, /^# fail [1-9]/];
/** Terminal colours and cursor moves, then any other control character but tab and newline. */
const TERMINAL_CODES = /\u001b\[[0-9;?]*[ -/]*[@-~]|[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * What the body quotes of a failed step's output: its first lines that look like errors, or its
 * last lines when none does; at most EXCERPT_LINES lines, each clipped to EXCERPT_LINE_CHARS.
 */
export function errorExcerpt(output) {
  const lines = output
    .replace(/\r\n?/g, "\n")
    .replace(TERMINAL_CODES, "")
    .split("\n")
    .map((line) => line.trimEnd());
  const nonEmpty = lines.filter((line) => line !== "");
  const errors = nonEmpty.filter((line) => ERROR_LINES.some((pattern) => pattern.test(line)));
  const picked = errors.length > 0 ? errors.slice(0, EXCERPT_LINES) : nonEmpty.slice(-EXCERPT_LINES);
  const clip = (line) => (line.length > EXCERPT_LINE_CHARS ? `${line.slice(0, EXCERPT_LINE_CHARS)}…` : line);
  const said =
    errors.length > 0
      ? `the first ${picked.length} of its ${errors.length} lines that look like errors`
      : `the last ${picked.length} of its ${nonEmpty.length} lines of output`;
  return { lines: picked.map(clip), said };
}

/** The body's first section when verify failed: the step, and its first errors. */
function failureSection(failure, runLog) {
  const excerpt = errorExcerpt(failure.output);
  const where = runLog === undefined ? "the run's log" : `[the run's log](${runLog})`;
  return [
    "> [!WARNING]",
    "> This update does not pass the repository's checks (below). Make the binding's code and tests",
    "> work with the change before it is merged. The bot rewrites this branch whenever it runs with",
    "> a change, so commit fixes on a branch of your own.",
    "",
    `### Verify failed: ${inlineCode(failure.command)} (exit ${failure.code})`,
    "",
    `Below, ${excerpt.said}; all of it is in ${where}.`,
    "",
    excerpt.lines.length > 0 ? codeBlock("text", excerpt.lines.join("\n")) : "_(no output)_",
    "",
    "---",
    "",
    "",
  ].join("\n");
}

// --- the steps --------------------------------------------------------------------------------

/** The verify steps in order, until one fails: undefined when all pass, else the failing step. */
async function verify(commands) {
  for (const command of commands) {
    process.stdout.write(`::group::verify: ${command}\n`);
    const result = await shell(command);
    process.stdout.write("::endgroup::\n");
    if (result.code !== 0) return { command, code: result.code, output: result.output };
  }
  return undefined;
}

/** The remote branch's commit now, or "" when it does not exist: the push may replace only that. */
async function remoteHead(branch) {
  const ref = `refs/heads/${branch}`;
  const { stdout } = await required("git", ["ls-remote", "origin", ref]);
  const line = stdout.split("\n").find((entry) => entry.endsWith(`\t${ref}`));
  return line === undefined ? "" : line.split("\t")[0];
}

async function commitAndPush(settings, body, failure, lease) {
  await required("git", ["switch", "-C", settings.branch]);
  await required("git", ["add", "-A", "--", ...UPDATED_PATHS]);
  const details = body.split("\n").slice(0, 3).join("\n");
  const verdict = failure === undefined ? [] : ["-m", `Verify failed: ${failure.command} (exit ${failure.code})`];
  await required("git", [...BOT_IDENTITY, "commit", "-q", "-m", "Update the contract from upstream", "-m", details, ...verdict]);
  // The lease is the remote branch as this run first saw it, not a remote-tracking ref: a fresh
  // checkout has none for the bot's branch, and without one git refuses the push as stale.
  const ref = `refs/heads/${settings.branch}`;
  await required("git", ["push", `--force-with-lease=${ref}:${lease}`, "origin", `HEAD:${ref}`]);
}

/** `gh pr view` of the bot's branch: its open pull request, or undefined when it has none open. */
async function openPullRequest(branch) {
  const found = await run("gh", ["pr", "view", branch, "--json", "number,state,isDraft,url"]);
  if (found.code !== 0) return undefined;
  const pr = JSON.parse(found.stdout);
  // A merged or closed one is history: the update gets a new pull request.
  return pr.state === "OPEN" ? pr : undefined;
}

/** Drafts need a public repository or a paid plan; gh says "draft" when a repository has none. */
const draftsRefused = (result) => result.code !== 0 && /draft/i.test(result.output);

/** Opens or refreshes the pull request; returns what the summary says about it. */
async function propose(settings, bodyFile, draft) {
  const branch = settings.branch;
  const existing = await openPullRequest(branch);
  if (existing === undefined) {
    const create = ["pr", "create", "--head", branch, "--title", PR_TITLE, "--body-file", bodyFile];
    if (draft) {
      const asDraft = await run("gh", [...create, "--draft"]);
      if (asDraft.code === 0) return `Opened a draft pull request: ${asDraft.stdout.trim()}`;
      if (!draftsRefused(asDraft)) throw proposeFailure(["gh", ...create, "--draft"], asDraft);
    }
    const opened = await required("gh", create);
    const note = draft ? " (not as a draft: this repository has no draft pull requests)" : "";
    return `Opened a pull request${note}: ${opened.stdout.trim()}`;
  }
  await required("gh", ["pr", "edit", branch, "--body-file", bodyFile]);
  let note = "";
  if (draft && !existing.isDraft) {
    const undo = ["pr", "ready", branch, "--undo"];
    const undone = await run("gh", undo);
    if (draftsRefused(undone)) note = " (left ready for review: this repository has no draft pull requests)";
    else if (undone.code !== 0) throw proposeFailure(["gh", ...undo], undone);
  } else if (!draft && existing.isDraft) await required("gh", ["pr", "ready", branch]);
  return `Refreshed pull request #${existing.number}${note}: ${existing.url}`;
}

// --- the run ----------------------------------------------------------------------------------

async function updateAndPropose(settings, scratch) {
  const updateBody = join(scratch, "update-body.md");
  const update = await shell(settings.bindgen, [
    "update",
    "--from",
    settings.upstream,
    "--body",
    updateBody,
    ...(settings.allowMajor ? ["--allow-major"] : []),
  ]);
  const updateSaid = codeBlock("text", `${update.stderr}${update.stdout}`.trimEnd());
  if (update.code === 1) {
    throw new BotFailure(
      EXIT.majorRefused,
      "update refused a new major version of the contract: nothing was pushed; run the workflow by hand with allow_major to add it",
      `**Refused: a new major version of the contract.** Nothing was pushed and no pull request was opened. To add the new version beside the old one, run this workflow by hand with \`allow_major\`. \`update\` said:\n\n${updateSaid}`,
    );
  }
  if (update.code !== 0) {
    throw new BotFailure(
      EXIT.updateFailed,
      `rightkit-bindgen update failed (exit ${update.code})`,
      `**The update failed** (\`rightkit-bindgen update\` exit ${update.code}); nothing was pushed. It said:\n\n${updateSaid}`,
    );
  }

  const status = await required("git", ["status", "--porcelain", "--", ...UPDATED_PATHS]);
  if (status.stdout.trim() === "") return "**No change**: contract/ already holds the upstream schema. No pull request.";

  const lease = await remoteHead(settings.branch);
  const failure = await verify(settings.verify);
  const report = readFileSync(updateBody, "utf8");
  const body = failure === undefined ? report : `${failureSection(failure, settings.runLog)}${report}`;
  const bodyFile = join(scratch, "pull-request.md");
  writeFileSync(bodyFile, body);
  await commitAndPush(settings, report, failure, lease);
  const proposed = await propose(settings, bodyFile, failure !== undefined);
  if (failure === undefined) return `**Verify passed.** ${proposed}`;
  annotate("warning", `verify failed at ${failure.command} (exit ${failure.code}): the pull request is a draft`);
  return `**Verify failed** at ${inlineCode(failure.command)} (exit ${failure.code}); the first errors head the pull request's body. ${proposed}`;
}

/** A GitHub Actions annotation: shown on the run's page; printed as is elsewhere. */
function annotate(level, message) {
  const escaped = message.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  process.stdout.write(`::${level}::${escaped}\n`);
}

function summarize(settings, markdown) {
  const text = `### Contract update bot\n\n${markdown}\n`;
  process.stdout.write(`\n${text}`);
  if (settings?.summaryFile !== undefined) appendFileSync(settings.summaryFile, text);
}

export async function main(env) {
  let settings;
  let scratch;
  try {
    settings = settingsFrom(env);
    scratch = mkdtempSync(join(settings.scratchRoot, "update-bot-"));
    summarize(settings, await updateAndPropose(settings, scratch));
    return EXIT.ok;
  } catch (thrown) {
    // Anything else (a file that cannot be read or written, gh answering what it should not) is
    // still reported where people look, as a failure to propose.
    const error =
      thrown instanceof BotFailure
        ? thrown
        : new BotFailure(EXIT.proposeFailed, `the bot failed: ${thrown?.stack ?? String(thrown)}`);
    annotate("error", error.message);
    summarize(settings, error.summary ?? codeBlock("text", error.message));
    return error.exit;
  } finally {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  }
}

// Run when started as a script; a test imports the Markdown helpers without running the bot.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href)
  process.exitCode = await main(process.env);
