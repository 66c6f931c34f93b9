/**
 * What a careful person would write by hand for the two largest payloads: straight-line checks,
 * no helpers, no allocation. It is the practical speed limit the generated code is measured
 * against, so it does exactly the schema's checks and nothing more.
 */

const OPS = new Set(["click", "type", "press"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function handIsSnapshotResult(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (value.capture_state !== "safe") return false;
  const elements = value.elements;
  if (!Array.isArray(elements)) return false;
  for (let i = 0; i < elements.length; i++) {
    const element: unknown = elements[i];
    if (!isPlainObject(element)) return false;
    if (typeof element.ref !== "string" || typeof element.role !== "string" || typeof element.label !== "string") return false;
    const ops = element.ops;
    if (!Array.isArray(ops)) return false;
    for (let j = 0; j < ops.length; j++) if (!OPS.has(ops[j] as string)) return false;
  }
  return true;
}

export function handIsBatchParams(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (typeof value.token !== "string") return false;
  const steps = value.steps;
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > 20) return false;
  for (let i = 0; i < steps.length; i++) {
    const step: unknown = steps[i];
    if (!isPlainObject(step)) return false;
    if (typeof step.ref !== "string" || !OPS.has(step.op as string)) return false;
    if (step.text !== undefined && typeof step.text !== "string") return false;
    if (step.key !== undefined && typeof step.key !== "string") return false;
  }
  return true;
}
