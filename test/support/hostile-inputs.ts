/**
 * The generator against hostile input, for test/pipeline/hostile-inputs.test.ts (a bounded
 * number of cases, in `npm test`) and `npm run sweep:hostile` (a seed sweep of thousands):
 * arbitrary strings — control characters, bidi overrides, comment terminators, template-literal
 * openers, quotes, mentions, URLs, Windows device names, very long, case-folded duplicates — in
 * every string position of a small contract's schema and binding file, then `generate` and
 * `diff` through the real CLI (in process). Every case must keep every promise the README makes:
 *
 * - exit 0 or 2, never 3 and never a throw;
 * - on 0, every file is inside `--out` (the pipeline has type-checked the code it wrote);
 * - on 2, one line on stderr and nothing written anywhere;
 * - terminal text carries no control character but `\n` and `\t`;
 * - Markdown, rendered as GitHub would (CommonMark + linkify), has no link, mention, emoji
 *   shortcode or HTML that came from the schema.
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { runCli, type CliRun } from "./bindgen.js";

type Json = Record<string, any>;

/** A contract small enough to generate in a blink, with every kind of string position. */
function baseSchema(): Json {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "hostile.probe.v1",
    title: "Probe",
    description: "A contract for hostile strings.",
    $defs: {
      label: { type: "string", description: "A label.", examples: ["x"], default: "x", format: "date" },
      ping: {
        description: "Ping the host.",
        params: {
          type: "object",
          properties: {
            name: { $ref: "#/$defs/label" },
            mode: { enum: ["fast", "slow"] },
            code: { type: "string", pattern: "^[a-z]+$" },
          },
          required: ["name"],
        },
        result: { type: "object", properties: { ok: { type: "boolean" }, tag: { const: "pong" } }, required: ["ok"] },
      },
    },
  };
}

function baseBinding(): Json {
  return {
    contract: "hostile.probe.v1",
    client: { className: "ProbeClient", constants: { HOME: { value: "home", description: "Where it lives." } } },
    transport: { kind: "rightkit-daemon", service: "hostile.probe", app: "probe-ctl" },
    cli: { command: "probe-ctl", verbatimKeys: ["name"] },
    errors: { kind: "codes", codes: { refused: "The host said no." } },
    methods: { ping: { tool: "probe.ping", summary: "Ping.", sensitiveParams: ["name"] } },
  };
}

/** One place a hostile string goes. */
interface Position {
  readonly name: string;
  readonly put: (schema: Json, binding: Json, text: string) => void;
}

const renameKey = (object: Json, from: string, to: string): void => {
  const value = object[from];
  delete object[from];
  object[to] = value;
};

export const POSITIONS: readonly Position[] = [
  { name: "$id", put: (s, b, t) => ((s.$id = t), (b.contract = t)) },
  { name: "title", put: (s, _b, t) => (s.title = t) },
  { name: "description", put: (s, _b, t) => (s.$defs.label.description = t) },
  { name: "method description", put: (s, _b, t) => (s.$defs.ping.description = t) },
  { name: "property name", put: (s, _b, t) => renameKey(s.$defs.ping.params.properties, "mode", t) },
  {
    name: "method name",
    put: (s, b, t) => {
      renameKey(s.$defs, "ping", t);
      renameKey(b.methods, "ping", t);
    },
  },
  { name: "definition name", put: (s, _b, t) => (s.$defs[t] = { type: "string" }) },
  { name: "enum value", put: (s, _b, t) => s.$defs.ping.params.properties.mode.enum.push(t) },
  { name: "const", put: (s, _b, t) => (s.$defs.ping.result.properties.tag.const = t) },
  { name: "default", put: (s, _b, t) => (s.$defs.label.default = t) },
  { name: "examples", put: (s, _b, t) => s.$defs.label.examples.push(t) },
  { name: "format", put: (s, _b, t) => (s.$defs.label.format = t) },
  { name: "pattern", put: (s, _b, t) => (s.$defs.ping.params.properties.code.pattern = t) },
  { name: "extension keyword", put: (s, _b, t) => (s.$defs.label["x-note"] = t) },
  { name: "binding summary", put: (_s, b, t) => (b.methods.ping.summary = t) },
  { name: "binding tool", put: (_s, b, t) => (b.methods.ping.tool = t) },
  { name: "binding error code", put: (_s, b, t) => (b.errors.codes[t] = t) },
  { name: "binding cli command", put: (_s, b, t) => (b.cli.command = t) },
  { name: "binding class name", put: (_s, b, t) => (b.client.className = t) },
  { name: "binding service", put: (_s, b, t) => (b.transport.service = t) },
  { name: "binding constant", put: (_s, b, t) => (b.client.constants.HOME = { value: t, description: t }) },
];

/** Strings people have used to break generators, and their pieces. */
const NASTY = [
  "*/",
  "/*",
  "${process.exit(1)}",
  "`",
  "'",
  '"',
  "\\",
  "\u001b[31mred\u001b[0m",
  "\u001b]8;;https://evil.example\u0007x\u001b]8;;\u0007",
  "\u202eevil",
  "\u2066\u2069",
  "\u0085\u009b",
  "\u007f",
  "\r\n",
  "\u2028",
  "@octocat",
  "@org/team",
  "https://evil.example/x",
  "www.evil.example",
  "root@evil.example",
  ":rocket:",
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1))",
  "__proto__",
  "constructor",
  "prototype",
  "CON",
  "nul.txt",
  "Runtime",
  "runtime",
  "../x",
  "a".repeat(120),
  "Ping",
  "PING",
  "x;touch PWNED;:",
  "$(id)",
  "|",
  "#",
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);

/** A hostile string: pieces of the list above and random text, up to very long. */
export const hostileText: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 6, arbitrary: fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")) },
    { weight: 1, arbitrary: piece.map((text) => text.repeat(40)) },
  )
  // NUL cannot reach a file name or a terminal argument; JSON carries it as \u0000, which is kept.
  .filter((text) => text.length > 0);

export interface HostileCase {
  readonly position: number;
  readonly text: string;
}

export const hostileCase: fc.Arbitrary<HostileCase> = fc.record({
  position: fc.nat({ max: POSITIONS.length - 1 }),
  text: hostileText,
});

/** Every file and folder below `root`, relative, each folder ending in `/`. */
function listing(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = relative(root, path).split(sep).join("/");
      if (entry.isDirectory()) {
        found.push(`${name}/`);
        walk(path);
      } else found.push(name);
    }
  };
  walk(root);
  return found.sort();
}

/** C0 and C1 controls and DEL, but for the line break and tab a terminal line may hold. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const markdown = new MarkdownIt({ html: true, linkify: true });

/** What the promises say of one piece of Markdown carrying schema text. */
export function markdownProblems(text: string): string[] {
  const problems: string[] = [];
  const html = markdown.render(text);
  if (/<a\s/i.test(html)) problems.push(`a link: ${html.match(/<a\s[^>]*>/i)?.[0]}`);
  if (/<(?!\/?(p|code|pre|strong|em|ul|ol|li|h[1-6]|br|hr|table|thead|tbody|tr|th|td|blockquote|del|input)\b)[a-z]/i.test(html))
    problems.push("HTML from the text");
  // GitHub turns these into mentions and emoji; markdown-it does not, so look at the text outside code.
  const prose = html.replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
  if (/(^|[^\w`&#;])@[A-Za-z0-9]/.test(prose)) problems.push(`a mention: ${prose.match(/.{0,20}@[A-Za-z0-9].{0,10}/)?.[0]}`);
  if (/:[a-z0-9_+-]+:/.test(prose)) problems.push(`an emoji shortcode: ${prose.match(/:[a-z0-9_+-]+:/)?.[0]}`);
  return problems;
}

export interface Verdict {
  readonly case: HostileCase;
  readonly problems: readonly string[];
  readonly exit: number;
}

function judgeRun(what: string, run: CliRun, allowed: readonly number[], problems: string[]): void {
  if (!allowed.includes(run.code)) problems.push(`${what} exited ${run.code}: ${run.stderr.slice(0, 400)}`);
  if (CONTROL.test(run.stderr))
    problems.push(`${what}'s stderr carries a control character: ${JSON.stringify(run.stderr.slice(0, 200))}`);
  if (run.code === 2 && run.stderr.trim().split("\n").length !== 1)
    problems.push(`${what}'s exit 2 is not one line: ${run.stderr}`);
}

/** Runs one case in a sandbox of its own and says which promises it broke (none, normally). */
export async function runHostileCase(hostile: HostileCase): Promise<Verdict> {
  const position = POSITIONS[hostile.position] as Position;
  const root = realpathSync(mkdtempSync(join(tmpdir(), "rightkit-hostile-")));
  const problems: string[] = [];
  let exit = -1;
  try {
    const schema = baseSchema();
    const binding = baseBinding();
    position.put(schema, binding, hostile.text);
    mkdirSync(join(root, "in"));
    mkdirSync(join(root, "outside"));
    writeFileSync(join(root, "in", "base.schema.json"), JSON.stringify(baseSchema()));
    writeFileSync(join(root, "in", "schema.json"), JSON.stringify(schema));
    writeFileSync(join(root, "in", "binding.json"), JSON.stringify(binding));
    const before = listing(root);
    const out = join(root, "out");
    const generate = await runCli([
      "generate",
      "--contract",
      join(root, "in", "schema.json"),
      "--binding",
      join(root, "in", "binding.json"),
      "--out",
      out,
    ]);
    exit = generate.code;
    judgeRun("generate", generate, [0, 2], problems);
    const after = listing(root);
    const added = after.filter((path) => !before.includes(path));
    if (generate.code === 2 && added.length > 0) problems.push(`exit 2 wrote ${added.slice(0, 3).join(", ")}`);
    const stray = added.filter((path) => !path.startsWith("out/"));
    if (stray.length > 0) problems.push(`wrote outside --out: ${stray.slice(0, 3).join(", ")}`);
    if (generate.code === 0) {
      for (const path of added.filter((path) => !path.endsWith("/"))) {
        if (lstatSync(join(root, path)).isSymbolicLink()) problems.push(`wrote a symlink: ${path}`);
        if (path.endsWith("api.md"))
          problems.push(...markdownProblems(readFileSync(join(root, path), "utf8")).map((p) => `api.md: ${p}`));
      }
    }
    for (const format of ["text", "markdown"] as const) {
      const diff = await runCli([
        "diff",
        join(root, "in", "base.schema.json"),
        join(root, "in", "schema.json"),
        "--format",
        format,
      ]);
      judgeRun(`diff --format ${format}`, diff, [0, 1, 2], problems);
      if (CONTROL.test(diff.stdout.replace(/[\n\t]/g, ""))) problems.push(`diff --format ${format} prints a control character`);
      if (format === "markdown" && diff.code !== 2)
        problems.push(...markdownProblems(diff.stdout).map((p) => `diff markdown: ${p}`));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { case: hostile, problems, exit };
}

export const positionName = (hostile: HostileCase): string => (POSITIONS[hostile.position] as Position).name;
