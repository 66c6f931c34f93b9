/**
 * Strings from a schema never become code: hostile descriptions, enum values and property names
 * produce a binding that compiles and means exactly what the schema says.
 */
import { Project } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { generateFiles, type Generated } from "../../generator/pipeline.js";

let generated: Generated;
let project: Project;

beforeAll(async () => {
  // typeCheck "always": the pipeline itself refuses code that does not compile.
  generated = await generateFiles({ contract: "test/fixtures/hostile/schema.json" }, { typeCheck: "always" });
  project = new Project({ useInMemoryFileSystem: true });
  for (const [path, text] of generated.files) project.createSourceFile(`/out/${path}`, text);
});

const types = (): string => generated.files.get("hostile.v1/types.ts") as string;

describe("hostile schema strings", () => {
  it("keeps comment terminators inside comments", () => {
    const file = project.getSourceFileOrThrow("/out/hostile.v1/types.ts");
    expect(file.getVariableDeclarations()).toHaveLength(0);
    expect(types()).not.toMatch(/^\s*export const injected/m);
    expect(types()).toContain("*\\/ export const injected = 1; /*");
  });

  it("writes enum values as exact string literal types", () => {
    const alias = project.getSourceFileOrThrow("/out/hostile.v1/types.ts").getTypeAliasOrThrow("Quoted");
    const values = alias
      .getType()
      .getUnionTypes()
      .map((t) => t.getLiteralValue());
    expect(values).toEqual([
      'a"b',
      "back`tick",
      "${process.exit(1)}",
      "new\nline",
      "sep\u2028arator",
      "</script>",
      "\\u0041",
      "*/",
    ]);
  });

  it("keeps awkward property names as the exact keys", () => {
    const keys = project.getSourceFileOrThrow("/out/hostile.v1/types.ts").getInterfaceOrThrow("Keys");
    const props = keys
      .getType()
      .getProperties()
      .map((p) => p.getName());
    expect(props.sort()).toEqual(["", "*/", "0x", "__proto__", "a-b", "class", "constructor", "default"].sort());
    const required = keys
      .getProperties()
      .filter((p) => !p.hasQuestionToken())
      .map((p) => p.getSymbolOrThrow().getName());
    expect(required.sort()).toEqual(["", "__proto__", "a-b", "constructor"].sort());
  });

  it("never shadows globals or reserved words with type names", () => {
    const names = generated.model.types.map((t) => t.name);
    expect(names).not.toContain("Record");
    expect(names).not.toContain("class");
    expect(names).toContain("RecordType");
    expect(names).toContain("Class");
  });

  it("turns an object const with a __proto__ key into a literal type with that own key", () => {
    const alias = project.getSourceFileOrThrow("/out/hostile.v1/types.ts").getTypeAliasOrThrow("ABC");
    expect(
      alias
        .getType()
        .getProperties()
        .map((p) => p.getName())
        .sort(),
    ).toEqual(["__proto__", "nested"]);
  });
});
