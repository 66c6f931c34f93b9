/** The suite root: option, else RIGHTKIT_SUITE_ROOT, else rightkit-daemon's per-user default, per platform. */
import { describe, expect, it } from "vitest";
import { defaultSuiteRoot, resolveSuiteRoot, type SuiteEnvironment } from "../../support/runtime.js";

const linux: SuiteEnvironment = { platform: "linux", env: {}, homedir: "/home/ada" };

describe("defaultSuiteRoot", () => {
  it("follows Suite::per_user_default on each platform", () => {
    expect(defaultSuiteRoot(linux)).toBe("/home/ada/.local/share/Orthic Labs/shared");
    expect(defaultSuiteRoot({ ...linux, env: { XDG_DATA_HOME: "/elsewhere" } })).toBe(
      "/home/ada/.local/share/Orthic Labs/shared",
    );
    expect(defaultSuiteRoot({ platform: "darwin", env: {}, homedir: "/Users/ada" })).toBe(
      "/Users/ada/Library/Application Support/Orthic Labs/shared",
    );
    expect(
      defaultSuiteRoot({ platform: "win32", env: { LOCALAPPDATA: "C:\\Users\\ada\\AppData\\Local" }, homedir: "C:\\Users\\ada" }),
    ).toBe("C:\\Users\\ada\\AppData\\Local\\Orthic Labs\\shared");
    expect(defaultSuiteRoot({ platform: "win32", env: {}, homedir: "C:\\Users\\ada" })).toBe(
      "C:\\Users\\ada\\AppData\\Local\\Orthic Labs\\shared",
    );
  });
});

describe("resolveSuiteRoot", () => {
  it("takes the option, else RIGHTKIT_SUITE_ROOT, else the default", () => {
    const where = { ...linux, env: { RIGHTKIT_SUITE_ROOT: "/srv/suite" } };
    expect(resolveSuiteRoot("/opt/suite/", where)).toBe("/opt/suite/");
    expect(resolveSuiteRoot(undefined, where)).toBe("/srv/suite");
    expect(resolveSuiteRoot("", where)).toBe("/srv/suite");
    expect(resolveSuiteRoot(undefined, linux)).toBe("/home/ada/.local/share/Orthic Labs/shared");
  });

  it("refuses a relative root with suite_unresolved instead of resolving it against the working directory", () => {
    expect(() => resolveSuiteRoot("suite", linux)).toThrow(
      expect.objectContaining({ code: "suite_unresolved", retryable: false }),
    );
    expect(() => resolveSuiteRoot(undefined, { ...linux, env: { RIGHTKIT_SUITE_ROOT: "./suite" } })).toThrow(
      expect.objectContaining({ code: "suite_unresolved", details: { source: "RIGHTKIT_SUITE_ROOT" } }),
    );
    expect(() => resolveSuiteRoot(undefined, { ...linux, homedir: "" })).toThrow(
      expect.objectContaining({ code: "suite_unresolved" }),
    );
  });
});
