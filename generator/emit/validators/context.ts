/**
 * The state of one compilation: which schema locations already have functions, which are still
 * to be emitted, the module-scope constants (regexes, Sets, deep constants) and which runtime
 * helpers the output needs. It lives only as long as one `emitValidators` call — nothing is kept
 * at module level, so two compilations can never see each other's names. Names come from the
 * namer (names.ts), which names each symbol from what it is; locals are numbered per function.
 */
import { BindgenError } from "../../errors.js";
import type { SchemaIndex } from "../../resolve/index.js";
import type { Pointer } from "../../resolve/pointer.js";
import { code, ident, type Code } from "../code.js";
import { dialectAt, schemaView, type Dialect } from "./dialect.js";
import type { LocationFunctions, Namer } from "./names.js";
import type { HelperName } from "./runtime-helpers.js";

export type { LocationFunctions } from "./names.js";

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
  /** A fresh local name: `${prefix}${n}`, `n` counting per prefix within the function being emitted. */
  local(prefix: string): Code;
  /** A module-scope constant, deduplicated by `key`, named `${kind}_<hash of key>`. */
  hoist(key: string, kind: string, init: () => Code): Code;
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

/** A module-scope constant: its declaration, and the name it is sorted by. */
export interface Hoisted {
  readonly name: string;
  readonly declaration: Code;
}

export interface CompileState {
  readonly context: CompileContext;
  /** Drains the queue; `emit` may queue more work while it runs. */
  drain(emit: (work: PendingWork) => void): void;
  /** Starts a function body: its locals are numbered from 1 again, so no other function moves them. */
  startFunction(): void;
  readonly hoisted: readonly Hoisted[];
  readonly helpers: ReadonlySet<HelperName>;
}

export function createCompileState(index: SchemaIndex, namer: Namer): CompileState {
  const byPointer = new Map<Pointer, LocationFunctions>();
  const evaluatedQueued = new Set<Pointer>();
  const queue: PendingWork[] = [];
  const hoistedByKey = new Map<string, Code>();
  const hoisted: Hoisted[] = [];
  const helpers = new Set<HelperName>();
  const dialects = new Map<Pointer, Dialect>();
  let counters = new Map<string, number>();

  const namesFor = (pointer: Pointer): LocationFunctions => {
    const known = byPointer.get(pointer);
    if (known !== undefined) return known;
    const names = namer.location(pointer);
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
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return ident(`${prefix}${n}`);
    },
    hoist(key, kind, init) {
      const known = hoistedByKey.get(key);
      if (known !== undefined) return known;
      const name = namer.constant(key, kind);
      hoistedByKey.set(key, name);
      hoisted.push({ name: `${name}`, declaration: code`const ${name} = ${init()};` });
      return name;
    },
    helper(name) {
      helpers.add(name);
      return namer.helper(name);
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
    startFunction() {
      counters = new Map();
    },
    hoisted,
    helpers,
  };
}
