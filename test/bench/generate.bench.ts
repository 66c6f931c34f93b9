/**
 * bench:generate — wall time of whole `rightkit-bindgen` processes (start-up included), on the
 * embedded contract, on synthetic contracts of 50, 100 and 200 methods, to show growth, and on
 * Three runs each; the median is printed, with the peak RSS of the `generate` that writes and the
 * size of what it wrote (the binding's files, the shared runtime/ left out). The corpus against
 * Ajv's standalone code generation, and growth with the schema, are scaling.bench.ts's (CPU
 * time, median of five). Not a test: nothing here asserts a time.
 *
 * Then the churn table: for three small hand edits of the demo contract, how many lines of each
 * generated file change (added + removed, as a unified diff counts them). A generator whose
 * names depend on discovery order rewrites half a file for one new method; the reference column
 * is what the hand edit itself touched, so the two can be compared. `--churn-only` prints just that.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { diffLines } from "diff";
import { generateFiles } from "../../generator/pipeline.js";
import { QUICK } from "./figures.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const RUNS = QUICK ? 1 : 3;

function syntheticContract(methods: number): object {
  const defs: Record<string, unknown> = {
    token: { type: "string", description: "Opaque session token." },
    status: { type: "string", enum: ["ok", "pending", "failed"] },
    item: {
      type: "object",
      properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
      required: ["id"],
    },
  };
  for (let i = 0; i < methods; i++) {
    defs[`method${i}`] = {
      params: {
        type: "object",
        properties: {
          token: { $ref: "#/$defs/token" },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          filter: { type: "string", pattern: "^[a-z]+$" },
        },
        required: ["token"],
      },
      result: {
        type: "object",
        properties: {
          status: { $ref: "#/$defs/status" },
          items: { type: "array", items: { $ref: "#/$defs/item" } },
          entries: {
            type: "array",
            items: {
              type: "object",
              properties: { key: { type: "string" }, value: { type: ["number", "null"] } },
              required: ["key"],
            },
          },
        },
        required: ["status", "items"],
      },
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `bench.synthetic${methods}.v1`,
    $defs: defs,
  };
}

// --- whole processes: wall time and peak RSS -----------------------------------------------

/**
 * Node cannot read a child's peak RSS, so the child reports its own: this preload writes
 * `process.resourceUsage().maxRSS` (KiB) to file descriptor 3 as the process exits.
 */
const REPORT_MAX_RSS =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>writeSync(3,String(process.resourceUsage().maxRSS)))';

/**
 * GNU time, where it exists, also sees the generator's own children: `generate` type-checks in a
 * tsgo process, which can be the largest of the run. Its figure (`%M`, KiB) goes to a file.
 */
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Run {
  readonly ms: number;
  /** The largest process of the run: the generator, or (with GNU time) a child it started. */
  readonly maxRssKib: number;
}

function runNode(args: readonly string[], cwd: string): Run {
  const timeFile = join(mkdtempSync(join(tmpdir(), "rightkit-bench-time-")), "rss");
  const node = [process.execPath, "--import", REPORT_MAX_RSS, ...args];
  const command = GNU_TIME === undefined ? node : [GNU_TIME, "-f", "%M", "-o", timeFile, ...node];
  const start = process.hrtime.bigint();
  const result = spawnSync(command[0] as string, command.slice(1), {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  const own = Number(result.output[3] ?? Number.NaN);
  const tree = GNU_TIME === undefined ? Number.NaN : Number(readFileSync(timeFile, "utf8").trim());
  rmSync(dirname(timeFile), { recursive: true, force: true });
  return { ms, maxRssKib: Number.isNaN(tree) ? own : Math.max(own, tree) };
}

const time = (args: string[], cwd: string): Run => runNode([BIN, ...args], cwd);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => statSync(join(dir, entry)))
    .reduce((sum, stat) => sum + (stat.isFile() ? stat.size : 0), 0);
}

/** The binding's files as `generate` wrote them under `<dir>/generated`, runtime/ left out. */
function outputSize(dir: string): { binding: number; validators: number } {
  const out = join(dir, "generated");
  const bindings = readdirSync(out).filter((name) => name !== "runtime");
  return {
    binding: bindings.reduce((sum, name) => sum + bytesUnder(join(out, name)), 0),
    validators: bindings.reduce(
      (sum, name) => sum + (statSync(join(out, name, "validators.ts"), { throwIfNoEntry: false })?.size ?? 0),
      0,
    ),
  };
}

const COLUMNS: readonly [string, number][] = [
  ["contract", 34],
  ["generate (write)", 17],
  ["generate (same)", 16],
  ["check", 10],
  ["peak RSS", 10],
  ["output", 10],
  ["validators.ts", 14],
];

function printRow(cells: readonly string[]): void {
  console.log(
    cells.map((cell, i) => (i === 0 ? cell.padEnd(COLUMNS[i]?.[1] ?? 0) : cell.padStart(COLUMNS[i]?.[1] ?? 0))).join(""),
  );
}

const ms = (value: number): string => `${Math.round(value)} ms`;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;
const rss = (kib: number): string => `${Math.round(kib / 1024)} MB`;

interface Measured {
  readonly generateMs: number;
}

/** One row; `unchanged: false` skips the second `generate` (nothing to write), which costs a corpus row a minute. */
function measure(label: string, setup: (dir: string) => string[], options: { unchanged?: boolean } = {}): Measured {
  const firstWrite: Run[] = [];
  const unchanged: number[] = [];
  const check: number[] = [];
  let size = { binding: 0, validators: 0 };
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), "bindgen-bench-"));
    const args = setup(dir);
    firstWrite.push(time(["generate", ...args], dir));
    size = outputSize(dir);
    if (options.unchanged !== false) unchanged.push(time(["generate", ...args], dir).ms);
    check.push(time(["check", ...args], dir).ms);
    rmSync(dir, { recursive: true, force: true });
  }
  const generateMs = median(firstWrite.map((r) => r.ms));
  printRow([
    label,
    ms(generateMs),
    unchanged.length > 0 ? ms(median(unchanged)) : "-",
    ms(median(check)),
    rss(median(firstWrite.map((r) => r.maxRssKib))),
    mb(size.binding),
    mb(size.validators),
  ]);
  return { generateMs };
}

// `--churn-only` skips the timings (minutes of process starts) when only the churn table is wanted.
if (!process.argv.includes("--churn-only")) {
  console.log(`rightkit-bindgen whole-process wall time, median of ${RUNS} (node ${process.version})`);
  console.log("peak RSS and output (the binding's files; validators.ts among them) of the generate that writes");
  printRow(COLUMNS.map(([title]) => title));
  {
    measure("embedded (6 methods)", (dir) => {
      cpSync("contract", join(dir, "contract"), { recursive: true });
      return [];
    });
    for (const methods of QUICK ? [50] : [50, 100, 200]) {
      measure(`synthetic ${methods} methods`, (dir) => {
        writeFileSync(join(dir, "contract.json"), JSON.stringify(syntheticContract(methods)));
        return ["--contract", "contract.json"];
      });
    }
  }
}

// --- churn: changed lines per generated file for one small contract edit ---------------------

const DEMO = { contract: "contract/rightkit.agent.demo.v1.schema.json", binding: "contract/rightkit.agent.demo.v1.binding.json" };
/** The binding's files, these first; any other file the generation has (not the runtime) follows. */
const GENERATED_FILES = ["types.ts", "validators.ts", "client.ts", "cli.ts", "index.ts", "api.md"];

/** Added + removed lines, as a unified line diff counts them. */
function changedLines(before: string, after: string): number {
  return diffLines(before, after).reduce((sum, part) => sum + (part.added || part.removed ? part.count : 0), 0);
}

/** A hand edit: `anchor` must occur exactly once, so a drifting contract fails loudly instead of measuring nothing. */
function edit(text: string, anchor: string, replacement: string): string {
  const at = text.indexOf(anchor);
  if (at === -1 || text.indexOf(anchor, at + 1) !== -1) throw new Error(`anchor not found exactly once: ${anchor}`);
  return text.slice(0, at) + replacement + text.slice(at + anchor.length);
}

interface Scenario {
  readonly name: string;
  readonly schema: (text: string) => string;
  readonly binding?: (text: string) => string;
  /** The pointer under which the hand edit lives: the validators.ts blocks documenting it are its own. */
  readonly owns: string;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: "add one method",
    schema: (text) =>
      edit(
        text,
        `    "end": {\n      "params"`,
        `    "scroll": {
      "params": {
        "type": "object",
        "properties": {
          "token": {"$ref": "#/$defs/token"},
          "ref": {"$ref": "#/$defs/elementRef"},
          "pixels": {"type": "integer", "minimum": 1}
        },
        "required": ["token", "ref"]
      },
      "result": {
        "type": "object",
        "properties": {"scrolled": {"type": "boolean"}},
        "required": ["scrolled"]
      }
    },
    "end": {\n      "params"`,
      ),
    binding: (text) =>
      edit(
        text,
        `    "end": {\n      "tool"`,
        `    "scroll": {
      "tool": "demo.scroll",
      "sensitiveParams": ["token"],
      "summary": "Scroll an element by a number of pixels."
    },
    "end": {\n      "tool"`,
      ),
    owns: "#/$defs/scroll/",
  },
  {
    name: "add one optional param",
    schema: (text) =>
      edit(
        text,
        `"key": {"type": "string"}\n        },\n        "required": ["token", "ref", "op"]`,
        `"key": {"type": "string"},\n          "timeout_ms": {"type": "integer", "minimum": 0}\n        },\n        "required": ["token", "ref", "op"]`,
      ),
    owns: "#/$defs/act/params",
  },
  {
    name: "add one enum value",
    schema: (text) => edit(text, `"enum": ["complete", "killed"]`, `"enum": ["complete", "killed", "expired"]`),
    owns: "#/$defs/end/result",
  },
];

/**
 * validators.ts's top-level blocks (a doc comment and what follows it) whose doc comment names a
 * pointer under `owns`, with the numerals of generated names blanked (`v38` → `v#`): the validator
 * of the edited shape, as a hand-written change would touch it, whatever the naming scheme.
 */
function ownBlocks(source: string, owns: string): string {
  const blocks: string[][] = [];
  for (const line of source.split("\n")) {
    if (line.startsWith("/**") || blocks.length === 0) blocks.push([]);
    blocks[blocks.length - 1]?.push(line);
  }
  return blocks
    .filter((block) =>
      (
        block
          .slice(0, 4)
          .join("\n")
          .match(/#\/[^\s)]*/)?.[0] ?? ""
      ).startsWith(owns),
    )
    .map((block) => `${block.join("\n").replace(/\b([A-Za-z]+)\d+\b/g, "$1#")}\n`)
    .join("");
}

async function generateDemo(schemaText: string, bindingText: string): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "bindgen-churn-"));
  try {
    const source = { contract: join(dir, "demo.schema.json"), binding: join(dir, "demo.binding.json") };
    writeFileSync(source.contract, schemaText);
    writeFileSync(source.binding, bindingText);
    const { files } = await generateFiles(source, { typeCheck: "never" });
    return new Map(
      [...files]
        .filter(([path]) => !path.startsWith("runtime/"))
        .map(([path, text]) => [path.slice(path.indexOf("/") + 1), text]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function churn(): Promise<void> {
  const schemaText = readFileSync(DEMO.contract, "utf8");
  const bindingText = readFileSync(DEMO.binding, "utf8");
  const before = await generateDemo(schemaText, bindingText);
  const files = [...GENERATED_FILES, ...[...before.keys()].filter((file) => !GENERATED_FILES.includes(file)).sort()];
  console.log("");
  console.log("changed lines (added + removed) per generated file, demo contract");
  const columns = ["scenario", ...files, "hand: contract", "hand: validators"];
  const widths = [24, ...files.map(() => 14), 16, 18];
  const row = (cells: readonly (string | number)[]): string =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join("");
  console.log(row(columns));
  for (const scenario of SCENARIOS) {
    const newSchema = scenario.schema(schemaText);
    const newBinding = scenario.binding?.(bindingText) ?? bindingText;
    const after = await generateDemo(newSchema, newBinding);
    const counts = files.map((file) => changedLines(before.get(file) ?? "", after.get(file) ?? ""));
    const hand = changedLines(schemaText, newSchema) + changedLines(bindingText, newBinding);
    const handValidators = changedLines(
      ownBlocks(before.get("validators.ts") ?? "", scenario.owns),
      ownBlocks(after.get("validators.ts") ?? "", scenario.owns),
    );
    console.log(row([scenario.name, ...counts, hand, handValidators]));
  }
}

await churn();
