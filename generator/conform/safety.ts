/**
 * Safe by default: a method whose binding marks side effects is called only with cases a
 * conforming host refuses (negative cases, values it never issued) unless --include-side-effects,
 * and a method that waits for a person is not called at all unless --include-waiting (for hosts
 * that answer by themselves, as the conformance host does). A method without a mark is called
 * as read-only: the binding claims nothing, and conform cannot know better.
 */
import type { PlannedMethod } from "./plan.js";

export interface Safety {
  readonly includeSideEffects: boolean;
  readonly includeWaiting: boolean;
}

/** How a call is meant: to succeed, or to be refused by a conforming host. */
export type Intent = "succeed" | "be-refused";

/** Why `method` may not be called with this intent, or undefined when it may. */
export function refusalToCall(method: PlannedMethod, intent: Intent, safety: Safety): string | undefined {
  if (method.waitsForPerson && !safety.includeWaiting) return `${method.tool} waits for a person (--include-waiting calls it)`;
  const effects = method.sideEffects;
  if (intent === "succeed" && effects !== undefined && effects !== "none" && !safety.includeSideEffects) {
    return `${method.tool} has side effects (${effects}; --include-side-effects calls it with cases meant to succeed)`;
  }
  return undefined;
}
