/**
 * The proxy in front of the hand-written conformance host (generator/host): each lying scenario's
 * departure, seen in a generated client's real traffic, is printed as it happens and lands in the
 * report; in front of the truthful host a whole session reports nothing. The host runs in this
 * process with its scenario switched between cases; the proxy is its own process, between them.
 */
import { describe, expect, it } from "vitest";
import { DaemonTransport, DemoClient, type ElementOp } from "../../generated/rightkit.agent.demo.v1/index.js";
import { startHost, type ScenarioName } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { DEMO } from "../mock/support.js";
import { suiteProxy, type ProxyChild } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

/** A session up to a token, and the first element of its snapshot that takes `op`. */
async function session(client: DemoClient, op: ElementOp): Promise<{ token: string; ref: string }> {
  const { apps } = await client.apps();
  const { token } = await client.request({ app: apps[0]?.id ?? "app", agent_name: "proxy tests" });
  const { elements } = await client.snapshot({ token });
  return { token, ref: elements.find((element) => element.ops.includes(op))?.ref ?? "none" };
}

/** Each lying scenario, what a client does that shows it, and the line the proxy prints for it. */
const LIES: readonly [ScenarioName, (client: DemoClient) => Promise<unknown>, string][] = [
  ["malformed_result", (client) => client.apps(), "FAIL response_schema demo.apps host→client at /result"],
  [
    "token_survives_end",
    async (client) => {
      const { token } = await session(client, "click");
      await client.end({ token });
      return client.snapshot({ token });
    },
    "FAIL lifecycle demo.snapshot host→client: accepted a call carrying a token end had ended",
  ],
  [
    "error_without_retryable",
    (client) => client.snapshot({ token: "a-token-never-issued" }),
    "FAIL error_model demo.snapshot host→client at /error: the error lacks a boolean retryable",
  ],
  [
    "duplicate_response",
    (client) => client.apps(),
    "FAIL no_server_error demo.apps host→client: a second response for request id",
  ],
  ["not_allowed", (client) => client.apps(), "warn unknown_error_code demo.apps host→client at /error"],
  [
    "crash_on_long_text",
    async (client) => {
      const { token, ref } = await session(client, "type");
      return client.act({ token, ref, op: "type", text: "longer than eight" });
    },
    "FAIL no_server_error demo.act host→client: no answer: the host closed the connection",
  ],
  ["garbage_line", (client) => client.apps(), "FAIL no_server_error demo.apps host→client: an unreadable frame"],
  ["drop_mid_call", (client) => client.apps(), "FAIL no_server_error demo.apps host→client: no answer: the host closed"],
];

async function hostAndProxy(): Promise<{
  setScenario(name: ScenarioName): void;
  client(): DemoClient;
  proxy: ProxyChild;
}> {
  const upstream = { suiteRoot: await cleanups.dir(), service: "rightkit.agent.demo" };
  const host = await startHost({ suiteRoot: upstream.suiteRoot, peerCheck: false });
  cleanups.add(() => host.close());
  const { proxy, suiteRoot } = await suiteProxy(cleanups, DEMO, upstream);
  const client = (): DemoClient => {
    const transport = new DaemonTransport({ suiteRoot });
    cleanups.add(() => transport.close());
    return new DemoClient(transport);
  };
  return { setScenario: (name) => host.setScenario(name), client, proxy };
}

describe("proxy in front of the conformance host", () => {
  it("reports each lying scenario's departure as the client's traffic shows it", async () => {
    const { setScenario, client, proxy } = await hostAndProxy();
    for (const [scenario, drive, line] of LIES) {
      setScenario(scenario);
      // The client meets the lie its own way (a typed error, or a result it should not have got).
      await drive(client()).catch(() => undefined);
      expect(await proxy.line(line), scenario).toContain(line);
    }
    expect(await proxy.stop()).toBe(1);
    const report = proxy.stdout();
    for (const check of ["response_schema", "lifecycle", "error_model", "no_server_error", "unknown_error_code"])
      expect(report).toContain(` ${check}`);
    expect(report).toContain("does not conform");
  });

  it("reports nothing in front of the truthful host, for a whole session", async () => {
    const { client, proxy } = await hostAndProxy();
    const demo = client();
    const { token, ref } = await session(demo, "click");
    await demo.act({ token, ref, op: "click" });
    await demo.batch({ token, steps: [{ ref, op: "click" }] });
    await demo.end({ token });
    await expect(demo.snapshot({ token })).rejects.toMatchObject({ code: "session_ended" });
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stderr()).not.toMatch(/FAIL|warn /);
    expect(proxy.stdout()).toContain("conforms (0 failing, 0 in the baseline, 0 warnings, 0 stale)");
    expect(proxy.stdout()).toContain("7 calls forwarded and judged");
  });
});
