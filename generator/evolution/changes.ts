/**
 * The vocabulary of a contract diff: what kind of change, how bad it is for an existing caller,
 * and the one deterministic order every rendering uses.
 */
import { assertNever } from "../errors.js";
import { byCodeUnits } from "../order.js";
import type { Pointer } from "../json.js";
import type { Cost } from "../schema/keyword-table.js";

/**
 * `breaking`: existing callers fail (compile or on the wire). `dangerous`: callers still compile
 * but may misbehave (a result value their exhaustive switch never saw). `non-breaking`: safe.
 * `annotation`: documentation only.
 */
export type Severity = "breaking" | "dangerous" | "non-breaking" | "annotation";

export const SEVERITIES: readonly Severity[] = ["breaking", "dangerous", "non-breaking", "annotation"];

export type ChangeKind =
  | "id_changed_major"
  | "id_changed"
  | "method_added"
  | "method_removed"
  | "method_renamed"
  | "notification_added"
  | "notification_removed"
  | "param_added_optional"
  | "param_added_required"
  | "param_removed"
  | "param_became_required"
  | "param_became_optional"
  | "field_added"
  | "field_removed"
  | "field_became_optional"
  | "field_became_required"
  | "type_narrowed"
  | "type_widened"
  | "type_changed"
  | "enum_value_added"
  | "enum_value_removed"
  | "const_changed"
  | "bound_tightened"
  | "bound_loosened"
  | "nullable_added"
  | "nullable_removed"
  | "keyword_changed"
  | "description_changed";

export interface Change {
  readonly severity: Severity;
  readonly kind: ChangeKind;
  /** The method whose params or result reach the change; absent for contract-wide changes. */
  readonly method?: string;
  /** Where the change sits: in the new schema, or in the old one for something removed. */
  readonly pointer: Pointer;
  readonly message: string;
}

/**
 * Which side of the wire a schema describes, seen from the client. `sends`: params, so a
 * narrower schema rejects calls that used to work. `receives`: results, so a wider schema
 * delivers values the caller's code was never written for.
 */
export type Direction = "sends" | "receives";

/**
 * The accepted set of values shrank (`narrower`), grew (`wider`), or both (`changed`: a changed
 * pattern, a type swapped for another).
 */
export type Effect = "narrower" | "wider" | "changed";

/**
 * What a change of the accepted set costs on one side of the wire (the keyword table's `Cost`,
 * generator/schema/keyword-table.ts). A change both ways costs the worse of the two.
 */
export function severityOf(cost: Cost, effect: Effect): Severity {
  if (effect === "changed") {
    const [narrower, wider] = [severityOf(cost, "narrower"), severityOf(cost, "wider")];
    return RANK[narrower] <= RANK[wider] ? narrower : wider;
  }
  switch (cost) {
    case "narrowing-breaks":
      return effect === "narrower" ? "breaking" : "non-breaking";
    case "widening-breaks":
      return effect === "wider" ? "breaking" : "non-breaking";
    case "widening-dangerous":
      return effect === "wider" ? "dangerous" : "non-breaking";
    case "any-change-breaks":
      return "breaking";
    case "annotation":
      return "annotation";
    case "per-member":
    case "none":
      // Such keywords never report a change of their own: their members (or targets) do.
      throw new Error(`a ${cost} keyword has no severity of its own`);
    default:
      return assertNever(cost, "cost");
  }
}

const RANK: Readonly<Record<Severity, number>> = { breaking: 0, dangerous: 1, "non-breaking": 2, annotation: 3 };

/** Severity rank, then method (contract-wide first), pointer, kind, message. */
export function compareChanges(a: Change, b: Change): number {
  return (
    RANK[a.severity] - RANK[b.severity] ||
    byCodeUnits(a.method ?? "", b.method ?? "") ||
    byCodeUnits(a.pointer, b.pointer) ||
    byCodeUnits(a.kind, b.kind) ||
    byCodeUnits(a.message, b.message)
  );
}
