/**
 * The payloads of bench:validators and the three validators of each: ours (compiled now from the
 * schema by the generator's validator compiler), Ajv and @exodus/schemasafe, each compiled once.
 *
 * - demo: the demo contract's largest payloads and every batch-result error code (Ajv 2020 with
 *   default options, as issue 12 measured it);
 * - agentcli: params carrying a manifest (`agentcli.compile`, `agentcli.apply`): a large object
 *   the contract leaves open, beside a few typed fields;
 * - corpus: instances drawn by test/support/schema-sampler.ts from two large corpus schemas
 *   (biome's configuration, 2020-12; codex's ClientRequest, draft-07), valid and mutated, kept
 *   where all three validators agree; Ajv configured as the differential test configures it.
 *
 * schemasafe is compiled with the options that give it our semantics: `mode: "spec"` (unknown
 * keywords are annotations, as for us and Ajv's `strict: false`), `formatAssertion: false`
 * (`format` is an annotation), `includeErrors: true` with `allErrors: false` (the first issue, as
 * `validate*` returns it), `isJSON: false` (the value is not assumed to be JSON: NaN, undefined
 * and holes are checked, as we check them); and it is given the schema without its `format`
 * keywords, which assert nothing for any of the three (schemasafe refuses a format name it does
 * not know, or one on an integer, as schemars writes `"format": "uint8"`, even when not asserting).
 */
import { readFileSync } from "node:fs";
import { validator as schemasafe } from "@exodus/schemasafe";
import Ajv2020Module from "ajv/dist/2020.js";
import { emitValidators } from "../../generator/emit/validators/index.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { ajvDraftOf, ajvFor } from "../support/ajv-dialect.js";
import { SchemaSampler } from "../support/schema-sampler.js";
import { DEMO_SHAPES, demoSchema, ERROR_CODES } from "../support/demo-contract.js";
import { loadModule } from "../support/load-module.js";
import { handIsBatchParams, handIsSnapshotResult } from "./handwritten.js";

export type Check = (value: unknown) => unknown;

export interface Case {
  readonly group: "demo" | "agentcli" | "corpus";
  readonly name: string;
  /** Validated in turn, one op each: one payload, or a corpus sample set. */
  readonly payloads: readonly unknown[];
  readonly valid: boolean;
  readonly ours: Check;
  readonly guard: Check;
  readonly ajv: Check;
  readonly schemasafe: Check;
  readonly hand?: Check;
}

export const SCHEMASAFE_OPTIONS = {
  mode: "spec",
  formatAssertion: false,
  includeErrors: true,
  allErrors: false,
  isJSON: false,
} as const;

/** Payloads go through JSON.parse, as wire data does. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

interface Compiled {
  ours(shape: string): Check;
  guard(shape: string): Check;
  ajv(pointer: string): Check;
  schemasafe(pointer: string): Check;
}

/** One schema document compiled by the three: ours per named shape, theirs per pointer. */
function compileAll(
  schema: Record<string, unknown>,
  shapes: readonly { name: string; pointer: string }[],
  ajvDefault: boolean,
): Compiled {
  const module = loadModule<Record<string, Check>>(`${emitValidators(schemaGraph(schema), shapes)}`);
  const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
  const ajv = ajvDefault ? new Ajv2020() : ajvFor(ajvDraftOf(schema));
  const key = typeof schema.$id === "string" ? schema.$id : "bench:schema";
  ajv.addSchema(schema, key);
  const named = (prefix: string, shape: string): Check => {
    const check = module[`${prefix}${shape}`];
    if (check === undefined) throw new Error(`no ${prefix}${shape}`);
    return check;
  };
  return {
    ours: (shape) => named("validate", shape),
    guard: (shape) => named("is", shape),
    ajv: (pointer) => {
      const validate = ajv.getSchema(`${key}${pointer}`);
      if (validate === undefined) throw new Error(`Ajv has no schema at ${pointer}`);
      return (value) => validate(value);
    },
    schemasafe: (pointer) => {
      const unformatted = withoutFormats(schema) as Record<string, unknown>;
      const validate = schemasafe(
        (pointer === "#" ? unformatted : { ...unformatted, $ref: pointer }) as never,
        SCHEMASAFE_OPTIONS,
      );
      return (value) => validate(value as never);
    },
  };
}

/** Data keywords, whose values are instances: a `format` member there is data, kept. */
const DATA = new Set(["enum", "const", "default", "examples"]);

/** The schema without its `format` keywords (a string value; a property named format is an object). */
function withoutFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFormats);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === "format" && typeof item === "string"))
      .map(([key, item]) => [key, DATA.has(key) ? item : withoutFormats(item)]),
  );
}

const element = (i: number): unknown => ({
  ref: `e${i}`,
  role: i % 3 === 0 ? "button" : "textfield",
  label: `Element number ${i}`,
  ops: i % 2 === 0 ? ["click"] : ["click", "type"],
});
const snapshot = (count: number, broken?: number): unknown =>
  wire({
    capture_state: "safe",
    elements: Array.from({ length: count }, (_, i) => (i === broken ? { ...(element(i) as object), ops: ["drag"] } : element(i))),
  });
const step = (i: number): unknown =>
  i % 3 === 0
    ? { ref: `e${i}`, op: "type", text: "hello world" }
    : i % 3 === 1
      ? { ref: `e${i}`, op: "press", key: "cmd+s" }
      : { ref: `e${i}`, op: "click" };
const batch = (count: number): unknown =>
  wire({ token: "tok-0123456789abcdef", steps: Array.from({ length: count }, (_, i) => step(i)) });
const batchResult = (code: string | null): unknown =>
  wire({
    completed: code === null ? 5 : 2,
    results: [{ receipt_id: "r1" }, { receipt_id: "r2" }],
    failed_step: code === null ? null : 2,
    error_code: code,
  });

/** A one-payload case of `group`: the shape's `validate*`/`is*`, theirs at its pointer. */
function caseMaker(group: Case["group"], c: Compiled) {
  return (name: string, shape: string, pointer: string, payload: unknown, valid: boolean, hand?: Check): Case => ({
    group,
    name,
    payloads: [payload],
    valid,
    ours: c.ours(shape),
    guard: c.guard(shape),
    ajv: c.ajv(pointer),
    schemasafe: c.schemasafe(pointer),
    ...(hand === undefined ? {} : { hand }),
  });
}

function demoCases(): Case[] {
  const of = caseMaker("demo", compileAll(demoSchema(), DEMO_SHAPES, true));
  const snap = ["SnapshotResult", "#/$defs/snapshot/result"] as const;
  const bat = ["BatchParams", "#/$defs/batch/params"] as const;
  const res = ["BatchResult", "#/$defs/batch/result"] as const;
  return [
    of("snapshot-200 valid", ...snap, snapshot(200), true, handIsSnapshotResult),
    of("snapshot-200 invalid", ...snap, snapshot(200, 150), false, handIsSnapshotResult),
    of("batch-20 valid", ...bat, batch(20), true, handIsBatchParams),
    of("batch-21 invalid", ...bat, batch(21), false, handIsBatchParams),
    ...[...ERROR_CODES, null].map((code) => of(`batch-result ${code ?? "null"}`, ...res, batchResult(code), true)),
    of("batch-result not_allowed (invalid)", ...res, batchResult("not_allowed"), false),
  ];
}

/** A manifest as agentcli writes one: a few dozen tasks with commands, environment and schedules. */
const manifest = (): unknown =>
  wire({
    manifest_version: "0.2",
    name: "nightly-reports",
    tasks: Array.from({ length: 40 }, (_, i) => ({
      id: `task-${i}`,
      command: ["node", `scripts/report-${i}.js`, "--format", "json"],
      env: { REGION: i % 2 === 0 ? "eu" : "us", RETRIES: String(i % 4) },
      schedule: { cron: `${i % 60} 3 * * *`, timezone: "UTC" },
      depends_on: i === 0 ? [] : [`task-${i - 1}`],
    })),
  });

function agentcliCases(): Case[] {
  const schema = JSON.parse(readFileSync("contract/agentcli.v0.2.schema.json", "utf8")) as Record<string, unknown>;
  const shapes = [
    { name: "CompileParams", pointer: "#/$defs/agentcli.compile/params" },
    { name: "ApplyParams", pointer: "#/$defs/agentcli.apply/params" },
  ];
  const of = caseMaker("agentcli", compileAll(schema, shapes, true));
  const compile = ["CompileParams", "#/$defs/agentcli.compile/params"] as const;
  const apply = ["ApplyParams", "#/$defs/agentcli.apply/params"] as const;
  return [
    of("compile params, 40-task manifest", ...compile, wire({ manifest: manifest(), target: "openclaw", explain: true }), true),
    of(
      "compile params, explain not boolean (invalid)",
      ...compile,
      wire({ manifest: manifest(), target: "openclaw", explain: "yes" }),
      false,
    ),
    of("apply params, 40-task manifest", ...apply, wire({ manifest: manifest(), dbPath: "/var/lib/s.db", dryRun: true }), true),
    of("apply params, manifest an array (invalid)", ...apply, wire({ manifest: [manifest()], dryRun: true }), false),
  ];
}

const CORPUS_SETS = [
  {
    label: "biome configuration",
    file: "biomejs__biome__packages__biomejs_biome_configuration_schema.json",
    name: "Configuration",
    pointer: "#",
  },
  {
    label: "codex ClientRequest",
    file: "Git-on-my-level__codex-autorunner__vendor_protocols_codex.json",
    name: "ClientRequest",
    pointer: "#/definitions/ClientRequest",
  },
];
const SAMPLES = 300;
const SET_SIZE = 100;

function corpusCases(): { cases: Case[]; dropped: string[] } {
  const cases: Case[] = [];
  const dropped: string[] = [];
  for (const set of CORPUS_SETS) {
    const schema = JSON.parse(readFileSync(`test/fixtures/corpus/${set.file}`, "utf8")) as Record<string, unknown>;
    const c = compileAll(schema, [{ name: set.name, pointer: set.pointer }], false);
    const [ours, guard, ajv, safe] = [c.ours(set.name), c.guard(set.name), c.ajv(set.pointer), c.schemasafe(set.pointer)];
    const sampler = new SchemaSampler(schemaGraph(schema));
    const sets = { valid: [] as unknown[], invalid: [] as unknown[] };
    let disagreed = 0;
    for (let seed = 1; seed <= SAMPLES * 2; seed++) {
      const instance = wire(seed % 2 === 0 ? sampler.sampleValid(set.pointer, seed) : sampler.sampleMutated(set.pointer, seed));
      const verdict = verdictOf(ajv(instance));
      if (verdictOf(ours(instance)) !== verdict || verdictOf(safe(instance)) !== verdict) disagreed++;
      else if (sets[verdict ? "valid" : "invalid"].length < SET_SIZE) sets[verdict ? "valid" : "invalid"].push(instance);
    }
    if (disagreed > 0)
      dropped.push(`${set.label}: ${disagreed} of ${SAMPLES * 2} samples left out, schemasafe disagreeing with Ajv and us`);
    for (const valid of [true, false]) {
      const payloads = sets[valid ? "valid" : "invalid"];
      cases.push({
        group: "corpus",
        name: `${set.label}, ${payloads.length} ${valid ? "valid" : "invalid"}`,
        payloads,
        valid,
        ours,
        guard,
        ajv,
        schemasafe: safe,
      });
    }
  }
  return { cases, dropped };
}

export function verdictOf(result: unknown): boolean {
  return typeof result === "object" && result !== null ? (result as { ok: boolean }).ok : Boolean(result);
}

export function benchCases(): { cases: Case[]; notes: string[] } {
  const corpus = corpusCases();
  return { cases: [...demoCases(), ...agentcliCases(), ...corpus.cases], notes: corpus.dropped };
}
