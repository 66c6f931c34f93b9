/**
 * The state of one compilation: which schema locations already have functions, which are still
 * to be emitted, the module-scope constants (regexes, Sets, deep constants) and which runtime
 * helpers the output needs. It lives only as long as one `emitValidators` call — nothing is kept
 * at module level, so two compilations can never see each other's names.
 */
import { BindgenError } from "../../errors.js";
import type { SchemaIndex } from "../../resolve/index.js";
import type { Pointer } from "../../resolve/pointer.js";
import { code, ident, type Code } from "../code.js";
import { dialectAt, schemaView, type Dialect } from "./dialect.js";
import type { HelperName } from "./runtime-helpers.js";

/** The three functions a schema location can be compiled into; each is emitted only when asked for. */
export interface LocationFunctions {
  /** `(x: unknown, d: number) => boolean` — the allocation-free fast path. */
  readonly is: Code;
  /** `(x: unknown, p: string, d: number) => ValidationIssue[] | undefined` — the walk that explains a failure. */
  readonly check: Code;
  /** `(x: unknown, d: number, ps: Set<string>, is: Set<number>) => void` — evaluated names/indices, for unevaluated*. */
  readonly evaluated: Code;
}

export interface CompileContext {
  readonly index: SchemaIndex;
  /** The functions for the schema at `pointer`; the first request queues them for emission. */
  functionsFor(pointer: Pointer): LocationFunctions;
  /** Same, but also queues the annotation-collecting function. */
  evaluatedFor(pointer: Pointer): Code;
  /** The dialect in force at a schema location. */
  dialectAt(pointer: Pointer): Dialect;
  /** The schema at `pointer` as its dialect means it (draft-07: `$ref` alone, no 2020-12-only keywords). */
  view(pointer: Pointer, schema: unknown): unknown;
  /** A fresh local name: `${prefix}${n}`. */
  local(prefix: string): Code;
  /** A module-scope constant, deduplicated by `key`. */
  hoist(key: string, prefix: string, init: () => Code): Code;
  /** Marks a runtime helper as used and returns its name. */
  helper(name: HelperName): Code;
  /** Refuses a schema: the public error for keywords the compiler will not honour. */
  refuse(keyword: string, pointer: Pointer, why: string): never;
}

export interface PendingWork {
  readonly kind: "validate" | "evaluated";
  readonly pointer: Pointer;
  readonly names: LocationFunctions;
}

export interface CompileState {
  readonly context: CompileContext;
  /** Drains the queue; `emit` may queue more work while it runs. */
  drain(emit: (work: PendingWork) => void): void;
  readonly hoisted: readonly Code[];
  readonly helpers: ReadonlySet<HelperName>;
}

export function createCompileState(index: SchemaIndex): CompileState {
  const byPointer = new Map<Pointer, LocationFunctions>();
  const evaluatedQueued = new Set<Pointer>();
  const queue: PendingWork[] = [];
  const hoistedByKey = new Map<string, Code>();
  const hoisted: Code[] = [];
  const helpers = new Set<HelperName>();
  const dialects = new Map<Pointer, Dialect>();
  let counter = 0;

  const namesFor = (pointer: Pointer): LocationFunctions => {
    const known = byPointer.get(pointer);
    if (known !== undefined) return known;
    const n = byPointer.size;
    const names = { is: ident(`is${n}`), check: ident(`check${n}`), evaluated: ident(`evaluated${n}`) };
    byPointer.set(pointer, names);
    queue.push({ kind: "validate", pointer, names });
    return names;
  };

  const context: CompileContext = {
    index,
    functionsFor: namesFor,
    evaluatedFor(pointer) {
      const names = namesFor(pointer);
      if (!evaluatedQueued.has(pointer)) {
        evaluatedQueued.add(pointer);
        queue.push({ kind: "evaluated", pointer, names });
      }
      return names.evaluated;
    },
    dialectAt(pointer) {
      const known = dialects.get(pointer);
      if (known !== undefined) return known;
      const found = dialectAt(index.root, pointer);
      dialects.set(pointer, found);
      return found;
    },
    view(pointer, schema) {
      return schemaView(context.dialectAt(pointer), schema);
    },
    local(prefix) {
      counter += 1;
      return ident(`${prefix}${counter}`);
    },
    hoist(key, prefix, init) {
      const known = hoistedByKey.get(key);
      if (known !== undefined) return known;
      const name = ident(`${prefix}${hoistedByKey.size}`);
      hoistedByKey.set(key, name);
      hoisted.push(code`const ${name} = ${init()};`);
      return name;
    },
    helper(name) {
      helpers.add(name);
      return ident(name);
    },
    refuse(keyword, pointer, why) {
      throw new BindgenError(
        "unsupported_keyword",
        `${keyword} at ${pointer} is not supported by the validator compiler: ${why}`,
        {
          file: index.file,
          keyword,
          pointer,
        },
      );
    },
  };

  return {
    context,
    drain(emit) {
      for (let work = queue.shift(); work !== undefined; work = queue.shift()) emit(work);
    },
    hoisted,
    helpers,
  };
}
