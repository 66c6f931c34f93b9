/** The post-check refuses generated code that does not compile, and says why. */
import { expect, it } from "vitest";
import { BindgenError } from "../../generator/errors.js";
import { typeCheck } from "../../generator/output/typecheck.js";

it("refuses a generation that does not compile, naming the file and line, with every diagnostic", async () => {
  const files = new Map([
    ["demo/types.ts", "export interface A {\n  x: string;\n}\n"],
    [
      "demo/index.ts",
      'import type { A } from "./types.js";\n\nexport const a: A = { x: 1 };\nexport const b: number | undefined = [1][0];\nexport const c: number = b;\n',
    ],
  ]);
  let caught: unknown;
  try {
    await typeCheck(files);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(BindgenError);
  const error = caught as BindgenError;
  expect(error.code).toBe("type_check");
  expect(error.oneLine()).toMatch(
    /^demo\/index\.ts:3: generated code does not compile: Type 'number' is not assignable to type 'string'\. \(and 1 more\)$/,
  );
  expect(error.details).toContain("Type 'number | undefined' is not assignable to type 'number'");
});

it("accepts code that compiles under the strict options", async () => {
  await expect(typeCheck(new Map([["ok/index.ts", "export const n: number = 1;\n"]]))).resolves.toBeUndefined();
});
