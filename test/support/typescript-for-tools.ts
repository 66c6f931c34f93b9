/**
 * For tests that run a tool needing TypeScript's JavaScript API (dependency-cruiser): from now on
 * in this process, `typescript` resolves to the 5.9 alias (typescript-for-tools.mjs says why).
 * Call before the tool is first imported.
 */
import Module, { register } from "node:module";
// @ts-expect-error a plain ES module of hooks, with no declarations
import { aliased } from "./typescript-for-tools.mjs";

type Resolve = (request: string, ...rest: unknown[]) => string;

let done = false;

export function typescriptForTools(): void {
  if (done) return;
  done = true;
  register(new URL("./typescript-for-tools.mjs", import.meta.url));
  const commonjs = Module as unknown as { _resolveFilename: Resolve };
  const original = commonjs._resolveFilename;
  commonjs._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return original.call(this, (aliased as (specifier: string) => string)(request), ...rest);
  };
}
