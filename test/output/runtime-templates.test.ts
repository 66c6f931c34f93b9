/**
 * The runtime sources are written out without a prettier pass (it would be a third of every
 * run's time); this proves that pass would change nothing. If it fails: npm run format:templates
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatWithPrettier } from "../support/prettier.js";
import { RUNTIME_TEMPLATES_DIR } from "../../generator/package-files.js";
import { runtimeSourceNames } from "../../generator/output/runtime-sources.js";
import { withHeader } from "../../generator/pipeline.js";

const names = runtimeSourceNames();

describe("runtime sources are already prettier-formatted", () => {
  it("has sources", () => expect(names.length).toBeGreaterThan(5));
  for (const name of names) {
    it(name, async () => {
      const text = withHeader(readFileSync(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8"), { contractId: undefined });
      expect(await formatWithPrettier(text)).toBe(text);
    });
  }
});
