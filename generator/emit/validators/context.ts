/**
 * The state of one compilation: the functions of the schema locations met so far, the
 * module-scope constants (regexes, Sets, deep constants) and the runtime helpers, each a binding
 * (code.ts) that the module declares only if the code it writes reads it (module.ts). It lives
 * only as long as one `emitValidators` call — nothing is kept at module level, so two
 * compilations can never see each other's names. Names come from the namer (names.ts), which
 * names each symbol from what it is; locals are numbered per function. Identical locations share
 * one set of functions (shapes.ts): asking for any member's functions gives its class
 * representative's.
 */
import { BindgenError } from "../../errors.js";
import type { SchemaIndex } from "../../resolve/index.js";
import type { Int64Reading } from "../../schema/integers.js";
import { appendPointer, type Pointer } from "../../json.js";
import { binding, code, ifUsed, join, type Binding, type Code } from "../code.js";
import type { Dialect } from "../../schema/dialects.js";
import { schemaView } from "../../schema/dialect-view.js";
import { enterResource, EMPTY_SCOPE, type DynamicScope } from "./dynamic-scope.js";
import { hashOf, type Namer } from "./names.js";
import type { HelperName } from "./runtime-helpers.js";
import { shareIdenticalShapes, type SharedShapes } from "./shapes.js";

/**
 * A function the module may declare: its name, and its parameters in call order, each with its
 * type. A parameter is declared only when the body reads it, and a call passes the argument for
 * it only then (`callOf`): a leaf check takes no depth, a function whose checks ignore the value
 * takes no value.
 */
export interface ValidatorFunction {
  readonly name: Binding;
  /** The value it checks, and how many references deep the value sits: every validator function is given both. */
  readonly value: Binding;
  readonly depth: Binding;
  readonly params: readonly { readonly binding: Binding; readonly type: Code }[];
}

/** An annotation-collecting function: given, beside the value and depth, the sets it adds evaluated names and indices to. */
export interface EvaluatedFunction extends ValidatorFunction {
  readonly names: Binding;
  readonly indices: Binding;
}

/** The functions a schema location can be compiled into; each is compiled only when code the module writes calls it. */
export interface LocationFunctions {
  /** The stem the three are named from; emitted functions are ordered by it. */
  readonly stem: string;
  /** `matches<Stem>(x, d): boolean` — the allocation-free fast path. */
  readonly is: ValidatorFunction;
  /** `check<Stem>(x, d): ValidationIssue[] | undefined` — the walk that explains a failure. */
  readonly check: ValidatorFunction;
  /** `evaluated<Stem>(x, d, ps, ix): void` — adds the names and indices it evaluates to `ps`/`ix`, for unevaluated*. */
  readonly evaluated: EvaluatedFunction;
}

/** A call of `fn` with `args`, one per parameter: an argument is written only where the parameter is declared. */
export function callOf(fn: ValidatorFunction, args: readonly Code[]): Code {
  return code`${fn.name}(${join(fn.params.map((param, i) => ifUsed(param.binding, args[i] as Code)))})`;
}

/** `fn`'s parameter list, as its declaration writes it. */
export function parametersOf(fn: ValidatorFunction): Code {
  return join(fn.params.map((param) => ifUsed(param.binding, code`${param.binding.declared}: ${param.type}`)));
}

export interface CompileContext {
  readonly index: SchemaIndex;
  /** How 64-bit integer locations are read (schema/integers.ts): as `bigint`, their `integer` is a bigint and numbers compare exactly. */
  readonly int64: Int64Reading;
  /** The dynamic scope code compiled in this context runs in (dynamic-scope.ts). */
  readonly scope: DynamicScope;
  /** This context after entering the resource of the schema at `pointer` (itself, unless that brings dynamic anchors). */
  enter(pointer: Pointer): CompileContext;
  /** The functions for the schema at `pointer` in this scope. */
  functionsFor(pointer: Pointer): LocationFunctions;
  /** The depth parameter of the function being emitted: how many references deep its value sits. */
  depth(): Binding;
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
  /** A fresh local: `${prefix}${n}`, `n` counting per prefix within the function being emitted. */
  local(prefix: string): Binding;
  /** A module-scope constant, deduplicated by `key`, named `${kind}_<hash of key>`. */
  hoist(key: string, kind: string, init: () => Code): Binding;
  /** A runtime helper: the module holds it when code it writes reads it. */
  helper(name: HelperName): Binding;
  /** Refuses a schema: the public error for keywords the compiler will not honour. */
  refuse(keyword: string, pointer: Pointer, why: string): never;
}

/** Where a location's functions come from. */
interface LocationWork {
  /** The representative of the class the functions serve. */
  readonly pointer: Pointer;
  readonly stem: string;
  /** The context to compile it in: the scope it was asked for in. */
  readonly context: CompileContext;
}

/** One function to compile, when it is called. */
export type PendingWork =
  | (LocationWork & { readonly kind: "matches" | "check"; readonly fn: ValidatorFunction })
  | (LocationWork & { readonly kind: "evaluated"; readonly fn: EvaluatedFunction });

/** A module-scope constant: its declaration (written only if the constant is read), and the name it is sorted by. */
export interface Hoisted {
  readonly name: string;
  readonly declaration: Code;
}

export interface CompileState {
  readonly context: CompileContext;
  /** The function `name` names, if it names one of the locations' functions. */
  workFor(name: Binding): PendingWork | undefined;
  /**
   * Starts the body of `fn`, for the schema at `root`: its locals are numbered from 1 again, so no
   * other function moves them, its depth is `fn`'s, and schema paths are relative to `root` (from
   * the document root for a sole root).
   */
  startFunction(root: Pointer, fn: ValidatorFunction): void;
  /** Whether the functions of this root serve only its exported validator (shapes.ts): their issues' schema paths are already from the document root. */
  soleRoot(pointer: Pointer): boolean;
  readonly hoisted: readonly Hoisted[];
  /** The helpers asked for, each by its binding: the module holds those the code it writes reads. */
  readonly helpers: ReadonlyMap<HelperName, Binding>;
}

/** A function named `name`, of the value and the depth. */
function validatorFunction(name: string): ValidatorFunction {
  const value = binding("x");
  const depth = binding("d");
  return {
    name: binding(name),
    value,
    depth,
    params: [
      { binding: value, type: code`unknown` },
      { binding: depth, type: code`number` },
    ],
  };
}

/** An annotation-collecting function named `name`. */
function evaluatedFunction(name: string): EvaluatedFunction {
  const fn = validatorFunction(name);
  const names = binding("ps");
  const indices = binding("ix");
  return {
    ...fn,
    names,
    indices,
    params: [...fn.params, { binding: names, type: code`Set<string>` }, { binding: indices, type: code`Set<number>` }],
  };
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
  const works = new Map<Binding, PendingWork>();
  const hoistedByKey = new Map<string, Binding>();
  const hoisted: Hoisted[] = [];
  const helpers = new Map<HelperName, Binding>();
  const dialects = new Map<Pointer, Dialect>();
  let counters = new Map<string, number>();
  let frames: Frame[] = [];
  let current: ValidatorFunction | undefined;

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

  const functionsFor = (pointer: Pointer, context: CompileContext): LocationFunctions => {
    const served = servedBy(pointer, context.scope);
    const known = byPointer.get(served.key);
    if (known !== undefined) return known;
    const names = namer.location(served.key);
    const functions: LocationFunctions = {
      stem: names.stem,
      is: validatorFunction(names.is),
      check: validatorFunction(names.check),
      evaluated: evaluatedFunction(names.evaluated),
    };
    byPointer.set(served.key, functions);
    const location = { pointer: served.pointer, stem: names.stem, context };
    works.set(functions.is.name, { kind: "matches", fn: functions.is, ...location });
    works.set(functions.check.name, { kind: "check", fn: functions.check, ...location });
    works.set(functions.evaluated.name, { kind: "evaluated", fn: functions.evaluated, ...location });
    return functions;
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
      functionsFor: (pointer) => functionsFor(pointer, scoped),
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
    depth() {
      if (current === undefined) throw new Error("validators: the depth is read outside a function");
      return current.depth;
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
      return binding(`${prefix}${n}`);
    },
    hoist(key, kind, init) {
      const known = hoistedByKey.get(key);
      if (known !== undefined) return known;
      const name = namer.constant(key, kind);
      const constant = binding(name);
      hoistedByKey.set(key, constant);
      hoisted.push({ name, declaration: ifUsed(constant, code`const ${constant.declared} = ${init()};`) });
      return constant;
    },
    helper(name) {
      const known = helpers.get(name);
      if (known !== undefined) return known;
      const helper = binding(namer.helper(name));
      helpers.set(name, helper);
      return helper;
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
    workFor: (name) => works.get(name),
    startFunction(root, fn) {
      counters = new Map();
      current = fn;
      // A function only its exported validator calls says its schema paths from the document root.
      frames = [{ root, prefix: shapes.soleRoot(root) ? root : "" }];
    },
    soleRoot: (pointer) => shapes.soleRoot(pointer),
    hoisted,
    helpers,
  };
}
