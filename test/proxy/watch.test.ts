/**
 * One connection's watch in process, fed frames directly: what the traffic shows the host did is
 * judged as conform judges it, and what breaks the protocol (a stray or second response, a line
 * that is not JSON, a frame past the cap) is reported; the binding's timeout is measured on the
 * proxy's own clock (fake timers here: the test never waits on wall time).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { judgedSchemas, proxyPlan, type ProxyPlan } from "../../generator/proxy/plan.js";
import { TrafficLog } from "../../generator/proxy/traffic-log.js";
import { ConnectionWatch } from "../../generator/proxy/watch.js";
import { LinkLedger } from "../../generator/values/ledger.js";
import { Redactor } from "../../generator/values/redact.js";
import { compileValidators, type Validate } from "../../generator/values/validators.js";
import { DEMO } from "../mock/support.js";

let plan: ProxyPlan;
let validators: ReadonlyMap<string, Validate>;

beforeAll(async () => {
  plan = proxyPlan({ contract: DEMO });
  validators = await compileValidators(plan.graph, judgedSchemas(plan), plan.int64);
});

afterEach(() => {
  vi.useRealTimers();
});

function watched(): { watch: ConnectionWatch; lines: string[]; log: TrafficLog } {
  const lines: string[] = [];
  const log = new TrafficLog(new Redactor(new Map()), (line) => lines.push(line));
  const ledger = new LinkLedger({ methods: [...plan.methods.values()], links: plan.links, lifecycle: plan.lifecycle });
  return { watch: new ConnectionWatch({ plan, validators, ledger, log, protocol: "daemon" }), lines, log };
}

const frame = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value)}\n`);
const request = (id: number, method: string, params: unknown): Buffer => frame({ type: "request", id, method, params });
const result = (id: number, value: unknown): Buffer => frame({ type: "response", id, status: "ok", result: value });

describe("a connection's watch", () => {
  it("reports a second response and one for an id no call has, and judges the first answer", () => {
    const { watch, lines } = watched();
    watch.fromClient(request(1, "demo.apps", {}));
    watch.fromHost(Buffer.concat([result(1, { apps: [] }), result(1, { apps: [] }), result(9, { apps: [] })]));
    expect(lines).toEqual([
      expect.stringContaining("FAIL no_server_error demo.apps host→client: a second response for request id 1"),
      expect.stringContaining(
        "FAIL no_server_error (connection) host→client: a response for request id 9, which no open call has",
      ),
    ]);
  });

  it("reports a line from the host that is not JSON, and one past the frame cap, after which that direction is not read", () => {
    const { watch, lines } = watched();
    watch.fromClient(request(1, "demo.apps", {}));
    watch.fromHost(Buffer.from("not json\n"));
    watch.fromHost(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    watch.fromHost(result(1, { apps: "none" }));
    expect(lines).toEqual([
      expect.stringContaining("FAIL no_server_error demo.apps host→client: an unreadable frame: a line that is not JSON"),
      expect.stringContaining(
        "FAIL no_server_error demo.apps host→client: an unreadable frame: a line longer than the 16777216-byte frame cap",
      ),
    ]);
  });

  it("after a client frame past the cap, forwards unjudged: the host's answers to requests it could not read are no strays", () => {
    const { watch, lines, log } = watched();
    watch.fromClient(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    watch.fromClient(request(1, "demo.apps", {}));
    watch.fromHost(result(1, { apps: [] }));
    expect(lines).toEqual([]);
    expect(log.report(plan.id, "here", []).notes).toEqual([expect.stringMatching(/^client streams no longer read: .* \(1×\)$/)]);
  });

  it("forwards a daemon's host_handoff unjudged: the protocol's word, not the contract's", () => {
    const { watch, lines, log } = watched();
    watch.fromClient(request(1, "demo.apps", {}));
    watch.fromHost(
      frame({ type: "response", id: 1, status: "error", error: { code: "host_handoff", message: "moving", retryable: true } }),
    );
    expect(lines).toEqual([]);
    expect(log.report(plan.id, "here", []).notes).toEqual([expect.stringContaining("host_handoff")]);
  });

  it("measures the binding's timeout: a deadline violation when it passes, and the late answer judged on its own", () => {
    vi.useFakeTimers();
    const { watch, lines } = watched();
    watch.fromClient(request(1, "demo.apps", {}));
    vi.advanceTimersByTime((plan.methods.get("demo.apps")?.timeoutMs ?? 0) + 1);
    watch.fromHost(result(1, { apps: "none" }));
    expect(lines).toEqual([
      expect.stringMatching(/^FAIL deadline demo\.apps host→client: no answer within \d+ ms/),
      expect.stringContaining("FAIL response_schema demo.apps host→client at /result/apps"),
    ]);
  });

  it("redacts a sensitive param wherever it is printed, and the host's words quoting it", () => {
    const { watch, lines, log } = watched();
    const token = "secret-token-value";
    watch.fromClient(request(1, "demo.snapshot", { token }));
    watch.fromHost(
      frame({
        type: "response",
        id: 1,
        status: "error",
        error: { code: "not_listed", message: `unknown ${token}`, retryable: false },
      }),
    );
    expect(lines.join("\n")).toContain("warn unknown_error_code demo.snapshot");
    expect(lines.join("\n")).not.toContain(token);
    // The report's params are shown redacted; its other text is redacted where it is written (commands/proxy.ts).
    const [finding] = log.report(plan.id, "here", ["unknown_error_code"]).findings;
    expect(finding?.params).toEqual({ token: "<redacted>" });
    expect(finding?.reproducer.command).toBe(
      '{"type":"request","id":1,"method":"demo.snapshot","params":{"token":"<redacted>"}}',
    );
  });

  it("judges a call carrying a value the proxy saw ended as a lifecycle case, and one it never saw issued as an ordinary call", () => {
    const { watch, lines } = watched();
    watch.fromClient(request(1, "demo.end", { token: "token-seen-ended" }));
    watch.fromHost(result(1, { ended: true }));
    watch.fromClient(request(2, "demo.snapshot", { token: "token-seen-ended" }));
    watch.fromHost(result(2, { capture_state: "safe", elements: [] }));
    watch.fromClient(request(3, "demo.snapshot", { token: "token-from-elsewhere" }));
    watch.fromHost(result(3, { capture_state: "safe", elements: [] }));
    expect(lines.filter((line) => line.includes("lifecycle"))).toEqual([
      expect.stringContaining("FAIL lifecycle demo.snapshot host→client: accepted a call carrying a token end had ended"),
    ]);
  });
});
