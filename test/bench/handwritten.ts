/**
 * What a careful person would write by hand for the two largest payloads: straight-line checks,
 * no helpers, no allocation, enums as `===` chains. It is the practical speed limit the generated
 * code is measured against, so it does exactly the schema's checks and nothing more.
 */

export function handIsSnapshotResult(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const snapshot = value as Record<string, unknown>;
  if (snapshot.capture_state !== "safe") return false;
  const elements = snapshot.elements;
  if (!Array.isArray(elements)) return false;
  for (let i = 0; i < elements.length; i++) {
    const element: unknown = elements[i];
    if (typeof element !== "object" || element === null || Array.isArray(element)) return false;
    const e = element as Record<string, unknown>;
    if (typeof e.ref !== "string" || typeof e.role !== "string" || typeof e.label !== "string") return false;
    const ops = e.ops;
    if (!Array.isArray(ops)) return false;
    for (let j = 0; j < ops.length; j++) {
      const op: unknown = ops[j];
      if (op !== "click" && op !== "type" && op !== "press") return false;
    }
  }
  return true;
}

export function handIsBatchParams(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const params = value as Record<string, unknown>;
  if (typeof params.token !== "string") return false;
  const steps = params.steps;
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > 20) return false;
  for (let i = 0; i < steps.length; i++) {
    const step: unknown = steps[i];
    if (typeof step !== "object" || step === null || Array.isArray(step)) return false;
    const s = step as Record<string, unknown>;
    if (typeof s.ref !== "string") return false;
    const op = s.op;
    if (op !== "click" && op !== "type" && op !== "press") return false;
    if (s.text !== undefined && typeof s.text !== "string") return false;
    if (s.key !== undefined && typeof s.key !== "string") return false;
  }
  return true;
}
