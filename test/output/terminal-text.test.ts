/**
 * The terminal-text door (generator/terminal.ts): over arbitrary text, what it prints holds no
 * control character but line feed and tab (one line holds neither line feed nor line break), no
 * bidi control, and reads back as the text: every escape it wrote is the character it replaced.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasHiddenCharacter, terminalLine, terminalText } from "../../generator/terminal.js";

/** Everything a terminal obeys or a reader is fooled by, as the door defines it. */
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      ..."\u0000\u0007\b\t\n\u000b\f\r\u001b[]0;\u007f\u0085\u009b\u061c\u200e\u202a\u202e\u2066\u2069\u2028\\u1b a".split(""),
    ),
    maxLength: 30,
  }),
);

/** Undoes the door's escapes where the input had no `\u` of its own, to check nothing else changed. */
const unescape = (shown: string): string =>
  shown.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("terminal text: control and bidi characters are shown, not obeyed", () => {
  it("terminalText keeps line feed and tab and escapes the rest; escaping is idempotent", () => {
    let escaped = 0;
    fc.assert(
      fc.property(text, (input) => {
        const shown = terminalText(input);
        expect(shown).not.toMatch(OBEYED);
        expect(hasHiddenCharacter(shown)).toBe(false);
        expect(terminalText(shown)).toBe(shown);
        expect(shown.split("\n").length).toBe(input.split("\n").length);
        if (!input.includes("\\u")) expect(unescape(shown)).toBe(input);
        if (shown !== input) escaped += 1;
      }),
      { numRuns: 1000 },
    );
    expect(escaped).toBeGreaterThan(100);
  });

  it("terminalLine is one line: line breaks are a space", () => {
    fc.assert(
      fc.property(text, (input) => {
        const shown = terminalLine(input);
        expect(shown).not.toMatch(OBEYED);
        expect(shown).not.toMatch(/[\n\r]/);
      }),
      { numRuns: 1000 },
    );
  });

  it("shows each character as JSON would write it", () => {
    expect(terminalText("a\u001b]0;pwned\u0007b")).toBe("a\\u001b]0;pwned\\u0007b");
    expect(terminalText("x\r\ty\n")).toBe("x\\u000d\ty\n");
    expect(terminalText("\u009b2J\u202eevil")).toBe("\\u009b2J\\u202eevil");
    expect(terminalLine("a\r\nb\u2028c")).toBe("a b c");
  });
});
