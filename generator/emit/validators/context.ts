/**
 * The state of one compilation: the functions of the schema locations met so far (Locations), the
 * function being emitted (function-body.ts), and the module-scope constants and runtime helpers
 * (module-scope.ts), each a binding (code.ts) that the module declares only if the code it writes
 * reads it (module.ts). It lives only as long as one `emitValidators` call — nothing is kept at
 * module level, so two compilations can never see each other's names. Names come from the namer
 * (names.ts), which names each symbol from what it is; locals are numbered per function.
 * Identical locations share one set of functions (shapes.ts): asking for any member's functions
 * gives its class representative's. Keyword emitters see the state through a CompileContext, one
 * per dynamic scope.
 */
import { BindgenError } from "../../errors.js";
import type { SchemaGraph } from "../../resolve/index.js";
import type { Int64Reading } from "../../schema/integers.js";
import { appendPointer, type Pointer } from "../../json.js";
import { binding, code, ifUsed, join, type Binding, type Code } from "../code.js";
import { enterResource, EMPTY_SCOPE, type DynamicScope } from "./dynamic-scope.js";
import { FunctionBody } from "./function-body.js";
import { ModuleScope, type Hoisted } from "./module-scope.js";
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
  /** Every schema location the compiler reads, each with its dialect and its schema as the dialect means it. */
  readonly graph: SchemaGraph;
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
  /** A fresh local: `${prefix}${n}`, `n` counting per prefix within the function being emitted. */
  local(prefix: string): Binding;
  /** A module-scope constant, deduplicated by `key`, named `${kind}_<hash of key>`. */
  hoist(key: string, kind: string, init: () => Code, type?: Code): Binding;
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

/**
 * What the contexts of one compilation share: the schema, the sharing of identical shapes, and the
 * state each part keeps — the locations met, the function being emitted, the module's symbols.
 */
interface Compilation {
  readonly graph: SchemaGraph;
  readonly int64: Int64Reading;
  readonly shapes: SharedShapes;
  readonly locations: Locations;
  readonly body: FunctionBody;
  readonly moduleScope: ModuleScope;
  /** One context per dynamic scope met, by the scope's key. */
  readonly contexts: Map<string, ScopedContext>;
}

/**
 * The state of one compilation (see the top of this file), for the module compiler (module.ts):
 * it asks for the roots' functions through `context`, then compiles each function something calls.
 */
export class CompileState {
  /** The context of the empty dynamic scope, where every exported validator starts. */
  readonly context: CompileContext;
  readonly #compilation: Compilation;

  constructor(graph: SchemaGraph, namer: Namer, roots: readonly Pointer[], int64: Int64Reading = "number") {
    const shapes = shareIdenticalShapes(graph, roots);
    this.#compilation = {
      graph,
      int64,
      shapes,
      locations: new Locations(namer, shapes),
      body: new FunctionBody(),
      moduleScope: new ModuleScope(namer),
      contexts: new Map(),
    };
    this.context = ScopedContext.of(this.#compilation, EMPTY_SCOPE);
  }

  /** The function `name` names, if it names one of the locations' functions. */
  workFor(name: Binding): PendingWork | undefined {
    return this.#compilation.locations.workFor(name);
  }

  /**
   * Starts the body of `fn`, for the schema at `root`: its locals are numbered from 1 again, so no
   * other function moves them, its depth is `fn`'s, and schema paths are relative to `root` (from
   * the document root for a sole root).
   */
  startFunction(root: Pointer, fn: ValidatorFunction): void {
    // A function only its exported validator calls says its schema paths from the document root.
    this.#compilation.body.start(fn.depth, root, this.soleRoot(root) ? root : "");
  }

  /** Whether the functions of this root serve only its exported validator (shapes.ts): their issues' schema paths are already from the document root. */
  soleRoot(pointer: Pointer): boolean {
    return this.#compilation.shapes.soleRoot(pointer);
  }

  get hoisted(): readonly Hoisted[] {
    return this.#compilation.moduleScope.hoisted;
  }

  /** The helpers asked for, each by its binding: the module holds those the code it writes reads. */
  get helpers(): ReadonlyMap<HelperName, Binding> {
    return this.#compilation.moduleScope.helpers;
  }
}

/** The compile context in one dynamic scope: the scope is its own; all else it reads and adds to is the compilation's. */
class ScopedContext implements CompileContext {
  readonly scope: DynamicScope;
  readonly #compilation: Compilation;

  /** The context of `scope`, made the first time the scope is met. */
  static of(compilation: Compilation, scope: DynamicScope): ScopedContext {
    const known = compilation.contexts.get(scope.key);
    if (known !== undefined) return known;
    const context = new ScopedContext(compilation, scope);
    compilation.contexts.set(scope.key, context);
    return context;
  }

  private constructor(compilation: Compilation, scope: DynamicScope) {
    this.#compilation = compilation;
    this.scope = scope;
  }

  get graph(): SchemaGraph {
    return this.#compilation.graph;
  }

  get int64(): Int64Reading {
    return this.#compilation.int64;
  }

  enter(pointer: Pointer): CompileContext {
    const next = enterResource(this.#compilation.graph, this.scope, pointer);
    return next === this.scope ? this : ScopedContext.of(this.#compilation, next);
  }

  functionsFor(pointer: Pointer): LocationFunctions {
    return this.#compilation.locations.functionsFor(pointer, this);
  }

  depth(): Binding {
    return this.#compilation.body.depth();
  }

  worthCalling(pointer: Pointer): boolean {
    return this.#compilation.shapes.worthCalling(pointer);
  }

  schemaPath(pointer: Pointer): string {
    return this.#compilation.body.schemaPath(pointer);
  }

  inlined<T>(target: Pointer, site: Pointer, emit: () => T): T {
    return this.#compilation.body.inlined(target, site, emit);
  }

  local(prefix: string): Binding {
    return this.#compilation.body.local(prefix);
  }

  hoist(key: string, kind: string, init: () => Code, type?: Code): Binding {
    return this.#compilation.moduleScope.hoist(key, kind, init, type);
  }

  helper(name: HelperName): Binding {
    return this.#compilation.moduleScope.helper(name);
  }

  refuse(keyword: string, pointer: Pointer, why: string): never {
    throw new BindgenError("unsupported_keyword", `${keyword} at ${pointer} is not supported by the validator compiler: ${why}`, {
      file: this.#compilation.graph.file,
      keyword,
      pointer,
    });
  }
}

/**
 * The schema locations met so far, each with its three functions and the work of compiling them.
 * Identical locations share one set of functions (shapes.ts): asking for any member's functions
 * gives its class representative's.
 */
class Locations {
  readonly #namer: Namer;
  readonly #shapes: SharedShapes;
  /** By the key of the symbol that serves them (`#servedBy`). */
  readonly #functions = new Map<Pointer, LocationFunctions>();
  readonly #works = new Map<Binding, PendingWork>();

  constructor(namer: Namer, shapes: SharedShapes) {
    this.#namer = namer;
    this.#shapes = shapes;
  }

  /** The functions for the schema at `pointer`, asked for in `context`: compiled in it if they are new. */
  functionsFor(pointer: Pointer, context: CompileContext): LocationFunctions {
    const served = this.#servedBy(pointer, context.scope);
    const known = this.#functions.get(served.key);
    if (known !== undefined) return known;
    const names = this.#namer.location(served.key);
    const functions: LocationFunctions = {
      stem: names.stem,
      is: validatorFunction(names.is),
      check: validatorFunction(names.check),
      evaluated: evaluatedFunction(names.evaluated),
    };
    this.#functions.set(served.key, functions);
    const location = { pointer: served.pointer, stem: names.stem, context };
    this.#works.set(functions.is.name, { kind: "matches", fn: functions.is, ...location });
    this.#works.set(functions.check.name, { kind: "check", fn: functions.check, ...location });
    this.#works.set(functions.evaluated.name, { kind: "evaluated", fn: functions.evaluated, ...location });
    return functions;
  }

  workFor(name: Binding): PendingWork | undefined {
    return this.#works.get(name);
  }

  /**
   * The location whose functions serve `pointer` in `scope`, and their symbol's key: the class
   * representative (shapes.ts) outside dynamic scopes; a location in a non-empty scope is its own
   * symbol, named as if one segment below it (a document with dynamic references shares nothing).
   */
  #servedBy(pointer: Pointer, scope: DynamicScope): { readonly pointer: Pointer; readonly key: Pointer } {
    if (scope.key !== "") return { pointer, key: appendPointer(pointer, `$dynamicScope_${hashOf(scope.key, 8)}`) };
    const representative = this.#shapes.representative(pointer);
    return { pointer: representative, key: representative };
  }
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
