/**
 * The proxy on a bigint-mode binding: the int64 test contract, whose 64-bit integers a client
 * reads as bigints. conform runs through the proxy against the conformance host's int64 service,
 * sending u64::MAX, i64::MIN and their neighbours as digits; the proxy reads requests and answers
 * as the binding's client reads them, so a correct host's answers are no failing violation, and
 * conform's own deliberately invalid params are reported as the client's.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startHost } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { conformThrough, suiteProxy } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const CONTRACT = "test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json";

describe("proxy on a bigint-mode binding", () => {
  it("judges 64-bit integers as the client reads them: nothing of the correct host's fails", async () => {
    const upstream = { suiteRoot: await cleanups.dir(), service: "rightkit.test.int64" };
    const host = await startHost({ suiteRoot: upstream.suiteRoot, service: "int64", peerCheck: false });
    cleanups.add(() => host.close());
    const report = join(await cleanups.dir(), "proxy.json");
    const { proxy, suiteRoot } = await suiteProxy(cleanups, CONTRACT, upstream, ["--report", report, "--format", "json"]);
    const { seen } = await conformThrough(
      proxy,
      report,
      "--contract",
      CONTRACT,
      "--suite-root",
      suiteRoot,
      "--seed",
      "7",
      "--max-examples",
      "20",
    );
    // conform also sends u64::MAX + 1, which the validators pass (a format is an annotation to
    // them) and the host rightly refuses: to a proxy that is a schema-valid call refused, a
    // positive_accepted warning at most, never a failure of the host's.
    const hosts = seen.findings.filter((finding) => finding.check !== "client_params");
    expect(hosts.filter((finding) => finding.severity === "failing")).toEqual([]);
    expect(hosts.every((finding) => finding.check === "positive_accepted")).toBe(true);
    expect(seen.summary.methods["int64.echo"]?.results).toBeGreaterThan(10);
  });
});
