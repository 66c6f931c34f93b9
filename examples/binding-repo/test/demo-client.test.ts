// The committed binding against the conformance host that ships with rightkit-bindgen: the host
// speaks rightkit-daemon's own protocol (service.json discovery, hello, lock-step frames), so
// this is the path an application takes, with a scripted person who approves consent.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DaemonTransport, DemoClient, FIXTURE_APP_ID, isToolError } from "../generated/rightkit.agent.demo.v1/index.js";

/** The bin npm linked for the rightkit-bindgen dependency (npm runs tests from the package root). */
const BINDGEN = join(process.cwd(), "node_modules", ".bin", "rightkit-bindgen");

let suiteRoot: string;
let host: ChildProcess;

before(async () => {
  suiteRoot = await mkdtemp(join(tmpdir(), "demo-suite-"));
  host = spawn(BINDGEN, ["host", "--suite-root", suiteRoot], { stdio: ["ignore", "pipe", "inherit"] });
  // The host prints one line once service.json is published.
  await once(createInterface({ input: host.stdout! }), "line");
});

after(async () => {
  const exited = once(host, "exit");
  host.kill("SIGTERM");
  await exited;
  await rm(suiteRoot, { recursive: true, force: true });
});

test("a session: consent, snapshot, type into the field, click the button, end", async () => {
  const client = new DemoClient(new DaemonTransport({ suiteRoot }));
  try {
    const { token } = await client.request({ app: FIXTURE_APP_ID, agent_name: "starter-test" });
    const { elements } = await client.snapshot({ token });
    const field = elements.find((element) => element.role === "text_field");
    const button = elements.find((element) => element.role === "button");
    assert.ok(field && button, "the fixture app shows a text field and a button");
    await client.act({ token, ref: field.ref, op: "type", text: "Ada" });
    const batch = await client.batch({ token, steps: [{ ref: button.ref, op: "click" }] });
    assert.equal(batch.completed, 1);
    assert.equal((await client.end({ token })).ended, true);
  } finally {
    await client.close();
  }
});

test("params that break the contract are refused before anything is sent", async () => {
  const client = new DemoClient(new DaemonTransport({ suiteRoot }));
  try {
    // @ts-expect-error: `agent_name` is required by the contract.
    const error: unknown = await client.request({ app: FIXTURE_APP_ID }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    assert.ok(isToolError(error));
    assert.equal(error.code, "invalid_arguments");
  } finally {
    await client.close();
  }
});
