/**
 * The binding file's constructs for `conform`: per-method `sideEffects` and `waitsForPerson`,
 * `links` and `lifecycle`. Both contracts' bindings carry them and the model reads them plainly;
 * every place a link or rule names must exist, and each refusal names the binding file and the
 * pointer of what is wrong (each proven to fire on a binding broken in one place).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildModel, loadContract } from "../../generator/index.js";
import { isBindgenError } from "../../generator/errors.js";

const DEMO = "contract/rightkit.agent.demo.v1";
const AGENTCLI = "contract/agentcli.v0.2";

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, "utf8")) as Json;

describe("the committed bindings", () => {
  it("mark the demo's methods and link its tokens, apps and elements", () => {
    const model = buildModel(loadContract(`${DEMO}.schema.json`, `${DEMO}.binding.json`));
    const marks = Object.fromEntries(model.methods.map((m) => [m.name, [m.sideEffects, m.waitsForPerson]]));
    expect(marks).toEqual({
      act: ["destructive", false],
      apps: ["none", false],
      batch: ["destructive", false],
      end: ["destructive", false],
      request: ["additive", true],
      snapshot: ["none", false],
    });
    expect(
      model.links.map((link) => [link.name, link.from, link.pointer, link.targets.map((t) => `${t.method}${t.param}`)]),
    ).toEqual([
      ["appId", "apps", "/apps/*/id", ["request/app"]],
      ["elementOp", "snapshot", "/elements/*/ops/*", ["act/op", "batch/steps/*/op"]],
      ["elementRef", "snapshot", "/elements/*/ref", ["act/ref", "batch/steps/*/ref"]],
      ["token", "request", "/token", ["act/token", "batch/token", "end/token", "snapshot/token"]],
    ]);
    expect(model.lifecycle).toEqual([
      { link: "appId", kind: "never-issued", refusedWith: ["unknown_app"] },
      { link: "token", kind: "never-issued", refusedWith: ["invalid_token"] },
      { link: "token", kind: "ended", by: "end", refusedWith: ["invalid_token", "session_ended"] },
    ]);
  });

  it("mark every agentcli method and link its listings to their look-ups, refused with -32602 otherwise", () => {
    const model = buildModel(loadContract(`${AGENTCLI}.schema.json`, `${AGENTCLI}.binding.json`));
    expect(model.methods.every((m) => m.sideEffects !== undefined && !m.waitsForPerson)).toBe(true);
    expect(model.methods.filter((m) => m.sideEffects !== "none").map((m) => m.name)).toEqual([
      "agentcli.apply",
      "agentcli.authorizationProof.verify",
    ]);
    expect(model.links.map((link) => link.name)).toEqual([
      "authorizationProvider",
      "evidenceProvider",
      "identityProvider",
      "proofMethod",
    ]);
    expect(model.lifecycle.every((rule) => rule.kind === "never-issued" && rule.refusedWith[0] === -32602)).toBe(true);
  });

  it("the starter repo's copy is ours, apart from where its $schema points", () => {
    const ours = readJson(`${DEMO}.binding.json`);
    const starter = readJson(`examples/binding-repo/${DEMO}.binding.json`);
    expect({ ...starter, $schema: ours.$schema }).toEqual(ours);
  });
});

/** The demo binding with one change, loaded; the error it is refused with. */
function refusal(change: (binding: Json) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "conform-links-"));
  const binding = readJson(`${DEMO}.binding.json`);
  delete binding.$schema;
  change(binding);
  const file = join(dir, "demo.binding.json");
  writeFileSync(file, JSON.stringify(binding));
  try {
    buildModel(loadContract(`${DEMO}.schema.json`, file));
  } catch (error) {
    if (isBindgenError(error)) return error.oneLine().replace(file, "BINDING");
    throw error;
  }
  throw new Error("the binding was accepted");
}

const links = (binding: Json): Record<string, Json> => binding.links as Record<string, Json>;
const lifecycle = (binding: Json): Record<string, Json> => binding.lifecycle as Record<string, Json>;
const method = (binding: Json, name: string): Json => (binding.methods as Record<string, Json>)[name] as Json;

describe("a broken link or rule is refused where it is written", () => {
  const cases: [string, (binding: Json) => void, string][] = [
    [
      "a source that is no method",
      (b) => void ((links(b).token as Json).from = "mint"),
      `BINDING:#/links/token/from: "mint" is not a method of the schema`,
    ],
    [
      "a result pointer the result does not declare",
      (b) => void ((links(b).token as Json).pointer = "/tokens"),
      "BINDING:#/links/token/pointer: request's result declares no /tokens",
    ],
    [
      "a wildcard over what is no array",
      (b) => void ((links(b).token as Json).pointer = "/token/*"),
      "BINDING:#/links/token/pointer: request's result declares no /token/*",
    ],
    [
      "a pointer that is not one",
      (b) => void ((links(b).token as Json).pointer = "token"),
      'BINDING:#/links/token/pointer: "pointer" must match the pattern "^(/([^/~]|~[01])*)+$", not "token"',
    ],
    [
      "a target method that does not exist",
      (b) => void (((links(b).token as Json).to as Json).scroll = "token"),
      `BINDING:#/links/token/to/scroll: "scroll" is not a method of the schema`,
    ],
    [
      "a target param the params do not declare",
      (b) => void (((links(b).token as Json).to as Json).apps = "token"),
      "BINDING:#/links/token/to/apps: apps's params declare no /token",
    ],
    [
      "a target pointer through what the params do not declare",
      (b) => void (((links(b).elementRef as Json).to as Json).batch = "/steps/*/target"),
      "BINDING:#/links/elementRef/to/batch: batch's params declare no /steps/*/target",
    ],
    [
      "a rule for no link",
      (b) => void (lifecycle(b).session = { neverIssued: ["invalid_token"] }),
      `BINDING:#/lifecycle/session: lifecycle names "session", which is not a link`,
    ],
    [
      "an ending method that does not exist",
      (b) => void ((lifecycle(b).token as Json).endedBy = { close: ["invalid_token"] }),
      `BINDING:#/lifecycle/token/endedBy/close: "close" is not a method of the schema`,
    ],
    [
      "a code the error table lacks",
      (b) => void ((lifecycle(b).token as Json).neverIssued = ["bad_token"]),
      `BINDING:#/lifecycle/token/neverIssued/0: error code "bad_token" is not in the binding's errors.codes`,
    ],
    [
      "a number in a codes error model",
      (b) => void ((lifecycle(b).token as Json).neverIssued = [-32602]),
      "BINDING:#/lifecycle/token/neverIssued/0: error code -32602 is not a string (a codes error model)",
    ],
    [
      "an unknown sideEffects",
      (b) => void (method(b, "apps").sideEffects = "read"),
      'BINDING:#/methods/apps/sideEffects: "sideEffects" must be one of "none", "additive", "destructive", not "read"',
    ],
    [
      "waitsForPerson false",
      (b) => void (method(b, "apps").waitsForPerson = false),
      'BINDING:#/methods/apps/waitsForPerson: "waitsForPerson" must be true, not false',
    ],
  ];
  for (const [name, change, message] of cases) {
    it(name, () => expect(refusal(change)).toContain(message));
  }
});
