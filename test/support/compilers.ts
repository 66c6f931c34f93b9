/**
 * The compilers a binding repo may have, installed side by side (package.json: `typescript` is 7,
 * `typescript-6` and `typescript-5.9` are npm aliases): generated code is promised to compile
 * under each (generator/output/typecheck.ts, SUPPORTED_TYPESCRIPT).
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { compilerAt, type Compiler } from "../../generator/output/typecheck.js";

const at = (name: string): Compiler => compilerAt(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)));

export const COMPILERS = {
  "7": at("typescript"),
  "6.0": at("typescript-6"),
  "5.9": at("typescript-5.9"),
} as const satisfies Readonly<Record<string, Compiler>>;

export type CompilerName = keyof typeof COMPILERS;
export const COMPILER_NAMES = Object.keys(COMPILERS) as CompilerName[];

/** The compiler the tests generate with, as a binding repo on `latest` would. */
export const LATEST: Compiler = COMPILERS["7"];
