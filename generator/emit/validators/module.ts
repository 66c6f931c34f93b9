/**
 * Assembles a validators module: the two result types, the runtime helpers it uses, module-scope
 * constants, one `is`/`check` pair per schema location reached, and the exported entry points.
 */
import type { SchemaIndex } from "../../resolve/index.js";
import { code, docComment, EMPTY, ident, lines, type Code } from "../code.js";
import { createCompileState, type PendingWork } from "./context.js";
import { FAST, type Mode } from "./mode.js";
import { emitNode } from "./node.js";
import { evaluatedBody } from "./keywords/unevaluated.js";
import { helperSource } from "./runtime-helpers.js";

export interface ValidatorEntry {
  /** The pointer of the schema, e.g. `#/$defs/snapshot/result`. */
  readonly pointer: string;
  readonly validateName: Code;
  readonly guardName: Code;
  /** The TypeScript type a valid value has. */
  readonly type: Code;
}

const RESULT_TYPES = code`/** One reason a value does not match its schema. */
export type ValidationIssue = {
  /** JSON pointer to the offending value ("" is the value itself). */
  instancePath: string;
  /** JSON pointer to the keyword that failed, from the schema document's root. */
  schemaPath: string;
  keyword: string;
  /** Readable on its own: "/steps: must have at most 20 items, got 21". */
  message: string;
};

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };`;

export function buildValidatorModule(index: SchemaIndex, entries: readonly ValidatorEntry[], preamble: Code): Code {
  const state = createCompileState(index);
  const ctx = state.context;
  const x = ident("x");
  const exported = entries.map((entry) => {
    index.schemaAt(entry.pointer);
    const { is, check } = ctx.functionsFor(entry.pointer);
    return code`${docComment(`Validates a value against ${entry.pointer}; on failure, the first issue found (anyOf/oneOf add each branch's reason).`)}
export function ${entry.validateName}(value: unknown): ValidationResult<${entry.type}> {
  const issues = ${check}(value, "", 0);
  return issues === undefined ? { ok: true, value: value as ${entry.type} } : { ok: false, issues };
}

${docComment(`True when a value matches ${entry.pointer}; allocates nothing.`)}
export function ${entry.guardName}(value: unknown): value is ${entry.type} {
  return ${is}(value, 0);
}`;
  });
  const functions: Code[] = [];
  const emit = (work: PendingWork): void => {
    const schema = index.schemaAt(work.pointer);
    switch (work.kind) {
      case "validate": {
        const check: Mode = { kind: "check", path: ident("p"), inLoop: false };
        functions.push(code`${docComment(`${work.pointer}`)}
function ${work.names.is}(${x}: unknown, d: number): boolean {
${emitNode(ctx, work.pointer, schema, x, FAST, 0)}
return true;
}
function ${work.names.check}(${x}: unknown, p: string, d: number): ValidationIssue[] | undefined {
${emitNode(ctx, work.pointer, schema, x, check, 0)}
return undefined;
}`);
        break;
      }
      case "evaluated":
        functions.push(code`function ${work.names.evaluated}(${x}: unknown, d: number, ps: Set<string>, ix: Set<number>): void {
${evaluatedBody(ctx, work.pointer, schema, x, ident("ps"), ident("ix"), false)}
}`);
        break;
    }
  };
  state.drain(emit);
  return lines([
    preamble,
    RESULT_TYPES,
    helperSource(state.helpers),
    lines([...state.hoisted]),
    lines(functions),
    lines(exported),
    EMPTY,
  ]);
}
