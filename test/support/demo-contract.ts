/**
 * The demo contract's schema, contract/rightkit.agent.demo.v1.schema.json (golden.test.ts proves it
 * is the upstream document's schema, by the sha256 in test/fixtures/contract-facts), and the
 * shapes it defines.
 */
import { readFileSync } from "node:fs";

const DEMO_SCHEMA_FILE = new URL("../../contract/rightkit.agent.demo.v1.schema.json", import.meta.url);

export function demoSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(DEMO_SCHEMA_FILE, "utf8")) as Record<string, unknown>;
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

/** The schema's errorCode enum (error-codes.test.ts holds it to the document's table). */
export const ERROR_CODES: readonly string[] = (demoSchema()["$defs"] as { errorCode: { enum: string[] } }).errorCode.enum;
