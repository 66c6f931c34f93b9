/**
 * Assembles a validators module: the two result types, the runtime helpers it uses, module-scope
 * constants, the `matches`, `check` and `evaluated` functions of the schema locations the
 * exported entry points reach, and those entry points. Every part is sorted by its name, and
 * names say what a part is (names.ts), so a contract change moves only the parts it changes.
 */
import type { SchemaGraph } from "../../resolve/index.js";
import { byCodeUnits } from "../../order.js";
import { code, docLine, EMPTY, lines, Usage, type Code } from "../code.js";
import type { Int64Reading } from "../../schema/integers.js";
import { callOf, CompileState, parametersOf, type PendingWork } from "./context.js";
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

/** A location's functions in this order: the fast path, the issue path, the annotations. */
const KIND_ORDER: { readonly [kind in PendingWork["kind"]]: number } = { matches: 0, check: 1, evaluated: 2 };

/**
 * `typeNames`: the type names the preamble imports. The first compilation takes every symbol's
 * readable name; only when two symbols wanted one name (or a taken one) does a second
 * compilation run with the planner's answer for the symbols the first one met.
 */
export function buildValidatorModule(
  graph: SchemaGraph,
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
  const first = compile(graph, entries, preamble, plan, undefined, int64);
  const settled = first.replan();
  return settled === undefined ? first.module : compile(graph, entries, preamble, plan, settled, int64).module;
}

/**
 * One compilation. The module holds what the exported validators reach and nothing else: a
 * function is compiled when code already written calls it (the exported ones call their roots'),
 * and a parameter, local, constant or helper is declared when written code reads it — decided by
 * one Usage over the whole module (code.ts), so code an emitter built and then dropped leaves
 * nothing behind.
 */
function compile(
  graph: SchemaGraph,
  entries: readonly ValidatorEntry[],
  preamble: Code,
  plan: ModulePlan,
  settled: ReadonlyMap<string, readonly string[]> | undefined,
  int64: Int64Reading,
): { readonly module: Code; replan(): ReadonlyMap<string, readonly string[]> | undefined } {
  const namer = createNamer(plan, settled);
  const state = new CompileState(
    graph,
    namer,
    entries.map((entry) => entry.pointer),
    int64,
  );
  const usage = new Usage();
  const roots = entries.map((entry) => state.context.functionsFor(entry.pointer));
  // Each exported pair calls its root's two functions.
  for (const root of roots) [root.is.name, root.check.name].forEach((name) => usage.include(name));
  const functions: { readonly work: PendingWork; readonly source: Code }[] = [];
  for (let called = usage.takeFresh(); called.length > 0; called = usage.takeFresh()) {
    for (const name of called) {
      const work = state.workFor(name);
      if (work === undefined) continue;
      const source = compileFunction(state, work);
      usage.include(source);
      functions.push({ work, source });
    }
  }
  const exported = [...entries]
    .sort((a, b) => byCodeUnits(`${a.validateName}`, `${b.validateName}`))
    .map((entry) => exportedPair(state, usage, entry));
  exported.forEach((pair) => usage.include(pair));
  state.hoisted.forEach((constant) => usage.include(constant.declaration));
  const helpers = new Set([...state.helpers].filter(([, helper]) => usage.isUsed(helper)).map(([name]) => name));
  functions.sort((a, b) => byCodeUnits(a.work.stem, b.work.stem) || KIND_ORDER[a.work.kind] - KIND_ORDER[b.work.kind]);
  // A location's first function says which location it is.
  const sources = functions.map(({ work, source }, i) =>
    functions[i - 1]?.work.stem === work.stem ? source : code`${docLine(work.pointer)}\n${source}`,
  );
  const module = lines([
    preamble,
    RESULT_TYPES,
    helperSource(helpers, plan.helpers, int64),
    lines([...state.hoisted].sort((a, b) => byCodeUnits(a.name, b.name)).map((constant) => constant.declaration)),
    lines(sources),
    lines(exported),
    EMPTY,
  ]);
  return { module: usage.write(module), replan: () => namer.replan() };
}

/** The source of one function of a location. */
function compileFunction(state: CompileState, work: PendingWork): Code {
  const schema = state.context.graph.node(work.pointer).written;
  const { fn, context: ctx } = work;
  state.startFunction(work.pointer, fn);
  const header = code`function ${fn.name.declared}(${parametersOf(fn)})`;
  // A body that always fails (a `false` schema) ends in its failure's return: `lines` leaves out the pass after it.
  switch (work.kind) {
    case "matches":
      return code`${header}: boolean {
${lines([emitNode(ctx, work.pointer, schema, fn.value, FAST, 0), code`return true;`])}
}`;
    case "check":
      return code`${header}: ValidationIssue[] | undefined {
${lines([emitNode(ctx, work.pointer, schema, fn.value, CHECK, 0), code`return undefined;`])}
}`;
    case "evaluated":
      return code`${header}: void {
${evaluatedBody(ctx, work.pointer, work.fn.value, work.fn.names, work.fn.indices, false)}
}`;
  }
}

/**
 * `validate<Name>` and `is<Name>`, which call the root's functions. A root whose checks never read
 * the value (a schema that accepts any JSON) still has a guard taking one, as its type needs: the
 * signature declares it, and the implementation, reading nothing, takes nothing.
 */
function exportedPair(state: CompileState, usage: Usage, entry: ValidatorEntry): Code {
  const { is, check } = state.context.functionsFor(entry.pointer);
  const value = code`value`;
  const outcome = state.soleRoot(entry.pointer)
    ? code`${state.context.helper("finished")}(${callOf(check, [value, code`0`])}, value as ${entry.type})`
    : code`${state.context.helper("outcome")}(${callOf(check, [value, code`0`])}, value as ${entry.type}, ${entry.pointer})`;
  const guard = code`export function ${entry.guardName}(value: unknown): value is ${entry.type}`;
  const guardBody = code`{
  return ${callOf(is, [value, code`0`])};
}`;
  return code`${docLine(`Checks a value against ${entry.pointer}; on failure, the first issue found.`)}
export function ${entry.validateName}(value: unknown): ValidationResult<${entry.type}> {
  return ${outcome};
}

${docLine(`True when a value matches ${entry.pointer}; allocates nothing.`)}
${usage.isUsed(is.value) ? code`${guard} ${guardBody}` : code`${guard};\nexport function ${entry.guardName}(): boolean ${guardBody}`}`;
}
