/**
 * Turns generated TypeScript into a live module for tests: esbuild strips the types (CommonJS
 * output), and the code runs in a fresh function scope with its own `exports`.
 */
import { transformSync } from "esbuild";

export interface LoadedValidator {
  validate(
    value: unknown,
  ):
    | { ok: true; value: unknown }
    | { ok: false; issues: { instancePath: string; schemaPath: string; keyword: string; message: string }[] };
  isValid(value: unknown): boolean;
  readonly [name: string]: unknown;
}

export function loadModule<T = LoadedValidator>(typescript: string): T {
  const { code } = transformSync(typescript, { loader: "ts", format: "cjs", target: "es2022" });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", code)(module, module.exports);
  return module.exports as T;
}
