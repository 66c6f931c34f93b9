/**
 * What the code door decides after the fact (generator/emit/code.ts): a part written `ifUsed` a
 * binding is written exactly when code that is written reads the binding — followed to the end,
 * whatever order the code is included in — and `lines` writes nothing after a statement that
 * exits. The validators rest on both (issue 35): no parameter, local, constant, helper or function
 * is declared that nothing reads, and no statement follows a return.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binding, code, EMPTY, exits, ifUsed, join, lines, Usage, type Binding } from "../../generator/emit/code.js";

describe("Usage", () => {
  it("writes a declaration only when written code reads its binding", () => {
    const used = binding("used");
    const unused = binding("unused");
    const usage = new Usage();
    const module = lines([
      ifUsed(used, code`const ${used.declared} = 1;`),
      ifUsed(unused, code`const ${unused.declared} = 2;`),
      code`export const read = ${used};`,
    ]);
    usage.include(module);
    expect(usage.write(module).toString()).toBe("const used = 1;\nexport const read = used;");
    expect([usage.isUsed(used), usage.isUsed(unused)]).toEqual([true, false]);
  });

  it("passes an argument only for a parameter the body reads, and what the argument reads follows", () => {
    const [f, x, d, outer] = ["f", "x", "d", "outer"].map(binding) as [Binding, Binding, Binding, Binding];
    const params = join([ifUsed(x, code`${x.declared}: unknown`), ifUsed(d, code`${d.declared}: number`)]);
    const fn = code`function ${f.declared}(${params}) { return ${x}; }`;
    const call = code`${f}(${join([ifUsed(x, outer), ifUsed(d, code`0`)])})`;
    const usage = new Usage();
    usage.include(call);
    expect(usage.isUsed(outer)).toBe(false);
    usage.include(fn);
    // The body reads x: its argument is written, and reads outer.
    expect(usage.isUsed(outer)).toBe(true);
    expect(usage.write(lines([fn, call])).toString()).toBe("function f(x: unknown) { return x; }\nf(outer)");
  });

  it("names the bindings first read since it was last asked, so a caller compiles what is called as it is called", () => {
    const [a, b] = ["a", "b"].map(binding) as [Binding, Binding];
    const usage = new Usage();
    usage.include(code`${a}`);
    expect(usage.takeFresh()).toEqual([a]);
    usage.include(code`${a} + ${b}`);
    expect(usage.takeFresh()).toEqual([b]);
    expect(usage.takeFresh()).toEqual([]);
  });

  it("refuses to write code it has not decided, outside a Usage", () => {
    const b = binding("b");
    expect(() => ifUsed(b, code`const ${b.declared} = 1;`).toString()).toThrow(/not decided/);
    expect(ifUsed(b, code`const ${b.declared} = 1;`).draft()).toBe("const b = 1;");
  });

  it("decides as reachability from what is written, in any order of inclusion", () => {
    // Bindings 0…n−1; each has a declaration reading some others; the roots are read by written code.
    const graph = fc.integer({ min: 1, max: 8 }).chain((n) =>
      fc.record({
        reads: fc.array(fc.uniqueArray(fc.nat(n - 1), { maxLength: n }), { minLength: n, maxLength: n }),
        roots: fc.uniqueArray(fc.nat(n - 1), { maxLength: n }),
        order: fc.shuffledSubarray([...Array(n + 1).keys()], { minLength: n + 1 }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ reads, roots, order }) => {
        const names = reads.map((_, i) => binding(`b${i}`));
        const declarations = reads.map((read, i) =>
          ifUsed(names[i] as Binding, code`const ${(names[i] as Binding).declared} = [${read.map((j) => names[j] as Binding)}];`),
        );
        const written = code`export const roots = [${roots.map((j) => names[j] as Binding)}];`;
        const parts = [...declarations, written];
        const usage = new Usage();
        for (const at of order) usage.include(parts[at] as typeof written);
        const reached = new Set<number>();
        const pending = [...roots];
        for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
          if (reached.has(at)) continue;
          reached.add(at);
          pending.push(...(reads[at] as number[]));
        }
        expect(names.map((name) => usage.isUsed(name))).toEqual(names.map((_, i) => reached.has(i)));
        const text = usage.write(lines(parts)).toString();
        names.forEach((name, i) => expect(text.includes(`const ${name.declared} =`)).toBe(reached.has(i)));
      }),
    );
  });
});

describe("lines and exits", () => {
  it("writes nothing after a statement that exits, and exits then itself", () => {
    const statements = lines([code`check();`, exits(code`return false;`), code`unreachable();`]);
    expect(statements.toString()).toBe("check();\nreturn false;");
    expect(statements.exits).toBe(true);
    expect(lines([code`a();`, EMPTY, code`b();`]).exits).toBe(false);
    // Code around an exit is not known to exit: only `lines` passes it on.
    expect(code`if (x) { ${exits(code`return;`)} }`.exits).toBe(false);
  });
});
