/**
 * Issue 37's "done when": a contract nobody has written a line of code for — the notes service
 * made up for the tests, its schema and a binding file, nothing else — goes through `generate`,
 * is served by `mock`, is driven by the client just generated through every method, its links and
 * an error scenario, is found conforming by `conform`, and is watched by `proxy` between that
 * client and the mock, finding nothing: once on rightkit-daemon's transport and once on JSON-RPC
 * over stdio. Everything runs as a person would run it: the bin, in processes of their own.
 */
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { ALL_CALLS, conformJson, failing } from "../conform/support.js";
import { spawnProxy } from "../proxy/support.js";
import { BIN, spawnMock, stdioMockServer } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const FIXTURE = resolve("test/mock/fixtures/notes");
/** Inside the repository (and ignored by git), so the generated TypeScript imports like any test's. */
const SCRATCH = resolve(".tmp");

/** What a test reaches of the generated binding: its client class and transports. */
interface NotesBinding {
  readonly NotesClient: NotesClientClass;
  readonly DaemonTransport: new (options: { suiteRoot: string }) => unknown;
  /** The binding's own: its runtime is its own copy, so the tests' ToolError class is not its. */
  readonly isToolError: (value: unknown) => value is { readonly code: string };
}
interface NotesClientClass {
  new (transport: unknown): NotesClient;
  spawn(options: { command: string; args: readonly string[]; stderr: "ignore" }): Promise<NotesClient>;
}
interface NotesClient {
  open(params: { title: string }): Promise<{ handle: string; title: string }>;
  append(params: { handle: string; text: string }): Promise<{ lines: number }>;
  read(params: { handle: string; from?: number }): Promise<{ lines: string[] }>;
  /** The method `close`: the client's own `close()` closes the transport (naming/binding-names.ts). */
  closeMethod(params: { handle: string }): Promise<{ closed: true }>;
  catalog(params?: Record<string, never>): Promise<{ titles: string[] }>;
  close(): Promise<void>;
}

/** A project holding the notes contract with `transport` as its binding's, and the binding `generate` made from it. */
async function newProject(transport: object): Promise<{ readonly schema: string; readonly binding: NotesBinding }> {
  await mkdir(SCRATCH, { recursive: true });
  const dir = await mkdtemp(join(SCRATCH, "new-contract-"));
  cleanups.add(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, "contract"));
  const schema = join(dir, "contract", "notes.v1.schema.json");
  await copyFile(join(FIXTURE, "notes.v1.schema.json"), schema);
  const binding = JSON.parse(await readFile(join(FIXTURE, "notes.v1.binding.json"), "utf8")) as Record<string, unknown>;
  await writeFile(join(dir, "contract", "notes.v1.binding.json"), JSON.stringify({ ...binding, transport }, null, 2));
  const generated = spawnSync(process.execPath, [BIN, "generate", "--contract", schema, "--out", "generated"], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(generated.status, generated.stderr).toBe(0);
  const entry = pathToFileURL(join(dir, "generated", "example.notes.v1", "index.ts")).href;
  return { schema, binding: (await import(entry)) as NotesBinding };
}

/** The typed error a call was refused with. */
async function refusal(binding: NotesBinding, call: Promise<unknown>): Promise<{ readonly code: string }> {
  const reason = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!binding.isToolError(reason)) throw new Error(`not a ToolError: ${String(reason)}`);
  return reason;
}

/** Every method, through the link and the lifecycle rules: a handle lives from open to close, then is refused. */
async function session(binding: NotesBinding, client: NotesClient): Promise<void> {
  const { handle } = await client.open({ title: "groceries" });
  expect((await client.append({ handle, text: "milk" })).lines).toBeGreaterThanOrEqual(1);
  expect(Array.isArray((await client.read({ handle })).lines)).toBe(true);
  // The result schema's examples are the answer when it has them.
  expect(await client.catalog()).toEqual({ titles: ["groceries", "ideas"] });
  expect(await client.closeMethod({ handle })).toEqual({ closed: true });
  expect(await refusal(binding, client.read({ handle }))).toMatchObject({ code: "note_closed" });
  expect(await refusal(binding, client.read({ handle: "never-issued" }))).toMatchObject({ code: "unknown_note" });
}

describe("a contract with no code of its own, end to end", () => {
  it("on rightkit-daemon's transport: generate, the client against the mock and through the proxy, an error scenario, conform", async () => {
    const { schema, binding } = await newProject({ kind: "rightkit-daemon", service: "example.notes", app: "notes-ctl" });
    const suiteRoot = await cleanups.dir();
    await spawnMock(cleanups, [
      "--contract",
      schema,
      "--suite-root",
      suiteRoot,
      "--scenario",
      "error:catalog=service_unavailable",
    ]);
    const direct = new binding.NotesClient(new binding.DaemonTransport({ suiteRoot }));
    cleanups.add(() => direct.close());
    // The scenario's code reaches the client's error path; every other method answers.
    expect(await refusal(binding, direct.catalog())).toMatchObject({ code: "service_unavailable" });
    const { handle } = await direct.open({ title: "ideas" });
    expect(await direct.closeMethod({ handle })).toEqual({ closed: true });

    const upstream = await cleanups.dir();
    await spawnMock(cleanups, ["--contract", schema, "--suite-root", upstream]);
    const proxied = await cleanups.dir();
    const proxy = await spawnProxy(cleanups, ["--contract", schema, "--suite-root", proxied, "--upstream-suite-root", upstream]);
    const client = new binding.NotesClient(new binding.DaemonTransport({ suiteRoot: proxied }));
    await session(binding, client);
    await client.close();
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stdout()).toContain("conforms (0 failing");

    // A mock of its own: handles the session issued and closed would be, to conform, never issued.
    const fresh = await cleanups.dir();
    await spawnMock(cleanups, ["--contract", schema, "--suite-root", fresh]);
    const { run, report } = await conformJson("--contract", schema, "--suite-root", fresh, ALL_CALLS, "--seed", "4");
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("on JSON-RPC over stdio: generate, the client spawning the mock and the proxy in its place, conform", async () => {
    const { schema, binding } = await newProject({ kind: "jsonrpc-stdio", command: "notes-server" });
    const mock = [BIN, "mock", "--contract", schema, "--stdio"];
    const direct = await binding.NotesClient.spawn({ command: process.execPath, args: mock, stderr: "ignore" });
    cleanups.add(() => direct.close());
    await session(binding, direct);

    const client = await binding.NotesClient.spawn({
      command: process.execPath,
      args: [BIN, "proxy", "--contract", schema, "--stdio", "--upstream-command", JSON.stringify([process.execPath, ...mock])],
      stderr: "ignore",
    });
    cleanups.add(() => client.close());
    await session(binding, client);

    const { run, report } = await conformJson(
      "--contract",
      schema,
      "--server",
      stdioMockServer(schema),
      ALL_CALLS,
      "--seed",
      "4",
    );
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
  });
});
