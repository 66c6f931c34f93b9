/**
 * The differential half of the corpus test, apart so a script can run it without the type
 * check: for every named type of a generated binding, the generated `validate<Name>(x).ok` and
 * `is<Name>(x)` against Ajv's verdict (matched to the schema's draft) on seeded instances, valid
 * and mutated. Instance `i` of a type has its own seed, so a failure is rebuilt from what it prints.
 */
import { readFileSync } from "node:fs";
import type { NamedType } from "../../generator/model/types.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { loadModule } from "./load-module.js";
import { ajvDraftOf, ajvFor } from "./ajv-dialect.js";
import { SchemaSampler, seedOf, type Json } from "./schema-sampler.js";

export interface Mismatch {
  readonly pointer: string;
  readonly seed: number;
  readonly kind: "valid" | "mutated";
  readonly instance: Json;
  readonly ajv: boolean;
  readonly validate: boolean;
  readonly guard: boolean;
}

export interface DifferentialOptions {
  /** Instances per named type at least; every fifth is valid by construction, the rest mutated. */
  readonly instances: number;
  /**
   * Instances per schema at least, spread over its types: a small schema's few types get many
   * more than `instances` each, at little cost, and a one-in-a-thousand mutation gets its chance.
   */
  readonly perSchema?: number;
  readonly seed: number;
  /** Pointers whose mismatches are pinned elsewhere: counted in `pinned`, not in `mismatches`. */
  readonly known?: readonly string[];
}

export interface DifferentialResult {
  readonly mismatches: readonly Mismatch[];
  /** Known pointers that did mismatch. */
  readonly pinned: ReadonlySet<string>;
  /** Ajv's verdicts over all instances. */
  readonly verdicts: { valid: number; invalid: number };
}

type Validate = (value: unknown) => { ok: boolean };
type Guard = (value: unknown) => boolean;

export const instanceSeed = (seed: number, file: string, pointer: string, i: number): number =>
  (seedOf(`${seed}:${file}:${pointer}`) + Math.imul(i, 0x9e3779b9)) >>> 0;

export function corpusDifferential(
  file: string,
  path: string,
  types: readonly NamedType[],
  validatorsSource: string,
  options: DifferentialOptions,
): DifferentialResult {
  const schema: unknown = JSON.parse(readFileSync(path, "utf8"));
  const generated = loadModule<Record<string, Validate | Guard>>(validatorsSource);
  // Inlining refs only makes Ajv's code faster to run; compiling biome's 1,760 types is faster without.
  const ajv = ajvFor(ajvDraftOf(schema), { inlineRefs: false });
  const key = `corpus:${file}`;
  ajv.addSchema(schema as object, key);
  const sampler = new SchemaSampler(schemaGraph(schema, path));
  const known = new Set(options.known ?? []);
  const mismatches: Mismatch[] = [];
  const pinned = new Set<string>();
  const verdicts = { valid: 0, invalid: 0 };
  const perType = Math.max(options.instances, Math.ceil((options.perSchema ?? 0) / Math.max(1, types.length)));
  for (const type of types) {
    const reference = ajv.getSchema(`${key}${type.id}`);
    const validate = generated[`validate${type.name}`] as Validate;
    const guard = generated[`is${type.name}`] as Guard;
    if (reference === undefined) throw new Error(`Ajv cannot find ${type.id} in ${file}`);
    for (let i = 0; i < perType; i++) {
      const seed = instanceSeed(options.seed, file, type.id, i);
      const kind = i % 5 === 0 ? "valid" : "mutated";
      const instance = kind === "valid" ? sampler.sampleValid(type.id, seed) : sampler.sampleMutated(type.id, seed);
      const expected = reference(instance) === true;
      const ok = validate(instance).ok;
      const is = guard(instance);
      verdicts[expected ? "valid" : "invalid"] += 1;
      if (ok === expected && is === expected) continue;
      if (known.has(type.id)) pinned.add(type.id);
      else mismatches.push({ pointer: type.id, seed, kind, instance, ajv: expected, validate: ok, guard: is });
    }
  }
  return { mismatches, pinned, verdicts };
}

/** Rebuilds a failing instance from what the failure printed. */
export function reproduce(path: string, pointer: string, seed: number, kind: "valid" | "mutated"): Json {
  const sampler = new SchemaSampler(schemaGraph(JSON.parse(readFileSync(path, "utf8")), path));
  return kind === "valid" ? sampler.sampleValid(pointer, seed) : sampler.sampleMutated(pointer, seed);
}

export function describeMismatch(file: string, path: string, m: Mismatch): string {
  const text = JSON.stringify(m.instance);
  return [
    `${file} ${m.pointer}: Ajv says ${m.ajv ? "valid" : "invalid"}, validate().ok = ${m.validate}, is() = ${m.guard}`,
    `  seed ${m.seed} (${m.kind}; reproduce(${JSON.stringify(path)}, ${JSON.stringify(m.pointer)}, ${m.seed}, "${m.kind}"))`,
    `  instance ${text.length > 1500 ? `${text.slice(0, 1500)}…` : text}`,
  ].join("\n");
}
