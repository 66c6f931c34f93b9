/**
 * The module-scope symbols one compilation's functions ask for: constants hoisted out of them
 * (regexes, Sets, deep constants) and runtime helpers. Each is a binding (code.ts) that the module
 * declares only if the code it writes reads it (module.ts), named by the namer (names.ts).
 */
import { binding, code, ifUsed, type Binding, type Code } from "../code.js";
import type { Namer } from "./names.js";
import type { HelperName } from "./runtime-helpers.js";

/** A module-scope constant: its declaration (written only if the constant is read), and the name it is sorted by. */
export interface Hoisted {
  readonly name: string;
  readonly declaration: Code;
}

export class ModuleScope {
  readonly #namer: Namer;
  readonly #constantsByKey = new Map<string, Binding>();
  /** In the order they were first asked for. */
  readonly #hoisted: Hoisted[] = [];
  readonly #helpers = new Map<HelperName, Binding>();

  constructor(namer: Namer) {
    this.#namer = namer;
  }

  get hoisted(): readonly Hoisted[] {
    return this.#hoisted;
  }

  /** The helpers asked for, each by its binding. */
  get helpers(): ReadonlyMap<HelperName, Binding> {
    return this.#helpers;
  }

  /**
   * A module-scope constant, deduplicated by `key`, named `${kind}_<hash of key>`; `type`, when
   * given, is written on it (a JSON value's constant is `unknown`: the compiler would otherwise
   * infer, and compare, the literal's whole type, which a deeply nested one overflows).
   */
  hoist(key: string, kind: string, init: () => Code, type?: Code): Binding {
    const known = this.#constantsByKey.get(key);
    if (known !== undefined) return known;
    const name = this.#namer.constant(key, kind);
    const constant = binding(name);
    this.#constantsByKey.set(key, constant);
    // `init` may hoist constants of its own, which are recorded before this one.
    const declared = type === undefined ? code`${constant.declared}` : code`${constant.declared}: ${type}`;
    this.#hoisted.push({ name, declaration: ifUsed(constant, code`const ${declared} = ${init()};`) });
    return constant;
  }

  helper(name: HelperName): Binding {
    const known = this.#helpers.get(name);
    if (known !== undefined) return known;
    const helper = binding(this.#namer.helper(name));
    this.#helpers.set(name, helper);
    return helper;
  }
}
