/**
 * The state of one compilation: which schema locations already have functions, which are still
 * to be emitted, the module-scope constants (regexes, Sets, deep constants) and which runtime
 * helpers the output needs. It lives only as long as one `emitValidators` call — nothing is kept
 * at module level, so two compilations can never see each other's names. Names come from the
 * namer (names.ts), which names each symbol from what it is; locals are numbered per function.
 * Identical locations share one set of functions (shapes.ts): asking for any member's functions
 * gives its class representative's.
 */
import { BindgenError } from "../../errors.js";
import type { SchemaIndex } from "../../resolve/index.js";
import type { Pointer } from "../../resolve/pointer.js";
import { code, ident, type Code } from "../code.js";
import { dialectAt, schemaView, type Dialect } from "./dialect.js";
import type { LocationFunctions, Namer } from "./names.js";
import type { HelperName } from "./runtime-helpers.js";
import { shareIdenticalShapes, type SharedShapes } from "./shapes.js";

export type { LocationFunctions } from "./names.js";

export interface CompileContext {
  readonly index: SchemaIndex;
  /** The functions for the schema at `pointer`; the first request queues them for emission. */
  functionsFor(pointer: Pointer): LocationFunctions;
  /** Same, but also queues the annotation-collecting function. */
  evaluatedFor(pointer: Pointer): Code;
  /** Whether the subschema at `pointer` is identical to others and large enough to be called rather than inlined. */
  worthCalling(pointer: Pointer): boolean;
  /**
   * The schema path of a location, relative to the function being emitted: the path from its
   * schema to the location, through the `$ref`s inlined on the way (JSON Schema's keyword
   * location). Empty for the function's own schema.
   */
  schemaPath(pointer: Pointer): string;
  /** Emits a `$ref` target inline: its locations' schema paths continue from `site` (the `$ref` keyword). */
  inlined<T>(target: Pointer, site: Pointer, emit: () => T): T;
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
  /** The representative of the class the functions serve. */
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
  /**
   * Starts a function body for the schema at `root`: its locals are numbered from 1 again, so no
   * other function moves them, and schema paths are relative to `root`.
   */
  startFunction(root: Pointer): void;
  readonly hoisted: readonly Hoisted[];
  readonly helpers: ReadonlySet<HelperName>;
}

/** A schema whose locations' paths are known relative to the function: its own, or a `$ref` target inlined into it. */
interface Frame {
  readonly root: Pointer;
  readonly prefix: string;
}

export function createCompileState(index: SchemaIndex, namer: Namer, roots: readonly Pointer[]): CompileState {
  const byPointer = new Map<Pointer, LocationFunctions>();
  const evaluatedQueued = new Set<Pointer>();
  const queue: PendingWork[] = [];
  const hoistedByKey = new Map<string, Code>();
  const hoisted: Hoisted[] = [];
  const helpers = new Set<HelperName>();
  const dialects = new Map<Pointer, Dialect>();
  let counters = new Map<string, number>();
  let frames: Frame[] = [];

  const namesFor = (pointer: Pointer): LocationFunctions => {
    const representative = shapes.representative(pointer);
    const known = byPointer.get(representative);
    if (known !== undefined) return known;
    const names = namer.location(representative);
    byPointer.set(representative, names);
    queue.push({ kind: "validate", pointer: representative, names });
    return names;
  };

  const schemaPath = (pointer: Pointer): string => {
    for (let i = frames.length - 1; i >= 0; i--) {
      const { root, prefix } = frames[i] as Frame;
      if (pointer === root) return prefix;
      if (pointer.startsWith(root === "#" ? "#/" : `${root}/`)) return prefix + pointer.slice(root.length);
    }
    throw new Error(`validators: ${pointer} lies outside the function being emitted`);
  };

  const context: CompileContext = {
    index,
    functionsFor: namesFor,
    evaluatedFor(pointer) {
      const names = namesFor(pointer);
      const representative = shapes.representative(pointer);
      if (!evaluatedQueued.has(representative)) {
        evaluatedQueued.add(representative);
        queue.push({ kind: "evaluated", pointer: representative, names });
      }
      return names.evaluated;
    },
    worthCalling(pointer) {
      return shapes.worthCalling(pointer);
    },
    schemaPath,
    inlined(target, site, emit) {
      frames.push({ root: target, prefix: schemaPath(site) });
      try {
        return emit();
      } finally {
        frames.pop();
      }
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

  const shapes: SharedShapes = shareIdenticalShapes({ index, dialectAt: context.dialectAt, view: context.view }, roots);

  return {
    context,
    drain(emit) {
      for (let work = queue.shift(); work !== undefined; work = queue.shift()) emit(work);
    },
    startFunction(root) {
      counters = new Map();
      frames = [{ root, prefix: "" }];
    },
    hoisted,
    helpers,
  };
}
