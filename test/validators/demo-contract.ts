/**
 * The demo contract's schema, read from the fenced JSON in the shared contract document (so the
 * validator tests do not depend on when contract/ is committed), and the shapes it defines.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

const HERE = dirname(fileURLToPath(import.meta.url));
export const CONTRACT_MD = resolve(HERE, "../../../shared/contracts/rightkit-agent-demo-contract-v1.md");

export function demoSchema(): Record<string, unknown> {
  const text = readFileSync(CONTRACT_MD, "utf8");
  const fences = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1] ?? "null") as unknown);
  const schema = fences.find(
    (fence): fence is Record<string, unknown> =>
      typeof fence === "object" && fence !== null && (fence as { $id?: unknown }).$id === "rightkit.agent.demo.v1",
  );
  if (schema === undefined) throw new Error(`no rightkit.agent.demo.v1 schema fence in ${CONTRACT_MD}`);
  return schema;
}

export interface Shape {
  /** The TypeScript name the lead's naming module gives it. */
  readonly name: string;
  readonly pointer: string;
}

const METHODS = ["request", "apps", "snapshot", "act", "batch", "end"] as const;
const SHARED: readonly Shape[] = [
  { name: "Token", pointer: "#/$defs/token" },
  { name: "ElementRef", pointer: "#/$defs/elementRef" },
  { name: "ElementOp", pointer: "#/$defs/elementOp" },
  { name: "Step", pointer: "#/$defs/step" },
  { name: "ErrorCode", pointer: "#/$defs/errorCode" },
];

/** Every method's params and result, then the shared $defs shapes. */
export const DEMO_SHAPES: readonly Shape[] = [
  ...METHODS.flatMap((method) => {
    const stem = method[0]?.toUpperCase() + method.slice(1);
    return [
      { name: `${stem}Params`, pointer: `#/$defs/${method}/params` },
      { name: `${stem}Result`, pointer: `#/$defs/${method}/result` },
    ];
  }),
  ...SHARED,
];

export const ERROR_CODES = [
  "demo_disabled",
  "consent_denied",
  "invalid_token",
  "session_ended",
  "session_killed",
  "unknown_app",
  "not_armed",
  "permission_missing",
  "target_blocked",
  "capture_unsafe",
  "invalid_arguments",
  "service_unavailable",
  "malformed_response",
] as const;
