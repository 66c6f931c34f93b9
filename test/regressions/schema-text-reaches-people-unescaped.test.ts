/**
 * Regression: text from a schema reached people unescaped. The `update` PR body and
 * `diff --format markdown` left `@user`/`@org/team` mentions, bare and `www.` autolinks and
 * `:emoji:` live (a contract change could ping a team or plant a link in the bot's PR); api.md's
 * heading held the `$id` raw; `diff --format text` flattened only line breaks, so ESC/OSC
 * sequences in a method name reached the terminal.
 */
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import type { ContractDiff } from "../../generator/evolution/diff.js";
import { prBody } from "../../generator/evolution/pr-body.js";
import { renderDiff } from "../../generator/evolution/render.js";
import type { UpdatePlan } from "../../generator/evolution/update.js";
import { apiSurface } from "../../generator/output/api-surface.js";

const markdown = new MarkdownIt({ html: true, linkify: true });

/** The rendered text outside code: where GitHub finds mentions, emoji and autolinks. */
const prose = (source: string): string =>
  markdown
    .render(source)
    .replace(/<code[^>]*>[\s\S]*?<\/code>/g, "")
    .replace(/<[^>]*>/g, "");

const HOSTILE = "ping @octocat and @org/team, see www.evil.example or https://evil.example, mail a@evil.example :rocket:";
const ESCAPE = "act\u001b]0;pwned\u0007\u001b[2J\u009b31m";

const diff: ContractDiff = {
  from: "rightkit.agent.demo.v1",
  to: "rightkit.agent.demo.v1",
  breaking: true,
  changes: [
    { severity: "breaking", kind: "method_removed", method: ESCAPE, pointer: "#/$defs/act", message: HOSTILE },
    { severity: "non-breaking", kind: "method_added", pointer: `#/$defs/${ESCAPE}`, message: `method ${ESCAPE} added` },
  ],
  renames: [],
};

function expectInert(source: string): void {
  const html = markdown.render(source);
  expect(html).not.toMatch(/<a[\s>]/);
  const text = prose(source);
  expect(text).not.toMatch(/(^|\W)@\w/);
  expect(text).not.toMatch(/:\w+:/);
  expect(text).not.toMatch(/www\.|https?:/);
}

describe("schema text reaches people unescaped", () => {
  it("diff --format markdown: no mention, autolink or emoji from a change's message", () => {
    expectInert(renderDiff(diff, "markdown"));
  });

  it("the update PR body: none either", () => {
    const plan: UpdatePlan = {
      diff,
      major: false,
      contractFiles: [],
      generation: undefined as never,
      regenerated: [],
      surfacePatch: "",
      readingChange: HOSTILE,
      binding: undefined,
    };
    expectInert(prBody(plan));
  });

  it("api.md: the heading's $id cannot mention or link", async () => {
    const source = await apiSurface("@org/team.www.evil.example", new Map());
    expectInert(source.split("\n").slice(1).join("\n"));
  });

  it("diff --format text: an escape sequence in a method name is shown, not sent to the terminal", () => {
    const text = renderDiff(diff, "text");
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("act\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m");
  });
});
