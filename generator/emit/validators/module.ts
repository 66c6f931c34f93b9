/**
 * Assembles a validators module: the two result types, the runtime helpers it uses, module-scope
 * constants, one `matches`/`check` pair per schema location reached, and the exported entry
 * points. Every part is sorted by its name, and names say what a part is (names.ts), so a
 * contract change moves only the parts it changes.
 */
import type { SchemaIndex } from "../../resolve/index.js";
import { byCodeUnits } from "../../order.js";
import { code, docLine, EMPTY, ident, lines, type Code } from "../code.js";
import type { Int64Reading } from "../../schema/integers.js";
import { createCompileState, type PendingWork } from "./context.js";
import { CHECK, FAST } from "./mode.js";
import { createNamer, planModule, type ModulePlan } from "./names.js";
import { emitNode } from "./node.js";
import { evaluatedBody } from "./keyword-emitters/unevaluated.js";
import { helperSource } from "./runtime-helpers.js";

export interface ValidatorEntry {
  /** The pointer of the schema, e.g. `#/$defs/snapshot/result`. */
  readonly pointer: string;
  /** What its locations' functions are named from: the type's name (`SnapshotResult`). */
  readonly stem: string;
  readonly validateName: Code;
  readonly guardName: Code;
  /** The TypeScript type a valid value has. */
  readonly type: Code;
}

const RESULT_TYPES = code`/** One reason a value does not match its schema. */
export type ValidationIssue = {
  /** JSON pointer to the offending value ("" is the value itself). */
  instancePath: string;
  /**
   * The keyword that failed, as JSON Schema's keyword location: the validated shape's pointer in
   * the schema document, then the keywords followed from it, \`$ref\` included
   * ("#/$defs/batch/params/properties/steps/items/$ref/required").
   */
  schemaPath: string;
  keyword: string;
  /** Readable on its own: "/steps: must have at most 20 items, got 21". */
  message: string;
};

/**
 * A valid value, or the first issue found (an anyOf/oneOf that matched no branch adds each branch's reason before it).
 * Test for failure with \`ok === false\`: without strictNullChecks, \`!result.ok\` does not narrow to it.
 */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };`;

/** A location's annotation function follows its matches/check pair. */
const KIND_ORDER: { readonly [kind in PendingWork["kind"]]: number } = { validate: 0, evaluated: 1 };

/**
 * `typeNames`: the type names the preamble imports. The first compilation takes every symbol's
 * readable name; only when two symbols wanted one name (or a taken one) does a second
 * compilation run with the planner's answer for the symbols the first one met.
 */
export function buildValidatorModule(
  index: SchemaIndex,
  entries: readonly ValidatorEntry[],
  preamble: Code,
  typeNames: readonly string[],
  int64: Int64Reading = "number",
): Code {
  const plan = planModule(
    entries.map((entry) => ({ pointer: entry.pointer, stem: entry.stem })),
    entries.flatMap((entry) => [`${entry.validateName}`, `${entry.guardName}`]),
    typeNames,
  );
  const first = compile(index, entries, preamble, plan, undefined, int64);
  const settled = first.replan();
  return settled === undefined ? first.module : compile(index, entries, preamble, plan, settled, int64).module;
}

function compile(
  index: SchemaIndex,
  entries: readonly ValidatorEntry[],
  preamble: Code,
  plan: ModulePlan,
  settled: ReadonlyMap<string, readonly string[]> | undefined,
  int64: Int64Reading,
): { readonly module: Code; replan(): ReadonlyMap<string, readonly string[]> | undefined } {
  const namer = createNamer(plan, settled);
  const state = createCompileState(
    index,
    namer,
    entries.map((entry) => entry.pointer),
    int64,
  );
  const ctx = state.context;
  const x = ident("x");
  const exported = [...entries]
    .sort((a, b) => byCodeUnits(`${a.validateName}`, `${b.validateName}`))
    .map((entry) => {
      index.schemaAt(entry.pointer);
      const { is, check } = ctx.functionsFor(entry.pointer);
      return code`${docLine(`Checks a value against ${entry.pointer}; on failure, the first issue found.`)}
export function ${entry.validateName}(value: unknown): ValidationResult<${entry.type}> {
  return ${
        state.soleRoot(entry.pointer)
          ? code`${ctx.helper("finished")}(${check}(value, 0), value as ${entry.type})`
          : code`${ctx.helper("outcome")}(${check}(value, 0), value as ${entry.type}, ${entry.pointer})`
      };
}

${docLine(`True when a value matches ${entry.pointer}; allocates nothing.`)}
export function ${entry.guardName}(value: unknown): value is ${entry.type} {
  return ${is}(value, 0);
}`;
    });
  /** Each function with what it is sorted by: its stem, then the path before the annotations. */
  const functions: { readonly stem: string; readonly kind: PendingWork["kind"]; readonly source: Code }[] = [];
  const emit = (work: PendingWork): void => {
    const schema = index.schemaAt(work.pointer);
    const ctx = work.context;
    const body = (make: () => Code): Code => {
      state.startFunction(work.pointer);
      return make();
    };
    switch (work.kind) {
      case "validate": {
        const fast = body(() => emitNode(ctx, work.pointer, schema, x, FAST, 0));
        const issues = body(() => emitNode(ctx, work.pointer, schema, x, CHECK, 0));
        functions.push({
          stem: work.names.stem,
          kind: work.kind,
          source: code`${docLine(`${work.pointer}`)}
function ${work.names.is}(${x}: unknown, d: number): boolean {
${fast}
return true;
}
function ${work.names.check}(${x}: unknown, d: number): ValidationIssue[] | undefined {
${issues}
return undefined;
}`,
        });
        break;
      }
      case "evaluated": {
        const collect = body(() => evaluatedBody(ctx, work.pointer, schema, x, ident("ps"), ident("ix"), false));
        functions.push({
          stem: work.names.stem,
          kind: work.kind,
          source: code`function ${work.names.evaluated}(${x}: unknown, d: number, ps: Set<string>, ix: Set<number>): void {
${collect}
}`,
        });
        break;
      }
    }
  };
  state.drain(emit);
  const module = lines([
    preamble,
    RESULT_TYPES,
    helperSource(state.helpers, plan.helpers, int64),
    lines([...state.hoisted].sort((a, b) => byCodeUnits(a.name, b.name)).map((constant) => constant.declaration)),
    lines(
      functions.sort((a, b) => byCodeUnits(a.stem, b.stem) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]).map((fn) => fn.source),
    ),
    lines(exported),
    EMPTY,
  ]);
  return { module, replan: () => namer.replan() };
}
