/**
 * Sensitive params (the binding's `sensitiveParams`: the demo's token) never reach any output:
 * not the text or JSON report, the JUnit file, the baseline, a reproducer or a replay's lines —
 * against a truthful host and against lying ones whose findings carry tokens, and for a token
 * given by hand with --value. The host's own list of issued tokens is the list searched for.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Redactor } from "../../generator/values/redact.js";
import type { ScenarioName } from "../../generator/host/index.js";
import { DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { DaemonTransport } from "../support/runtime.js";
import { ALL_CALLS, conform, demoHost } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

/** Every output of one scenario's runs: both formats, JUnit, a baseline, a replay of the report. */
async function everything(scenario: ScenarioName): Promise<{ outputs: string[]; tokens: readonly string[] }> {
  const { host, args } = await demoHost(cleanups, scenario);
  const dir = await cleanups.dir();
  const junit = join(dir, "conform.xml");
  const baseline = join(dir, "baseline.json");
  const common = [args, ALL_CALLS, "--seed", "8", "--max-examples", "15"];
  const text = await conform(...common, "--junit", junit);
  const json = await conform(...common, "--format", "json", "--baseline", baseline, "--update-baseline");
  const saved = join(dir, "report.json");
  await import("node:fs").then((fs) => fs.writeFileSync(saved, json.stdout));
  const replayed = await conform(args, "--replay", saved);
  const outputs = [
    text.stdout,
    text.stderr,
    json.stdout,
    json.stderr,
    replayed.stdout,
    replayed.stderr,
    readFileSync(junit, "utf8"),
    readFileSync(baseline, "utf8"),
  ];
  return { outputs, tokens: host.issuedTokens() };
}

describe("no token in any output", () => {
  for (const scenario of ["normal", "token_survives_end", "error_without_retryable", "crash_on_long_text"] as const) {
    it(scenario, async () => {
      const { outputs, tokens } = await everything(scenario);
      expect(tokens.length).toBeGreaterThan(10);
      const leaks = tokens.filter((token) => outputs.some((output) => output.includes(token)));
      expect(leaks).toEqual([]);
      // A lying host's findings show the calls that carried them, redacted.
      if (scenario !== "normal") expect(outputs.join("\n")).toContain("<redacted>");
    });
  }

  it("a token given by hand (--value token=…) drives the token-carrying methods and is never printed", async () => {
    const { host, suiteRoot, args } = await demoHost(cleanups);
    const client = new DemoClient(new DaemonTransport({ suiteRoot }));
    cleanups.add(() => client.close());
    const { token } = await client.request({ app: "app.orthiclabs.demo-fixture", agent_name: "by hand" });
    // No --include-waiting: demo.request is never called, the token is the only one conform has.
    const run = await conform(args, "--include-side-effects", "--value", `token=${token}`, "--seed", "3", "--max-examples", "10");
    expect(host.issuedTokens()).toEqual([token]);
    expect(run.stdout).not.toContain(token);
    expect(run.stderr).not.toContain(token);
    expect(run.stdout).toMatch(/^demo\.snapshot +\d+ +[1-9]/m);
  });
});

describe("the last guard", () => {
  it("replaces every known secret in text, JSON-escaped ones too, and leaves short values alone", () => {
    const redactor = new Redactor(new Map([["token", 'tok"en-123456']]));
    expect(redactor.text('said tok"en-123456 and {"t":"tok\\"en-123456"} and 12')).toBe(
      'said <redacted> and {"t":"<redacted>"} and 12',
    );
    expect(new Redactor(new Map([["token", "abc"]])).text("abc")).toBe("abc");
  });
});
