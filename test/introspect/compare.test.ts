/** The pure comparison: what each side lacks, sorted and deduplicated, notifications only when listed. */
import { describe, expect, it } from "vitest";
import { compareNames } from "../../generator/introspect/compare.js";

describe("compareNames", () => {
  it("agrees when both sides have the same names, whatever their order and repeats", () => {
    const comparison = compareNames(
      { methods: ["b", "a", "a"], notifications: ["ready"] },
      { methods: ["a", "b"], notifications: ["ready", "ready"] },
    );
    expect(comparison).toEqual({
      server: { methods: ["a", "b"], notifications: ["ready"] },
      contract: { methods: ["a", "b"], notifications: ["ready"] },
      onlyOnServer: { methods: [], notifications: [] },
      onlyInContract: { methods: [], notifications: [] },
      notificationsCompared: true,
      agree: true,
    });
  });

  it("lists what only the server has and what only the contract has, by code units", () => {
    const comparison = compareNames(
      { methods: ["x.extra", "B", "a"], notifications: ["progress"] },
      { methods: ["a", "gone", "B"], notifications: ["ready"] },
    );
    expect(comparison.onlyOnServer).toEqual({ methods: ["x.extra"], notifications: ["progress"] });
    expect(comparison.onlyInContract).toEqual({ methods: ["gone"], notifications: ["ready"] });
    expect(comparison.server.methods).toEqual(["B", "a", "x.extra"]);
    expect(comparison.agree).toBe(false);
  });

  it("one missing method alone is drift", () => {
    const comparison = compareNames({ methods: [], notifications: [] }, { methods: ["ping"], notifications: [] });
    expect(comparison.onlyInContract.methods).toEqual(["ping"]);
    expect(comparison.agree).toBe(false);
  });

  it("does not compare notifications the server does not list", () => {
    const comparison = compareNames({ methods: ["a"], notifications: undefined }, { methods: ["a"], notifications: ["ready"] });
    expect(comparison.notificationsCompared).toBe(false);
    expect(comparison.onlyInContract).toEqual({ methods: [], notifications: [] });
    expect(comparison.server.notifications).toBeUndefined();
    expect(comparison.agree).toBe(true);
  });

  it("treats names as opaque strings: no case folding, no prototype keys", () => {
    const comparison = compareNames(
      { methods: ["Ping", "constructor"], notifications: [] },
      { methods: ["ping", "__proto__"], notifications: [] },
    );
    expect(comparison.onlyOnServer.methods).toEqual(["Ping", "constructor"]);
    expect(comparison.onlyInContract.methods).toEqual(["__proto__", "ping"]);
  });
});
