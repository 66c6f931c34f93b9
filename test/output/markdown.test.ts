/**
 * The Markdown door (generator/output/markdown.ts), proven on what it is for: schema text in
 * every place the PR body, `diff --format markdown` and api.md put it. Each document is rendered
 * by markdown-it with linkify on (CommonMark, GFM tables and strikethrough, bare-URL linking
 * stricter than GitHub's: `x.io` links too) and must hold no link, no HTML from the text, and
 * nothing GitHub reads as a mention, an emoji or a `www.`/`scheme:` autolink outside code; the
 * text must still read as the schema wrote it.
 */
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import type { InferredFact } from "../../generator/evolution/binding-update.js";
import { SEVERITIES, type Change } from "../../generator/evolution/changes.js";
import type { ContractDiff } from "../../generator/evolution/diff.js";
import { prBody } from "../../generator/evolution/pr-body.js";
import { renderDiff } from "../../generator/evolution/render.js";
import type { UpdatePlan } from "../../generator/evolution/update.js";
import { apiSurface } from "../../generator/output/api-surface.js";
import { escapeMarkdown, inlineCode } from "../../generator/output/markdown.js";
import { terminalLine } from "../../generator/terminal.js";

const markdown = new MarkdownIt({ html: true, linkify: true });

/** Tags Markdown itself makes; any other tag came from the text. */
const OWN_TAGS = /<(?!\/?(p|code|pre|strong|em|ul|ol|li|h[1-6]|br|hr|table|thead|tbody|tr|th|td|blockquote|s|del)\b)[a-z!?/]/i;

const decode = (html: string): string =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** What one Markdown document does that schema text must not make it do. */
function problems(source: string): string[] {
  const html = markdown.render(source);
  const found: string[] = [];
  if (/<a[\s>]/i.test(html)) found.push(`a link: ${html.match(/<a[\s>][^<]*/i)?.[0]}`);
  if (OWN_TAGS.test(html)) found.push(`HTML from the text: ${html.match(OWN_TAGS)?.[0]}`);
  // GitHub finds mentions, emoji and autolinks in the rendered text outside code.
  const prose = decode(html.replace(/<code[^>]*>[\s\S]*?<\/code>/g, "").replace(/<[^>]*>/g, ""));
  if (/(^|[^\w`])@[A-Za-z0-9]/.test(prose)) found.push(`a mention: ${prose.match(/.{0,10}@[A-Za-z0-9].{0,10}/)?.[0]}`);
  if (/:[a-z0-9_+-]+:/i.test(prose)) found.push(`an emoji: ${prose.match(/:[a-z0-9_+-]+:/i)?.[0]}`);
  if (/www\.|[a-z][a-z0-9+.-]*:\/\/|mailto:|xmpp:|\w@\w/i.test(prose)) found.push("a GitHub autolink");
  return found;
}

/** A half of a surrogate pair alone: no UTF-8 text (argv, a terminal, a file) can carry one. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const HOSTILE = [
  "@team",
  "@org/team",
  "ping @octocat now",
  "https://x.y",
  "http://evil.example/a?b=c",
  "www.x.y",
  "WWW.EVIL.COM",
  "a@b.c",
  "mailto:a@b.c",
  "evil.com",
  "evil.com+x",
  "x.io/path",
  ":rocket:",
  ":+1:",
  "<b>bold</b>",
  "<img src=x onerror=alert(1)>",
  "<!-- hidden -->",
  "&#64;team",
  "&lt;b&gt;",
  "`code`",
  "``",
  "a|b|c",
  "[link](https://x.y)",
  "![img](https://x.y/i.png)",
  "<https://x.y>",
  "*em* _em_ ~~del~~",
  "# heading",
  "\\@team",
  "#12",
  "GH-12",
  "a\nb",
  "\u001b]8;;https://x.y\u0007link\u001b]8;;\u0007",
  "a\u202eb",
  "rightkit.agent.demo.v1",
];

const schemaText = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(..."@:/.wW<>&#`*_|[]()!~\\ \nabc12".split("")), maxLength: 16 }) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
    {
      weight: 2,
      arbitrary: fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(" ")),
    },
  )
  .filter((text) => !LONE_SURROGATE.test(text));

const change = fc.record({
  severity: fc.constantFrom(...SEVERITIES),
  method: fc.option(schemaText, { nil: undefined }),
  pointer: schemaText,
  message: schemaText,
});

const diffOf = fc.record({
  from: schemaText,
  to: schemaText,
  breaking: fc.boolean(),
  changes: fc.array(change, { maxLength: 4 }),
});

function contractDiff(drawn: {
  from: string;
  to: string;
  breaking: boolean;
  changes: readonly { severity: Change["severity"]; method: string | undefined; pointer: string; message: string }[];
}): ContractDiff {
  return {
    from: drawn.from,
    to: drawn.to,
    breaking: drawn.breaking,
    changes: drawn.changes.map(({ severity, method, pointer, message }) => ({
      severity,
      kind: "method_added",
      ...(method === undefined ? {} : { method }),
      pointer,
      message,
    })),
    renames: [],
  };
}

/** A plan with schema text in every place the PR body shows one. */
function planWith(diff: ContractDiff, texts: readonly string[]): UpdatePlan {
  const at = (i: number): string => texts[i % texts.length] ?? "";
  const facts: InferredFact[] = [
    { kind: "tool", tool: at(0), rule: at(1) },
    { kind: "tool", tool: at(2), rule: undefined },
    { kind: "timeout", timeoutMs: 30_000 },
    { kind: "side-effects" },
    { kind: "waits-for-person" },
    { kind: "sensitive", params: [at(3), at(4)], from: [at(5)] },
    { kind: "sensitive", params: [], from: [] },
    { kind: "link", link: at(6), param: at(7), source: at(8) },
    { kind: "carried", from: at(9) },
  ];
  return {
    diff,
    major: true,
    contractFiles: [
      { path: at(10), change: "moved", movedFrom: at(11) },
      { path: at(12), change: "added" },
    ],
    generation: undefined as never,
    regenerated: [
      { path: at(13), change: "changed" },
      { path: at(14), change: "removed" },
    ],
    surfacePatch: `-${at(15)}\n+${at(16)}\n`,
    readingChange: at(17),
    binding: {
      text: "",
      added: [
        { method: at(18), renamedFrom: undefined, facts },
        { method: at(19), renamedFrom: at(20), facts: [] },
      ],
      removed: [at(21), at(22)],
    },
  };
}

describe("Markdown door: schema text cannot mention, link, emoji or emit HTML", () => {
  it("each hostile string, in prose and as a name", () => {
    for (const text of HOSTILE) {
      expect(problems(`Text ${escapeMarkdown(text)} here.`), text).toEqual([]);
      expect(problems(`Name ${inlineCode(text)} here.`), text).toEqual([]);
    }
  });

  it("prose still reads as the schema wrote it (control characters shown escaped)", () => {
    fc.assert(
      fc.property(schemaText, (text) => {
        const html = markdown.renderInline(`a ${escapeMarkdown(text)} z`);
        const read = decode(html.replace(/<[^>]*>/g, ""));
        expect(read).toBe(`a ${terminalLine(text)} z`);
      }),
      { numRuns: 500 },
    );
  });

  it("diff --format markdown, with schema text in ids, methods, pointers and messages", () => {
    fc.assert(
      fc.property(diffOf, (drawn) => {
        const source = renderDiff(contractDiff(drawn), "markdown");
        expect(problems(source), source).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("the update PR body, with schema text in every place it shows one", () => {
    fc.assert(
      fc.property(diffOf, fc.array(schemaText, { minLength: 23, maxLength: 23 }), (drawn, texts) => {
        const source = prBody(planWith(contractDiff(drawn), texts));
        expect(problems(source), source).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("api.md's heading names the contract's id", async () => {
    for (const id of [...HOSTILE, "rightkit.agent.demo.v1"]) {
      // The first line is the generated-file marker, an HTML comment of ours.
      const source = (await apiSurface(id, new Map())).split("\n").slice(1).join("\n");
      expect(problems(source), source).toEqual([]);
    }
    // Ordinary ids read as before: the golden api.md files are unchanged.
    expect((await apiSurface("rightkit.agent.demo.v1", new Map())).split("\n")[2]).toBe("# API surface: rightkit.agent.demo.v1");
  });
});
