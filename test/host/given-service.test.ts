/**
 * A given service (`startHost({ given })`, what `rightkit-bindgen mock` serves): the host's
 * protocol core serves it under its own name and allowlist, on both protocols, and refuses the
 * named services' own scenarios for it (faults still apply).
 */
import { describe, expect, it } from "vitest";
import type { Service } from "../../generator/host/core/service.js";
import { startDaemonFixture, startHostFixture } from "../support/host.js";
import { rejection } from "../support/rejection.js";

const quick = { timeoutMs: 5000 };

/** Echoes each call's method and params; refuses `fail.me` with a code of its own. */
function echoService(): Service {
  return {
    name: "rightkit.test.given",
    handle: (method, params) =>
      method === "fail.me"
        ? { ok: false, error: { code: "given_code", message: "as asked", retryable: false } }
        : { ok: true, result: { method, params } },
    stop: () => undefined,
  };
}

describe("a given service", () => {
  it("is served by the daemon host under its own name, to the apps of its own allowlist", async () => {
    const fixture = await startDaemonFixture(
      { given: { service: echoService(), allowlist: { "right-ctl": ["given.*", "fail.me"] } } },
      { service: "rightkit.test.given", app: "right-ctl" },
    );
    try {
      expect(fixture.host.service).toBe("rightkit.test.given");
      expect(fixture.host.recordPath).toContain("rightkit.test.given");
      await expect(fixture.transport.call("given.echo", { a: 1 }, quick)).resolves.toEqual({
        method: "given.echo",
        params: { a: 1 },
      });
      expect((await rejection(fixture.transport.call("fail.me", {}, quick))).code).toBe("given_code");
      expect((await rejection(fixture.transport.call("other.method", {}, quick))).code).toBe("request_not_allowed");
    } finally {
      await fixture.dispose();
    }
  });

  it("is served over JSON-RPC, takes fault scenarios and refuses a named service's own", async () => {
    const fixture = await startHostFixture({ given: { service: echoService(), allowlist: {} } });
    try {
      await expect(fixture.transport.call("given.echo", { b: 2 }, quick)).resolves.toEqual({
        method: "given.echo",
        params: { b: 2 },
      });
      expect(() => fixture.host.setScenario("token_survives_end")).toThrow(/belongs to a named service/);
      fixture.host.setScenario("duplicate_response");
      expect(fixture.host.scenario()).toBe("duplicate_response");
    } finally {
      await fixture.dispose();
    }
  });
});
