/**
 * The function whose body is being emitted: its depth parameter, its locals and the schemas its
 * locations' paths are relative to. The validator compiler emits one function at a time
 * (module.ts starts each in turn), so this is the one part of a compilation that changes between
 * functions: everything here is dropped when the next one starts.
 */
import type { Pointer } from "../../json.js";
import { binding, type Binding } from "../code.js";

/** A schema whose locations' paths are known relative to the function: its own, or a `$ref` target inlined into it. */
interface Frame {
  readonly root: Pointer;
  readonly prefix: string;
}

type Stage =
  | { readonly kind: "between" }
  | {
      readonly kind: "emitting";
      /** How many references deep the function's value sits. */
      readonly depth: Binding;
      /** The last number given to each local prefix: numbered per function, so no other function moves them. */
      readonly locals: Map<string, number>;
      /** The function's own schema first, then each `$ref` target inlined into it, innermost last. */
      readonly frames: Frame[];
    };

const BETWEEN: Stage = { kind: "between" };

export class FunctionBody {
  #stage: Stage = BETWEEN;

  /** Starts a function whose depth parameter is `depth`, for the schema at `root`, its schema paths starting with `prefix`. */
  start(depth: Binding, root: Pointer, prefix: string): void {
    this.#stage = { kind: "emitting", depth, locals: new Map(), frames: [{ root, prefix }] };
  }

  depth(): Binding {
    return this.#emitting("the depth is read").depth;
  }

  /** A fresh local: `${prefix}${n}`, `n` counting per prefix within the function. */
  local(prefix: string): Binding {
    const { locals } = this.#emitting(`a local ${prefix} is asked for`);
    const n = (locals.get(prefix) ?? 0) + 1;
    locals.set(prefix, n);
    return binding(`${prefix}${n}`);
  }

  /** The path from the function's schema to `pointer`, through the `$ref`s inlined on the way. */
  schemaPath(pointer: Pointer): string {
    const frames = this.#stage.kind === "emitting" ? this.#stage.frames : [];
    for (let i = frames.length - 1; i >= 0; i--) {
      const { root, prefix } = frames[i] as Frame;
      if (pointer === root) return prefix;
      if (pointer.startsWith(root === "#" ? "#/" : `${root}/`)) return prefix + pointer.slice(root.length);
    }
    throw new Error(`validators: ${pointer} lies outside the function being emitted`);
  }

  /** Runs `emit` with `target` inlined at `site`: the paths of `target`'s locations continue from `site`'s. */
  inlined<T>(target: Pointer, site: Pointer, emit: () => T): T {
    const { frames } = this.#emitting(`${target} is inlined`);
    frames.push({ root: target, prefix: this.schemaPath(site) });
    try {
      return emit();
    } finally {
      frames.pop();
    }
  }

  #emitting(what: string): Extract<Stage, { kind: "emitting" }> {
    if (this.#stage.kind === "between") throw new Error(`validators: ${what} outside a function`);
    return this.#stage;
  }
}
