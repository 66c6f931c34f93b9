/**
 * The runtime's API report (generated/runtime/api.md): every name the runtime's entry exports,
 * with the declaration callers see, committed beside the runtime so a change to what binding
 * repos may import is a visible diff (`check` fails on it until it is regenerated).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runtimeExportNames } from "../../generator/naming/runtime-exports.js";
import { runtimeSurface } from "../../generator/output/api-surface.js";
import { generateFiles } from "../../generator/pipeline.js";
import { runtimeSourceNames } from "../../generator/output/runtime-sources.js";
import { RUNTIME_TEMPLATES_DIR } from "../../generator/package-files.js";

const runtime = new Map(runtimeSourceNames().map((name) => [name, readFileSync(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8")]));

/** The names an entry's `export { … } from` statements and declarations export, read from the source. */
function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const [, list = ""] of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm))
    for (const spec of list
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== ""))
      names.push(
        spec
          .replace(/^type /, "")
          .split(" as ")
          .at(-1) as string,
      );
  for (const [, name = ""] of source.matchAll(/^export (?:declare )?(?:const|function|class|interface|type|enum) (\w+)/gm))
    names.push(name);
  return names.sort();
}

describe("the runtime's API report", () => {
  it("is committed beside the runtime and matches what generate makes", () => {
    expect(readFileSync("generated/runtime/api.md", "utf8")).toBe(runtimeSurface(runtime));
  });

  it("lists every name the entry exports, once, with the module it comes from", () => {
    const surface = runtimeSurface(runtime);
    const listed = [...surface.matchAll(/^\/\/ (?:type )?(\w+)(?: as (\w+))?: [\w/.-]+\.ts$/gm)].map(
      ([, name, alias]) => alias ?? name,
    );
    expect(listed.sort()).toEqual(exportedNames(runtime.get("index.ts") as string));
  });

  it("follows a re-export to its declaration, and refuses one that names nothing there", () => {
    const files = new Map([
      ["index.ts", 'export { shown, type Shape } from "./core/a.js";\n'],
      [
        "core/a.ts",
        "/** docs */\nexport function shown(x: number): string { return String(x); }\nexport interface Shape { a: string }\nexport const hidden = 1;\n",
      ],
    ]);
    const surface = runtimeSurface(files);
    expect(surface).toContain("// shown: core/a.ts\nfunction shown(x: number): string;");
    expect(surface).toContain("// type Shape: core/a.ts\ninterface Shape {");
    expect(surface).not.toContain("hidden");
    expect(() =>
      runtimeSurface(
        new Map([
          ["index.ts", 'export { missing } from "./core/a.js";\n'],
          ["core/a.ts", "export const other = 1;\n"],
        ]),
      ),
    ).toThrow("index.ts: missing is not declared in core/a.ts");
  });

  it("refuses an entry whose API uses a runtime type it does not export", () => {
    const files = new Map([
      ["index.ts", 'export { make } from "./core/a.js";\n'],
      ["core/a.ts", "export type Hidden = { a: string };\nexport function make(): Hidden { return { a: '' }; }\n"],
    ]);
    expect(() => runtimeSurface(files)).toThrow("index.ts: its API uses Hidden (core/a.ts) but does not export it");
  });
});

/**
 * The names an api.md's declarations use, line by line inside its code blocks, outside strings,
 * less property and parameter names (a name followed by `:` or `?:`), as the report's own check
 * reads the runtime's.
 */
function namesUsed(apiMd: string): Set<string> {
  const names = new Set<string>();
  let inCode = false;
  for (const line of apiMd.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    else if (inCode) {
      const bare = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
      for (const [name] of bare.matchAll(/(?<![\w$])[A-Za-z_$][\w$]*(?!\??:|[\w$])/g)) names.add(name);
    }
  }
  return names;
}

describe("a binding's public declarations", () => {
  const publicNames = new Set(exportedNames(runtime.get("index.ts") as string));
  const internalOnly = [...runtimeExportNames()].filter((name) => !publicNames.has(name));
  const committed = [
    "generated/rightkit.agent.demo.v1/api.md",
    "generated/agentcli.v0.2/api.md",
    "test/fixtures/int64/generated/rightkit.test.int64.v1/api.md",
    "examples/binding-repo/generated/rightkit.agent.demo.v1/api.md",
  ];

  it.each(committed)("%s names only the runtime's public API", (file) => {
    const used = namesUsed(readFileSync(file, "utf8"));
    expect(used.has("CliTable")).toBe(true);
    expect(internalOnly.filter((name) => used.has(name))).toEqual([]);
  });

  it("of a binding with no transport name only the runtime's public API", async () => {
    const generated = await generateFiles({ contract: "test/fixtures/recursive-tools/schema.json" }, { typeCheck: "never" });
    const surface = [...generated.files].find(([path]) => path.endsWith("/api.md") && !path.startsWith("runtime/"));
    expect(surface).toBeDefined();
    const used = namesUsed(surface?.[1] ?? "");
    expect(used.has("CliTable")).toBe(true);
    expect(internalOnly.filter((name) => used.has(name))).toEqual([]);
  });
});
