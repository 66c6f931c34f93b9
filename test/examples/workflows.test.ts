/**
 * The example GitHub workflows are copied into users' repositories, so a typo in one must fail
 * here. A workflow is a `.yml`/`.yaml` file under `examples/` in a `.github/workflows/` folder
 * (the starter's, examples/binding-repo/); any other YAML file there must be listed in
 * NOT_WORKFLOWS, so none escapes.
 *
 * Each is parsed with `yaml` (YAML 1.2; a duplicate key is an error) and validated against
 * SchemaStore's GitHub workflow schema (test/fixtures/github-workflow/, provenance there) by the
 * validator this project generates from it (`emitValidatorModule`), and by Ajv (draft-07, set up
 * as for the corpus: test/support/ajv-dialect.ts); the two must agree on every verdict, here and
 * on SchemaStore's own valid and invalid workflows for the schema. Then what the schema cannot see:
 *
 * - every `npx rightkit-bindgen …` in a `run:` names a command of our CLI with options it
 *   accepts: the real `main` parses the words with an unknown option appended, which must be the
 *   first thing it refuses (it stops there, so nothing runs);
 * - every `${{ … }}` expression, and every `if:`, names known contexts and functions;
 *   `steps.<id>` an earlier step of the same job, `needs.<job>` a job in that job's `needs`,
 *   `inputs.<name>` an input the workflow declares.
 *
 * A problem is reported as `file:line:column: /json/pointer: message`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { main } from "../../generator/cli.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { escapeSegment, getAt, parsePointer, unescapeSegment } from "../../generator/json.js";
import { ajvFor } from "../support/ajv-dialect.js";
import { loadModule } from "../support/load-module.js";

const EXAMPLES = "examples";
const FIXTURES = "test/fixtures/github-workflow";

/** YAML files under examples/ that are not workflows, with what they are. */
const NOT_WORKFLOWS: Readonly<Record<string, string>> = {};

const schema = JSON.parse(readFileSync(`${FIXTURES}/github-workflow.json`, "utf8")) as object;
const generated = loadModule(emitValidatorModule(schema));
const ajv = ajvFor("draft-07").compile(schema);

function yamlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") found.push(...yamlFiles(path));
    } else if (/\.ya?ml$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

const isWorkflowPlace = (path: string): boolean => /(^|\/)\.github\/workflows\/[^/]+$/.test(path);

const yamlUnderExamples = yamlFiles(EXAMPLES);
const workflows = yamlUnderExamples.filter(isWorkflowPlace);

describe("example workflows", () => {
  it("finds workflows under examples/, and no other YAML that is not listed", () => {
    expect(workflows.length, `no workflow under ${EXAMPLES}/`).toBeGreaterThan(0);
    const unlisted = yamlUnderExamples.filter((path) => !isWorkflowPlace(path) && !Object.hasOwn(NOT_WORKFLOWS, path));
    expect(unlisted, "YAML outside .github/workflows/: validate it, or list it in NOT_WORKFLOWS").toEqual([]);
    for (const path of Object.keys(NOT_WORKFLOWS)) expect(yamlUnderExamples, "stale NOT_WORKFLOWS entry").toContain(path);
  });

  it("call rightkit-bindgen somewhere, so the CLI check is not vacuous", () => {
    const calls = workflows.flatMap((path) =>
      runScripts(parseDocument(readFileSync(path, "utf8")).toJS()).flatMap(({ script }) => invocations(script)),
    );
    expect(calls.length).toBeGreaterThan(0);
  });

  for (const path of workflows) {
    it(`${path}: valid YAML and a valid workflow; its rightkit-bindgen calls and expressions check out`, async () => {
      const problems = await workflowProblems(path, readFileSync(path, "utf8"));
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
});

describe("the schema's validators on SchemaStore's own cases for it", () => {
  for (const verdict of ["valid", "invalid"] as const) {
    const dir = `${FIXTURES}/schemastore-tests/${verdict}`;
    const files = readdirSync(dir).sort();
    it(`${verdict}: ${files.length} workflows, each ${verdict} to the generated validator and to Ajv`, () => {
      expect(files.length).toBeGreaterThan(10);
      const wrong: string[] = [];
      for (const name of files) {
        const value: unknown = parseDocument(readFileSync(`${dir}/${name}`, "utf8")).toJS();
        const ours = generated.validate(value).ok;
        const theirs = ajv(value);
        if (ours !== (verdict === "valid") || theirs !== ours) wrong.push(`${name}: generated ${ours}, Ajv ${theirs}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("the check fails on a broken workflow, naming the file, line and pointer", () => {
  const WORKFLOW = `name: ci
on:
  workflow_dispatch:
    inputs:
      allow_major:
        type: boolean
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - id: update
        run: |
          npx rightkit-bindgen update --from "$RUNNER_TEMP/new.json" \\
            \${{ inputs.allow_major && '--allow-major' || '' }} && npx rightkit-bindgen check
      - if: steps.update.outputs.changed == 'true'
        run: npx rightkit-bindgen diff a.json b.json --format markdown >> "$GITHUB_STEP_SUMMARY"
`;
  const FILE = "broken/ci.yml";
  const broken = (from: string | RegExp, to: string): Promise<string[]> => {
    expect(WORKFLOW, `the base workflow has no ${String(from)}`).toMatch(from);
    return workflowProblems(FILE, WORKFLOW.replace(from, to));
  };

  it("the base workflow passes", async () => expect(await workflowProblems(FILE, WORKFLOW)).toEqual([]));

  it("`runs-on` misspelled", async () => {
    const problems = await broken("runs-on:", "runs_on:");
    expect(problems).toContain(
      `${FILE}:8:3: /jobs/check: must have required property "runs-on" [schema #/definitions/normalJob/required]`,
    );
  });

  it("`steps` as a string", async () => {
    const problems = await broken(/ {4}steps:\n[\s\S]*/, "    steps: npm test\n");
    expect(problems).toContain(
      `${FILE}:10:5: /jobs/check/steps: must be array, got string [schema #/definitions/normalJob/properties/steps/type]`,
    );
  });

  it("YAML that does not parse: a duplicate key", async () => {
    const problems = await broken("    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    runs-on: ubuntu-22.04\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${FILE}:10:5: YAML DUPLICATE_KEY: `));
  });

  it("a rightkit-bindgen command or option that does not exist", async () => {
    expect(await broken("rightkit-bindgen check", "rightkit-bindgen chek")).toEqual([
      `${FILE}:13:9: /jobs/check/steps/1/run: \`npx rightkit-bindgen chek\` is refused: rightkit-bindgen: unknown command "chek" (try --help) (exit 2)`,
    ]);
    const [problem] = await broken("--from", "--form");
    expect(problem).toContain(
      `${FILE}:13:9: /jobs/check/steps/1/run: \`npx rightkit-bindgen update --form $RUNNER_TEMP/new.json --allow-major\``,
    );
    expect(problem).toContain(`Unknown option '--form'`);
    // A string option without its value: parseArgs will not take the probe for the value.
    expect(await broken("--format markdown", "--format")).toEqual([
      `${FILE}:17:9: /jobs/check/steps/2/run: \`npx rightkit-bindgen diff a.json b.json --format\` is refused: rightkit-bindgen: Option '--format' argument is ambiguous. Did you forget to specify the option argument for '--format'? To specify an option argument starting with a dash use '--format=-XYZ'. (exit 2)`,
    ]);
  });

  it("an expression naming an unknown context, function, step or input", async () => {
    expect(await broken("steps.update.outputs", "step.update.outputs")).toEqual([
      `${FILE}:16:9: /jobs/check/steps/2/if: unknown context "step" in \`step.update.outputs.changed == 'true'\``,
    ]);
    expect(await broken("steps.update.outputs", "steps.updat.outputs")).toEqual([
      `${FILE}:16:9: /jobs/check/steps/2/if: steps.updat: no earlier step of job "check" has id "updat"`,
    ]);
    expect(await broken("inputs.allow_major", "inputs.allow-major")).toEqual([
      `${FILE}:13:9: /jobs/check/steps/1/run: inputs.allow-major: the workflow declares no input "allow-major" (it declares allow_major)`,
    ]);
    expect(await broken("== 'true'", "== fromJson('true') && startswith('a', 'b') && startWith('a', 'b')")).toEqual([
      `${FILE}:16:9: /jobs/check/steps/2/if: unknown function "startWith" in \`steps.update.outputs.changed == fromJson('true') && startswith('a', 'b') && startWith('a', 'b')\``,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

/** Everything wrong with one workflow, each as `file:line:column: /pointer: message`; empty when none. */
async function workflowProblems(file: string, text: string): Promise<string[]> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const yamlErrors = [...doc.errors, ...doc.warnings];
  if (yamlErrors.length > 0) {
    return yamlErrors.map((error) => {
      const { line, col } = error.linePos?.[0] ?? { line: 0, col: 0 };
      return `${file}:${line}:${col}: YAML ${error.code}: ${error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:$/, "")}`;
    });
  }
  const value: unknown = doc.toJS();
  const where = (pointer: string): string => {
    const { line, col } = lines.linePos(offsetOf(doc.contents, pointer));
    return `${file}:${line}:${col}: ${pointer}`;
  };

  const result = generated.validate(value);
  if (ajv(value) !== result.ok) {
    const said = result.ok ? "valid" : "invalid";
    return [
      `${file}: the generated validator says ${said}, Ajv does not: ${JSON.stringify(result.ok ? ajv.errors : result.issues)}`,
    ];
  }
  if (!result.ok)
    return result.issues.map(
      (issue) => `${where(issue.instancePath)}: ${withoutPointer(issue)} [schema ${schemaLocation(issue.schemaPath)}]`,
    );

  // Schema-valid: the shape below is the schema's.
  const workflow = value as Workflow;
  const problems: string[] = [];
  for (const { pointer, script } of runScripts(workflow)) {
    for (const args of invocations(script)) {
      const refusal = await cliRefusal(args);
      if (refusal !== undefined)
        problems.push(`${where(pointer)}: \`npx rightkit-bindgen ${args.join(" ")}\` is refused: ${refusal}`);
    }
  }
  for (const { pointer, expression } of expressions(workflow)) {
    for (const problem of expressionProblems(workflow, pointer, expression)) problems.push(`${where(pointer)}: ${problem}`);
  }
  return problems;
}

interface Step {
  readonly id?: string;
  readonly run?: string;
}
interface Job {
  readonly needs?: string | readonly string[];
  readonly steps?: readonly Step[];
}
interface Workflow {
  readonly on: unknown;
  readonly jobs: Readonly<Record<string, Job>>;
}

/** Our messages start with the instance path, which the report already shows. */
function withoutPointer(issue: { instancePath: string; message: string }): string {
  const prefix = `${issue.instancePath}: `;
  return issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
}

/**
 * Where a keyword stands in the schema document: an issue's schema path runs through each `$ref`
 * it took (`…/oneOf/0/$ref/required`), so follow them (`#/definitions/normalJob/required`).
 */
function schemaLocation(schemaPath: string): string {
  let location = "#";
  for (const raw of schemaPath.split("/").slice(1)) {
    const here = getAt(schema, parsePointer(location) ?? []);
    const ref = raw === "$ref" && here.found ? (here.value as { $ref?: unknown } | null)?.$ref : undefined;
    location = typeof ref === "string" && ref.startsWith("#") ? ref : `${location}/${raw}`;
  }
  return location;
}

/** Where a JSON pointer's node starts in the source: a map entry's key, else the node itself. */
function offsetOf(root: unknown, pointer: string): number {
  let node = root;
  let offset = rangeStart(root) ?? 0;
  for (const key of parsePointer(pointer) ?? []) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      if (pair === undefined) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(key)];
      offset = rangeStart(node) ?? offset;
    } else break;
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  return (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
}

// --- rightkit-bindgen calls ------------------------------------------------------------------

function runScripts(workflow: Workflow): { pointer: string; script: string }[] {
  return Object.entries(workflow.jobs).flatMap(([jobId, job]) =>
    (job.steps ?? []).flatMap((step, index) =>
      typeof step.run === "string" ? [{ pointer: `/jobs/${escapeSegment(jobId)}/steps/${index}/run`, script: step.run }] : [],
    ),
  );
}

/**
 * The words after each `npx rightkit-bindgen` (or `…@version`) in a shell script, up to the end of its simple
 * command (an operator, a redirection, a comment, a line end). Quotes are removed and variables
 * left as they are; a `${{ … }}` expression becomes the string literals it can yield (so
 * `${{ inputs.x && '--flag' || '' }}` passes `--flag`), or `EXPR` when it has none.
 */
function invocations(script: string): string[][] {
  const text = script
    .replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => {
      const literals = tokens(expression)
        .filter((token) => token.startsWith("'") && token.length > 2)
        .map((token) => `"${token.slice(1, -1).replace(/''/g, "'")}"`);
      return literals.length > 0 ? literals.join(" ") : "EXPR";
    })
    .replace(/\\\r?\n/g, " ");
  return [...text.matchAll(/(?:^|[\s;&|(])npx\s+rightkit-bindgen(?:@\S+)?(?=\s|$)/g)].map((match) =>
    shellWords(text.slice(match.index + match[0].length)),
  );
}

/** Shell words (quotes and backslashes as sh reads them) up to the end of the first simple command. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") word = (word ?? "") + (text[++i] ?? "");
    else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? "") + text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '"') {
      word ??= "";
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "")) i++;
        word += text[i];
      }
    } else if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (/[\n;&|<>()`]/.test(c) || (c === "#" && word === undefined)) {
      // `2>` is a redirection, not an argument 2.
      if (word !== undefined && !((c === ">" || c === "<") && /^\d+$/.test(word))) words.push(word);
      return words;
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

const PROBE = "--rightkit-workflow-probe";

/** Why our CLI refuses these arguments, or undefined when it parses them all. */
async function cliRefusal(args: readonly string[]): Promise<string | undefined> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, PROBE], { out: (line) => out.push(line), err: (line) => err.push(line) });
  const said = err.join("\n");
  if (said.includes(`Unknown option '${PROBE}'`)) return undefined;
  return `${(said || out.join("\n")).split("\n")[0]} (exit ${code})`;
}

// --- expressions -----------------------------------------------------------------------------

const CONTEXTS: ReadonlySet<string> = new Set(
  "github env vars job jobs steps runner secrets strategy matrix needs inputs".split(" "),
);
/** Compared without case, as GitHub compares them. */
const FUNCTIONS: ReadonlySet<string> = new Set(
  "contains startsWith endsWith format join toJSON fromJSON hashFiles success always cancelled failure".toLowerCase().split(" "),
);
const LITERALS: ReadonlySet<string> = new Set(["true", "false", "null", "nan", "infinity"]);

/** Every expression: each `${{ … }}` in a string, and a job's or step's `if:` without one. */
function expressions(workflow: Workflow): { pointer: string; expression: string }[] {
  const found: { pointer: string; expression: string }[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value === "string") {
      const embedded = [...value.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((match) => (match[1] as string).trim());
      if (embedded.length === 0 && /^\/jobs\/[^/]+(\/steps\/\d+)?\/if$/.test(pointer)) embedded.push(value.trim());
      for (const expression of embedded) found.push({ pointer, expression });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) walk(item, `${pointer}/${escapeSegment(key)}`);
    }
  };
  walk(workflow, "");
  return found;
}

/** String literals ('…', '' inside), numbers, names (with `-`, as step ids have), and single characters. */
function tokens(expression: string): string[] {
  return expression.match(/'(?:[^']|'')*'|\d[\w.]*|[A-Za-z_][\w-]*|\S/g) ?? [];
}

function expressionProblems(workflow: Workflow, pointer: string, expression: string): string[] {
  const problems: string[] = [];
  const place = /^\/jobs\/([^/]+)(?:\/steps\/(\d+))?/.exec(pointer);
  const jobId = place?.[1] === undefined ? undefined : unescapeSegment(place[1]);
  const job = jobId === undefined ? undefined : workflow.jobs[jobId];
  const stepIndex = place?.[2] === undefined ? undefined : Number(place[2]);
  const all = tokens(expression);
  for (let i = 0; i < all.length; i++) {
    const name = all[i] as string;
    if (!/^[A-Za-z_]/.test(name) || all[i - 1] === ".") continue;
    if (all[i + 1] === "(") {
      if (!FUNCTIONS.has(name.toLowerCase())) problems.push(`unknown function "${name}" in \`${expression}\``);
      continue;
    }
    const context = name.toLowerCase();
    if (LITERALS.has(context)) continue;
    if (!CONTEXTS.has(context)) {
      problems.push(`unknown context "${name}" in \`${expression}\``);
      continue;
    }
    const property = all[i + 1] === "." ? all[i + 2] : undefined;
    if (property === undefined || !/^[A-Za-z_]/.test(property)) continue;
    if (context === "steps") {
      const inOutputs = jobId !== undefined && pointer.startsWith(`/jobs/${escapeSegment(jobId)}/outputs/`);
      const visible = (job?.steps ?? [])
        .slice(0, inOutputs ? undefined : (stepIndex ?? 0))
        .flatMap((step) => (step.id === undefined ? [] : [step.id]));
      if (!visible.includes(property)) {
        problems.push(
          stepIndex === undefined && !inOutputs
            ? `steps.${property}: the steps context exists only in a job's steps and outputs`
            : `steps.${property}: no earlier step of job "${jobId}" has id "${property}"`,
        );
      }
    } else if (context === "needs") {
      const needs = job?.needs === undefined ? [] : typeof job.needs === "string" ? [job.needs] : job.needs;
      if (!needs.includes(property)) problems.push(`needs.${property}: job "${jobId}" does not need "${property}"`);
    } else if (context === "inputs") {
      const declared = declaredInputs(workflow.on);
      if (!declared.includes(property)) {
        problems.push(
          `inputs.${property}: the workflow declares no input "${property}" (it declares ${declared.join(", ") || "none"})`,
        );
      }
    }
  }
  return problems;
}

function declaredInputs(on: unknown): string[] {
  if (typeof on !== "object" || on === null || Array.isArray(on)) return [];
  const events = on as Record<string, { inputs?: Record<string, unknown> } | null>;
  return [...new Set(["workflow_dispatch", "workflow_call"].flatMap((event) => Object.keys(events[event]?.inputs ?? {})))].sort();
}
