/**
 * The one door for code (generator/emit/code.ts): a plain value becomes a literal, only `Code`
 * passes through raw, and no source of the generator mints code any other way. Regression for
 * the gap ARCHITECTURE named: `join`/`lines` took their parts on trust, so a string cast to
 * `Code` would have reached the output as code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import { describe, expect, it } from "vitest";
import { Code, code, docComment, ident, join, lines, objectKey } from "../../generator/emit/code.js";

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
