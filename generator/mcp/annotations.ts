/**
 * MCP tool annotations from what a binding says about a method's effects. The binding field
 * (per method `sideEffects`) arrives with issue 21 (`rightkit-bindgen conform`); until then
 * every caller passes `undefined` and no hint is published: an absent hint lets a client
 * assume the worst, a wrong one would tell it a destructive tool is safe.
 */

/** What a method does to the world it reaches, as the binding marks it. */
export type SideEffects = "none" | "additive" | "destructive";

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
