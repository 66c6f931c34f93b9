/**
 * Regression (issue 36): a contract written as schemars writes it — each method's params and
 * result a bare `$ref` to a PascalCase type of the same name — got `type CloseParams2 =
 * CloseParams`, `validateReadResult2` and the like, the numbered names the planner exists to
 * avoid. A bare `$ref` part is now its target, named once; a part with documentation of its own
 * keeps its own type (and then its number: both ask for the name). A method named like the
 * client's own `close` becomes `closeMethod`, and its docs say so.
 */
import { describe, expect, it } from "vitest";
import { generateFiles } from "../../generator/pipeline.js";
import { LATEST } from "../support/compilers.js";

const CONTRACT = "test/fixtures/schemars-shaped/rightkit.test.files.v1.schema.json";

describe("a schemars-shaped contract", async () => {
  const { files } = await generateFiles({ contract: CONTRACT }, { typeCheck: "always", compiler: LATEST });
  const file = (name: string): string => files.get(`rightkit.test.files.v1/${name}`) as string;

  it("declares each bare-$ref part's type once, under the definition's name, with no alias and no number", () => {
    const types = file("types.ts");
    for (const name of ["OpenParams", "OpenResult", "ReadParams", "ReadResult", "CloseParams", "CloseResult", "StatResult"]) {
      expect(types).toContain(`export interface ${name} {`);
      expect(types).not.toContain(`${name}2`);
      expect(types).not.toMatch(new RegExp(`export type \\w+ = ${name};`));
    }
  });

  it("validates each method with the definition's validator, and names none with a number", () => {
    const client = file("client.ts");
    expect(client).toMatch(/validateParams: validateReadParams,\s+validateResult: validateReadResult,/);
    expect(client).toContain("read(params: ReadParams, options?: ToolCallOptions): Promise<ReadResult>");
    expect(file("validators.ts")).not.toMatch(/export function validate(Open|Read|Close)(Params|Result)\d/);
  });

  it("renames a method that meets the client's own member by the one rule, and says so in its docs", () => {
    const client = file("client.ts");
    expect(client).toContain("closeMethod(params: CloseParams, options?: ToolCallOptions): Promise<CloseResult>");
    expect(client).toContain(
      "Named `closeMethod`: `close` is taken (by the client itself, by JavaScript, or by another method).",
    );
    expect(client).toContain("close(): Promise<void>");
  });

  it("keeps a documented part's own type, so its text still shows", () => {
    const types = file("types.ts");
    expect(types).toMatch(/\/\*\*\n \* The file to look at\.\n \*\/\nexport type StatParams2 = StatParams;/);
  });
});
