// The committed binding against `rightkit-bindgen mock`: the contract served from its schema and
// binding file alone, as a binding repo whose product has no host to test against yet would test
// its client. The mock's answers are drawn from the result schemas, so this asserts what the
// contract says, not what a product does: each answer passed the client's own result validator,
// a token the mock issued is taken until `end`, and refused after it with the binding's code.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DaemonTransport, DemoClient, isToolError } from "../generated/rightkit.agent.demo.v1/index.js";

/** The bin npm linked for the rightkit-bindgen dependency (npm runs tests from the package root). */
const BINDGEN = join(process.cwd(), "node_modules", ".bin", "rightkit-bindgen");

let suiteRoot: string;
let mock: ChildProcess;

before(async () => {
  suiteRoot = await mkdtemp(join(tmpdir(), "demo-mock-"));
  // The contract is the only one in ./contract; --seed makes every answer the same run after run.
  mock = spawn(BINDGEN, ["mock", "--suite-root", suiteRoot, "--seed", "7"], { stdio: ["ignore", "ignore", "pipe"] });
  // The mock's status lines go to stderr; the first is written once service.json is published.
  await once(createInterface({ input: mock.stderr! }), "line");
});

after(async () => {
  const exited = once(mock, "exit");
  mock.kill("SIGTERM");
  await exited;
  await rm(suiteRoot, { recursive: true, force: true });
});

test("an app from the catalog, a session on it, a snapshot, then end: every answer inside the contract", async () => {
  const client = new DemoClient(new DaemonTransport({ suiteRoot }));
  try {
    const { apps } = await client.apps({});
    const app = apps[0];
    assert.ok(app, "the mock lists at least one app: the request's app is taken from this list");
    const { token } = await client.request({ app: app.id, agent_name: "starter-test" });
    const { elements } = await client.snapshot({ token });
    assert.ok(Array.isArray(elements));
    assert.equal((await client.end({ token })).ended, true);
    // The binding's lifecycle rule: a token its ending method ended is refused, not served.
    const refused: unknown = await client.snapshot({ token }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    assert.ok(isToolError(refused));
    assert.equal(refused.code, "session_ended");
  } finally {
    await client.close();
  }
});

test("a token the mock never issued is refused with the binding's code", async () => {
  const client = new DemoClient(new DaemonTransport({ suiteRoot }));
  try {
    const refused: unknown = await client.snapshot({ token: "never-issued" }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    assert.ok(isToolError(refused));
    assert.equal(refused.code, "invalid_token");
  } finally {
    await client.close();
  }
});
