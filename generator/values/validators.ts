/**
 * The validators `conform` judges a host with, and `mock` judges its calls and its own answers
 * with: our own compiler's output for the contract (the code a binding's validators.ts holds),
 * its types erased in process (output/strip-types.ts) and loaded as a module of its own. A
 * validator returns its issue instead of throwing, so one bad answer is one finding and the run
 * goes on, for any `--contract`.
 */
import { emitValidators } from "../emit/validators/index.js";
import type { Pointer } from "../json.js";
import { importStandalone, stripTypes } from "../output/strip-types.js";
import type { SchemaGraph } from "../resolve/index.js";
import type { Int64Reading } from "../schema/integers.js";

export interface Issue {
  readonly instancePath: string;
  readonly message: string;
}

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly issues: readonly Issue[] };

export type Validate = (value: unknown) => Verdict;

/**
 * One validator per pointer asked for (a method's params or result, a notification's params), as
 * the binding's own: in bigint mode (`int64`) a 64-bit location takes a bigint and only a bigint.
 */
export async function compileValidators(
  graph: SchemaGraph,
  pointers: readonly Pointer[],
  int64: Int64Reading = "number",
): Promise<ReadonlyMap<Pointer, Validate>> {
  const unique = [...new Set(pointers)];
  // Names only the compiled module sees; the pointers are what callers know the validators by.
  const entries = unique.map((pointer, i) => ({ name: `Shape${i}`, pointer }));
  const source = `${emitValidators(graph, entries, int64)}`;
  // The code is our compiler's, from the contract: it reads nothing and imports nothing.
  const module = await importStandalone<Record<string, unknown>>(stripTypes("validators.ts", source));
  return new Map(
    entries.map(({ name, pointer }) => {
      const validate = module[`validate${name}`];
      if (typeof validate !== "function") throw new Error(`the compiled validators have no validate${name}`);
      return [pointer, validate as Validate];
    }),
  );
}
