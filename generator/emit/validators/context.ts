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
import type { Int64Reading } from "../../schema/integers.js";
import { appendPointer, type Pointer } from "../../json.js";
import { code, ident, type Code } from "../code.js";
import { schemaView, type Dialect } from "./dialect.js";
import { enterResource, EMPTY_SCOPE, type DynamicScope } from "./dynamic-scope.js";
import { hashOf, type LocationFunctions, type Namer } from "./names.js";
import type { HelperName } from "./runtime-helpers.js";
import { shareIdenticalShapes, type SharedShapes } from "./shapes.js";

export type { LocationFunctions } from "./names.js";

export interface CompileContext {
  readonly index: SchemaIndex;
  /** How 64-bit integer locations are read (schema/integers.ts): as `bigint`, their `integer` is a bigint and numbers compare exactly. */
  readonly int64: Int64Reading;
  /** The dynamic scope code compiled in this context runs in (dynamic-scope.ts). */
  readonly scope: DynamicScope;
  /** This context after entering the resource of the schema at `pointer` (itself, unless that brings dynamic anchors). */
  enter(pointer: Pointer): CompileContext;
  /** The functions for the schema at `pointer` in this scope; the first request queues them for emission. */
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
  /** The context to compile it in: the scope it was asked for in. */
  readonly context: CompileContext;
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
   * other function moves them, and schema paths are relative to `root` (from the document root
   * for a sole root).
   */
  startFunction(root: Pointer): void;
  /** Whether the functions of this root serve only its exported validator (shapes.ts): their issues' schema paths are already from the document root. */
  soleRoot(pointer: Pointer): boolean;
  readonly hoisted: readonly Hoisted[];
  readonly helpers: ReadonlySet<HelperName>;
}

/** A schema whose locations' paths are known relative to the function: its own, or a `$ref` target inlined into it. */
interface Frame {
  readonly root: Pointer;
  readonly prefix: string;
}

export function createCompileState(
  index: SchemaIndex,
  namer: Namer,
  roots: readonly Pointer[],
  int64: Int64Reading = "number",
): CompileState {
  const byPointer = new Map<Pointer, LocationFunctions>();
  const evaluatedQueued = new Set<Pointer>();
  const queue: PendingWork[] = [];
  const hoistedByKey = new Map<string, Code>();
  const hoisted: Hoisted[] = [];
  const helpers = new Set<HelperName>();
  const dialects = new Map<Pointer, Dialect>();
  let counters = new Map<string, number>();
  let frames: Frame[] = [];

  const contexts = new Map<string, CompileContext>();

  const schemaPath = (pointer: Pointer): string => {
    for (let i = frames.length - 1; i >= 0; i--) {
      const { root, prefix } = frames[i] as Frame;
      if (pointer === root) return prefix;
      if (pointer.startsWith(root === "#" ? "#/" : `${root}/`)) return prefix + pointer.slice(root.length);
    }
    throw new Error(`validators: ${pointer} lies outside the function being emitted`);
  };

  /**
   * The location whose functions serve `pointer` in `scope`, and their symbol's key: the class
   * representative (shapes.ts) outside dynamic scopes; a location in a non-empty scope is its own
   * symbol, named as if one segment below it (a document with dynamic references shares nothing).
   */
  const servedBy = (pointer: Pointer, scope: DynamicScope): { readonly pointer: Pointer; readonly key: Pointer } => {
    if (scope.key !== "") return { pointer, key: appendPointer(pointer, `$dynamicScope_${hashOf(scope.key, 8)}`) };
    const representative = shapes.representative(pointer);
    return { pointer: representative, key: representative };
  };

  const namesFor = (pointer: Pointer, context: CompileContext): LocationFunctions => {
    const served = servedBy(pointer, context.scope);
    const known = byPointer.get(served.key);
    if (known !== undefined) return known;
    const names = namer.location(served.key);
    byPointer.set(served.key, names);
    queue.push({ kind: "validate", pointer: served.pointer, names, context });
    return names;
  };

  const contextIn = (scope: DynamicScope): CompileContext => {
    const known = contexts.get(scope.key);
    if (known !== undefined) return known;
    const scoped: CompileContext = {
      ...context,
      scope,
      enter(pointer) {
        const next = enterResource(index, scope, pointer);
        return next === scope ? scoped : contextIn(next);
      },
      functionsFor: (pointer) => namesFor(pointer, scoped),
      evaluatedFor(pointer) {
        const names = namesFor(pointer, scoped);
        const served = servedBy(pointer, scope);
        if (!evaluatedQueued.has(served.key)) {
          evaluatedQueued.add(served.key);
          queue.push({ kind: "evaluated", pointer: served.pointer, names, context: scoped });
        }
        return names.evaluated;
      },
    };
    contexts.set(scope.key, scoped);
    return scoped;
  };

  const context: CompileContext = {
    index,
    int64,
    scope: EMPTY_SCOPE,
    enter: (pointer) => contextIn(EMPTY_SCOPE).enter(pointer),
    functionsFor: (pointer) => contextIn(EMPTY_SCOPE).functionsFor(pointer),
    evaluatedFor: (pointer) => contextIn(EMPTY_SCOPE).evaluatedFor(pointer),
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
      const found = index.dialectAt(pointer);
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
    context: contextIn(EMPTY_SCOPE),
    drain(emit) {
      for (let work = queue.shift(); work !== undefined; work = queue.shift()) emit(work);
    },
    startFunction(root) {
      counters = new Map();
      // A function only its exported validator calls says its schema paths from the document root.
      frames = [{ root, prefix: shapes.soleRoot(root) ? root : "" }];
    },
    soleRoot: (pointer) => shapes.soleRoot(pointer),
    hoisted,
    helpers,
  };
}
