/**
 * What every module beside this one exports by default: a validate function in Ajv's standalone
 * form (load/checks-source.ts), which keeps the errors of its last call on itself.
 */
import type { ErrorObject } from "ajv";

export interface Check {
  (data: unknown): boolean;
  readonly errors?: readonly ErrorObject[] | null | undefined;
}
