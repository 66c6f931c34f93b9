/**
 * MCP tool annotations from what a binding says about a method's effects (per method
 * `sideEffects`, docs/binding-file.md). A method the binding does not mark publishes no hint:
 * an absent hint lets a client assume the worst, a wrong one would tell it a destructive tool is
 * safe.
 */
import type { SideEffects } from "../load/binding.js";

/** The hints MCP defines for this; other annotations are not the binding's to say. */
export interface EffectHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
}

/**
 * none → read-only; additive → writes, but destroys nothing; destructive → writes and may
 * destroy. `destructiveHint` is left out of a read-only tool: MCP reads it only when
 * `readOnlyHint` is false.
 */
export function effectHints(marking: SideEffects | undefined): EffectHints | undefined {
  switch (marking) {
    case undefined:
      return undefined;
    case "none":
      return { readOnlyHint: true };
    case "additive":
      return { readOnlyHint: false, destructiveHint: false };
    case "destructive":
      return { readOnlyHint: false, destructiveHint: true };
  }
}
