/**
 * Regression (issue 37): against a correct demo host that checks an argument rule the schema does
 * not state (press needs key, type needs text) before it looks at the token, `conform` reported
 * failing `lifecycle` findings on demo.act and demo.batch: "refused a call carrying a token end
 * had ended with invalid_arguments". The host never reached the token. Now such a case is
 * inconclusive, drawn again, and counted in a note; the lying host is still caught.
 */
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { ALL_CALLS, conformJson, demoHost, failing } from "../conform/support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

describe("conform never accuses a host that checks arguments before the token", () => {
  it.each(["1", "2", "3"])("seed %s: no failing finding, and the refusals are counted as inconclusive", async (seed) => {
    const { args } = await demoHost(cleanups, "arguments_first");
    const { run, report } = await conformJson(args, ALL_CALLS, "--seed", seed, "--max-examples", "40");
    expect(failing(report).map((finding) => `${finding.method} ${finding.check}: ${finding.message}`)).toEqual([]);
    expect(run.code).toBe(0);
    expect(
      report.notes.filter((note) =>
        /^demo\.(act|batch): (ended|never-issued) token: \d+ inconclusive cases, drawn again/.test(note),
      ).length,
    ).toBeGreaterThan(0);
  });

  it("still finds the host whose token survives its end", async () => {
    const { args } = await demoHost(cleanups, "token_survives_end");
    const { report } = await conformJson(args, ALL_CALLS, "--seed", "1", "--max-examples", "40", "--methods", "demo.act");
    expect(failing(report).some((finding) => finding.check === "lifecycle" && finding.method === "demo.act")).toBe(true);
  });
});
