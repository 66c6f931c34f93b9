/**
 * bench:generate — wall time of whole `rightkit-bindgen` processes (start-up included), on the
 * embedded contract and on synthetic contracts of 50, 100 and 200 methods, to show growth.
 * Three runs each; the median is printed, and the peak RSS of each command (where
 * /usr/bin/time exists: the largest process of the run, the generator or the tsgo type check it
 * starts, whichever is larger). Not a test: nothing here asserts a time.
 *
 * Then the churn table: for three small hand edits of the demo contract, how many lines of each
 * generated file change (added + removed, as a unified diff counts them). A generator whose
 * names depend on discovery order rewrites half a file for one new method; the reference column
 * is what the hand edit itself touched, so the two can be compared. `--churn-only` prints just that.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { diffLines } from "diff";
import { generateFiles } from "../../generator/pipeline.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const RUNS = 3;

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

/** GNU time prints the peak RSS (KB) of the process it waited for, its own children included. */
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Run {
  readonly ms: number;
  /** Peak RSS in MB, when GNU time is there to say. */
  readonly mb: number | undefined;
}

function time(args: string[], cwd: string): Run {
  const command =
    GNU_TIME === undefined ? [process.execPath, BIN, ...args] : [GNU_TIME, "-f", "%M", process.execPath, BIN, ...args];
  const start = process.hrtime.bigint();
  const result = spawnSync(command[0] as string, command.slice(1), { cwd, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  const kb = GNU_TIME === undefined ? undefined : Number(result.stderr.trim().split("\n").pop());
  return { ms, mb: kb === undefined || Number.isNaN(kb) ? undefined : Math.round(kb / 1024) };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function measure(label: string, setup: (dir: string) => string[]): void {
  const firstWrite: Run[] = [];
  const unchanged: Run[] = [];
  const check: Run[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), "bindgen-bench-"));
    const args = setup(dir);
    firstWrite.push(time(["generate", ...args], dir));
    unchanged.push(time(["generate", ...args], dir));
    check.push(time(["check", ...args], dir));
    rmSync(dir, { recursive: true, force: true });
  }
  const runs = [firstWrite, unchanged, check];
  const times = runs.map((column) => `${Math.round(median(column.map((run) => run.ms)))} ms`.padStart(16));
  const peaks = runs.map((column) => {
    const mbs = column.map((run) => run.mb).filter((mb): mb is number => mb !== undefined);
    return (mbs.length === 0 ? "n/a" : `${median(mbs)} MB`).padStart(12);
  });
  console.log(`${label.padEnd(24)} ${times.join("")}${peaks.join("")}`);
}

// `--churn-only` skips the timings (a minute of process starts) when only the churn table is wanted.
if (!process.argv.includes("--churn-only")) {
  console.log(`rightkit-bindgen whole-process wall time, median of ${RUNS} (node ${process.version})`);
  console.log(
    `${"contract".padEnd(24)}${"generate (write)".padStart(16)}${"generate (same)".padStart(16)}${"check".padStart(16)}` +
      `${"RSS write".padStart(12)}${"RSS same".padStart(12)}${"RSS check".padStart(12)}`,
  );
  measure("embedded (6 methods)", (dir) => {
    cpSync("contract", join(dir, "contract"), { recursive: true });
    return [];
  });
  for (const methods of [50, 100, 200]) {
    measure(`synthetic ${methods} methods`, (dir) => {
      writeFileSync(join(dir, "contract.json"), JSON.stringify(syntheticContract(methods)));
      return ["--contract", "contract.json"];
    });
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
