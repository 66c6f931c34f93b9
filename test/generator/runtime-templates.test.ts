/**
 * The runtime templates are written out without a prettier pass (it would be a third of every
 * run's time); this proves that pass would change nothing. If it fails: npm run format:templates
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTemplate } from "../../generator/emit/template.js";
import { formatTypeScript } from "../../generator/output/format.js";
import { withHeader } from "../../generator/pipeline.js";

const names = readdirSync("templates/runtime")
  .filter((name) => name.endsWith(".ts.hbs"))
  .sort();

describe("runtime templates are already prettier-formatted", () => {
  it("has templates", () => expect(names.length).toBeGreaterThan(5));
  for (const name of names) {
    it(name, async () => {
      const text = withHeader(renderTemplate(`runtime/${name}`, {}), {
        contractId: undefined,
        schemaSha256: undefined,
        bindingSha256: undefined,
      });
      expect(await formatTypeScript(text)).toBe(text);
    });
  }
});
