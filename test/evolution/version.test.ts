/** Major versions in a contract `$id`: a `vN` token or a semver; anything else is its own family. */
import { describe, expect, it } from "vitest";
import { isMajorChange, versionOf } from "../../generator/evolution/version.js";

describe("$id versions", () => {
  it.each([
    ["rightkit.agent.demo.v1", "rightkit.agent.demo.v2", true],
    ["rightkit.agent.demo.v1", "rightkit.agent.demo.v1.1", false],
    ["rightkit.agent.demo.v1", "rightkit.agent.demo.v1", false],
    ["https://example.com/schemas/v3/demo.json", "https://example.com/schemas/v4/demo.json", true],
    ["https://example.com/demo/1.4.0/schema.json", "https://example.com/demo/1.5.2/schema.json", false],
    ["https://example.com/demo/1.4.0/schema.json", "https://example.com/demo/2.0.0/schema.json", true],
    ["rightkit.agent.demo.v1", "rightkit.agent.other.v1", true],
    ["unversioned", "unversioned-too", true],
  ])("%s → %s: major %s", (before, after, major) => {
    expect(isMajorChange(before, after)).toBe(major);
  });

  it("blanks the version token to find the family", () => {
    expect(versionOf("rightkit.agent.demo.v12")).toEqual({ family: "rightkit.agent.demo.{version}", major: "12" });
    expect(versionOf("no-version-here")).toEqual({ family: "no-version-here", major: undefined });
  });
});
