/**
 * The one door for code (generator/emit/code.ts): a plain value becomes a literal, only `Code`
 * passes through raw, and no source of the generator mints code any other way. Regression for
 * the gap ARCHITECTURE named: `join`/`lines` took their parts on trust, so a string cast to
 * `Code` would have reached the output as code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Code, code, docComment, ident, join, jsonTemplate, lines, objectKey } from "../../generator/emit/code.js";

describe("the code door", () => {
  it("writes a plain string as a value, never as code", () => {
    expect(code`const x = ${'"; process.exit(1); "'};`.toString()).toBe('const x = "\\"; process.exit(1); \\"";');
    expect(code`f(${["a", 1, true, null]})`.toString()).toBe('f("a", 1, true, null)');
  });

  it("lets only safe identifiers through ident()", () => {
    expect(ident("Snapshot").toString()).toBe("Snapshot");
    for (const bad of ["a-b", "1x", "class", "x;y", ""]) expect(() => ident(bad), bad).toThrow(TypeError);
  });

  it("refuses a part that is not Code in join() and lines(), even when a cast hides it", () => {
    const smuggled = ["process.exit(1)"] as unknown as Code[];
    expect(() => join(smuggled)).toThrow(/not Code/);
    expect(() => lines(smuggled)).toThrow(/not Code/);
    expect(() => join([ident("a")], "; evil" as unknown as Code)).toThrow(/not Code/);
    expect(join([ident("a"), ident("b")]).toString()).toBe("a, b");
    expect(lines([ident("a"), code``, ident("b")]).toString()).toBe("a\nb");
  });

  it("keeps comments closed and __proto__ an own key", () => {
    expect(docComment("a */ b").toString()).toBe("/**\n * a *\\/ b\n */");
    expect(objectKey("__proto__").toString()).toBe('["__proto__"]');
  });

  it("writes a JSON value as a template literal that evaluates to its JSON text and runs nothing", () => {
    // Strings the template literal itself gives meaning to, among arbitrary ones.
    const hostile = fc.constantFrom(
      "${globalThis.ran = 1}",
      "`",
      "\\",
      "\\`",
      "$",
      "${",
      "\u2028",
      "\u2029",
      "\n",
      "\ud800",
      "__proto__",
    );
    const text = fc.oneof(fc.string({ unit: "binary" }), hostile);
    const value = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: "small" },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie("array"),
        tie("object"),
      ),
      array: fc.array(tie("json"), { maxLength: 4 }),
      object: fc.dictionary(text, tie("json"), { maxKeys: 4 }),
    })).json;
    fc.assert(
      fc.property(value, (json) => {
        const source = jsonTemplate(json).toString();
        const evaluated: unknown = new Function(`return ${source};`)();
        expect(Reflect.has(globalThis, "ran")).toBe(false);
        expect(typeof evaluated).toBe("string");
        expect(JSON.parse(evaluated as string)).toStrictEqual(JSON.parse(JSON.stringify(json)));
        expect(source).not.toMatch(/[\u2028\u2029]/);
      }),
      { numRuns: 500 },
    );
  });

  it("cannot be used except as a template tag", () => {
    const call = code as unknown as (strings: string[]) => Code;
    expect(() => call(["raw"])).toThrow(/template tag/);
  });

  it("is the only module that makes Code: no source mints it or calls the tag as a function", () => {
    const sources = readdirSync("generator", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.startsWith("load/precompiled/"))
      .map((file) => joinPath("generator", file));
    const offenders = sources
      .filter((file) => file !== joinPath("generator", "emit", "code.ts"))
      .filter((file) => /\bnew Code\(|\bmint\(|\bcode\(/.test(readFileSync(file, "utf8")));
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
