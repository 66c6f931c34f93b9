/**
 * Duplicate keys in a JSON argument are found by a scan of the text, whatever the blanks
 * (issue 34): a property test over objects of arbitrary keys, values and JSON whitespace. For
 * every text JSON.parse accepts, `firstDuplicateKey` names a key given twice in one object
 * exactly when there is one (the reference counts keys per object on a parse of its own), and a
 * key inside a string value is never taken for one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDemoArgs } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { firstDuplicateKey } from "../../../generated/runtime/core/json-reader.js";
import { refusal } from "../../support/refusal.js";

const SEED = 20_260_342;

/** JSON whitespace, from none to far more than any window a scanner might look through. */
const blanks = fc.oneof(
  fc.constant(""),
  fc.string({ unit: fc.constantFrom(" ", "\n", "\t", "\r"), maxLength: 8 }),
  fc.integer({ min: 60, max: 300 }).map((n) => " ".repeat(n)),
);
const key = fc.oneof(
  {
    arbitrary: fc.constantFrom("a", "b", "token", "__proto__", 'q"uote', "back\\slash", "\u00e9", ":", "{"),
    weight: 3,
  },
  { arbitrary: fc.string({ maxLength: 4 }), weight: 1 },
);

/** A JSON text and, per object, its keys in order: the reference answer. */
type Drawn = { readonly text: string; readonly duplicate: boolean };

const { value } = fc.letrec<{ value: Drawn; object: Drawn; array: Drawn; leaf: Drawn }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, tie("leaf"), tie("array"), tie("object")),
  leaf: fc
    .oneof(
      fc.constantFrom("null", "1", "true"),
      fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
      key.map((k) => JSON.stringify(`{${JSON.stringify(k)}:1,${JSON.stringify(k)}:2}`)),
    )
    .map((text) => ({ text, duplicate: false })),
  array: fc.tuple(fc.array(fc.tuple(blanks, tie("value"), blanks), { maxLength: 3 }), blanks).map(([items, after]) => ({
    text: `[${after}${items.map(([l, item, r]) => `${l}${item.text}${r}`).join(",")}]`,
    duplicate: items.some(([, item]) => item.duplicate),
  })),
  object: fc
    .tuple(fc.array(fc.tuple(key, blanks, blanks, tie("value"), blanks), { maxLength: 4 }), blanks)
    .map(([members, after]) => {
      const keys = members.map(([k]) => k);
      return {
        text: `{${after}${members.map(([k, b1, b2, item, b3]) => `${b3}${JSON.stringify(k)}${b1}:${b2}${item.text}${b3}`).join(",")}}`,
        duplicate: new Set(keys).size < keys.length || members.some(([, , , item]) => item.duplicate),
      };
    }),
}));

describe("duplicate keys in a JSON argument, by a scan of the text", () => {
  it("found exactly when one object has a key twice, whatever the blanks", () => {
    let found = 0;
    let none = 0;
    fc.assert(
      fc.property(value, ({ text, duplicate }) => {
        JSON.parse(text);
        const twice = firstDuplicateKey(text);
        expect(twice !== undefined, text).toBe(duplicate);
        if (duplicate) found++;
        else none++;
      }),
      { numRuns: 3_000, seed: SEED },
    );
    // Both outcomes in earnest, or the agreement proves little.
    expect(Math.min(found, none)).toBeGreaterThan(300);
  });

  it("names the first key given twice, as the parser's message says", () => {
    fc.assert(
      fc.property(blanks, blanks, (before, after) => {
        const arg = `{"token"${before}:${after}"t","ref":"e1","op":"click","token"${before}:${after}"u"}`;
        expect(refusal(() => parseDemoArgs(["act", arg])).message.split("\n")[0]).toBe('act: key "token" is given twice');
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it("a text nested 100,000 deep is scanned without recursion", () => {
    const depth = 100_000;
    expect(firstDuplicateKey(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`)).toBeUndefined();
    expect(firstDuplicateKey(`${'{"a":'.repeat(depth)}{"b":1,"b":2}${"}".repeat(depth)}`)).toBe("b");
  });
});
