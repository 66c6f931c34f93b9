/**
 * The binding file `update` writes for a new schema (evolution/binding-update.ts): for any mix of
 * added, removed and renamed methods the new binding passes every binding check against the new
 * schema, keeps every other entry as committed, and names no method the schema lost.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { evolveBinding } from "../../generator/evolution/binding-update.js";
import { diffContracts } from "../../generator/evolution/diff.js";
import { parseBinding, type Binding } from "../../generator/load/binding.js";
import { loadContract, type LoadedContract } from "../../generator/load/contract.js";
import { modelOf } from "../../generator/pipeline.js";
import { EMBEDDED } from "../support/bindgen.js";

const SCRATCH = mkdtempSync(join(tmpdir(), "rightkit-binding-update-"));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

type Defs = Record<string, Record<string, unknown>>;

/** A committed contract, its binding file as text, and its methods. */
interface Committed {
  readonly text: string;
  readonly schema: { readonly $defs: Defs };
  readonly before: LoadedContract;
  readonly binding: Binding;
  readonly methods: readonly string[];
}

function committed(source: { readonly contract: string; readonly binding: string }): Committed {
  const before = loadContract(source);
  const binding = before.binding as Binding;
  return {
    text: readFileSync(source.binding, "utf8"),
    schema: JSON.parse(readFileSync(source.contract, "utf8")) as { $defs: Defs },
    before,
    binding,
    methods: Object.keys(binding.methods).sort(),
  };
}

const DEMO = committed(EMBEDDED);
const AGENTCLI = committed({ contract: "contract/agentcli.v0.2.schema.json", binding: "contract/agentcli.v0.2.binding.json" });
const BINDING_TEXT = DEMO.text;
const SCHEMA = DEMO.schema;
const COMMITTED = DEMO.binding;
const METHODS = DEMO.methods;

let files = 0;
function loaded(schema: unknown, bindingText?: string): LoadedContract {
  const stem = join(SCRATCH, `c${files++}`);
  writeFileSync(`${stem}.schema.json`, JSON.stringify(schema));
  if (bindingText !== undefined) writeFileSync(`${stem}.binding.json`, bindingText);
  return loadContract({
    contract: `${stem}.schema.json`,
    binding: bindingText === undefined ? undefined : `${stem}.binding.json`,
  });
}

interface Release {
  readonly removed: readonly string[];
  readonly renamed: ReadonlyMap<string, string>;
  /** New method name → the method whose params it copies. */
  readonly added: ReadonlyMap<string, string>;
}

/**
 * The schema after one upstream release. An added method's result is its own (with the `ok` an
 * envelope binding asks of every result), so it pairs with nothing removed.
 */
function released(release: Release, contract: Committed = DEMO): unknown {
  const defs: Record<string, unknown> = { ...contract.schema.$defs };
  for (const name of release.removed) delete defs[name];
  for (const [from, to] of release.renamed) {
    defs[to] = defs[from];
    delete defs[from];
  }
  for (const [name, like] of release.added) {
    const done = `${name}_done`;
    defs[name] = {
      params: contract.schema.$defs[like]?.params,
      result: { type: "object", properties: { ok: { type: "boolean" }, [done]: { type: "boolean" } }, required: ["ok", done] },
    };
  }
  return { ...contract.schema, $defs: defs };
}

function evolve(release: Release, contract: Committed = DEMO) {
  const after = loaded(released(release, contract));
  const diff = diffContracts(contract.before, after);
  const evolution = evolveBinding(
    { text: contract.text, binding: contract.binding },
    modelOf(contract.before),
    modelOf(after),
    diff.renames,
  );
  // Judged as the generator judges it: the schema's checks, then every binding check of the model.
  const next = loaded(released(release, contract), evolution.text);
  modelOf(next);
  return { diff, evolution, binding: next.binding as Binding };
}

const releases = (contract: Committed): fc.Arbitrary<Release> =>
  fc
    .tuple(
      fc.subarray([...contract.methods]),
      fc.subarray([...contract.methods]),
      fc.uniqueArray(fc.constantFrom(...contract.methods), { maxLength: 3 }),
    )
    .map(([removed, renamedFrom, copied]) => {
      const renamed = new Map(renamedFrom.filter((name) => !removed.includes(name)).map((name) => [name, `${name}2`]));
      return { removed, renamed, added: new Map(copied.map((like, i) => [`extra${i}`, like])) };
    });
const release = releases(DEMO);

describe("the binding file follows the schema's methods", () => {
  it("for any release, passes every binding check, keeps the other entries, and names no lost method", () => {
    fc.assert(
      fc.property(release, (release) => {
        const { diff, evolution, binding } = evolve(release);
        expect(diff.renames).toEqual(
          [...release.renamed].map(([from, to]) => ({ from, to })).sort((a, b) => (a.from < b.from ? -1 : 1)),
        );
        for (const name of METHODS.filter((name) => !release.removed.includes(name) && !release.renamed.has(name)))
          expect(binding.methods[name]).toEqual(COMMITTED.methods[name]);
        for (const [from, to] of release.renamed) {
          expect(binding.methods[to]).toEqual({ ...COMMITTED.methods[from], tool: `demo.${to}` });
          expect(binding.methods[from]).toBeUndefined();
        }
        for (const [name, like] of release.added) {
          const carriesToken = like !== "apps" && like !== "request";
          expect(binding.methods[name]).toEqual({
            tool: `demo.${name}`,
            ...(carriesToken ? { sensitiveParams: ["token"] } : {}),
            sideEffects: "destructive",
          });
          const tokenIssued = !release.removed.includes("request");
          expect(binding.links?.token?.to[name]).toBe(carriesToken && tokenIssued ? "token" : undefined);
        }
        const lost = [...release.removed, ...release.renamed.keys()];
        const named = JSON.stringify([binding.links ?? {}, binding.lifecycle ?? {}]);
        for (const name of lost) expect(named).not.toContain(`"${name}"`);
        expect(evolution.removed).toEqual([...release.removed].sort());
        expect(evolution.added.map((entry) => entry.method)).toEqual(
          [...release.renamed.values(), ...release.added.keys()].sort(),
        );
      }),
      { numRuns: 40 },
    );
  });

  it("for any release of a contract without a tool-name prefix or a token (agentcli), passes every binding check", () => {
    fc.assert(
      fc.property(releases(AGENTCLI), (release) => {
        const { binding } = evolve(release, AGENTCLI);
        for (const name of AGENTCLI.methods.filter((name) => !release.removed.includes(name) && !release.renamed.has(name)))
          expect(binding.methods[name]).toEqual(AGENTCLI.binding.methods[name]);
        for (const name of release.added.keys()) expect(binding.methods[name]).toEqual({ sideEffects: "destructive" });
        const lost = [...release.removed, ...release.renamed.keys()];
        const named = JSON.stringify([binding.links ?? {}, binding.lifecycle ?? {}]);
        for (const name of lost) expect(named).not.toContain(`"${name}"`);
      }),
      { numRuns: 25 },
    );
  });

  it("changes nothing, byte for byte, when the methods stay", () => {
    expect(evolve({ removed: [], renamed: new Map(), added: new Map() }).evolution.text).toBe(BINDING_TEXT);
  });

  it("edits the file as text: a one-line object stays on one line, and the layout around it is kept", () => {
    const { evolution } = evolve({ removed: [], renamed: new Map(), added: new Map([["ping", "end"]]) });
    const expected = BINDING_TEXT.replace(
      `"sideEffects": "destructive"\n    }\n  },\n  "links"`,
      `"sideEffects": "destructive"\n    },\n    "ping": {\n      "tool": "demo.ping",\n      "sensitiveParams": ["token"],\n      "sideEffects": "destructive"\n    }\n  },\n  "links"`,
    ).replace(`"snapshot": "token" }`, `"snapshot": "token", "ping": "token" }`);
    expect(expected).not.toBe(BINDING_TEXT);
    expect(evolution.text).toBe(expected);
  });

  it("a removed source method, or a link's last target, takes the link and its lifecycle rules with it", () => {
    const { binding } = evolve({ removed: ["request"], renamed: new Map(), added: new Map() });
    expect(binding.links?.token).toBeUndefined();
    expect(binding.lifecycle?.token).toBeUndefined();
    // `appId` fed `request` alone.
    expect(binding.links?.appId).toBeUndefined();
    expect(binding.lifecycle?.appId).toBeUndefined();
    expect(binding.links?.elementRef).toEqual(COMMITTED.links?.elementRef);
  });

  it("two targets gone from one link leave no empty link (found by the property above: act and batch)", () => {
    const { binding } = evolve({ removed: ["act", "batch"], renamed: new Map(), added: new Map() });
    expect(binding.links?.elementOp).toBeUndefined();
    expect(binding.links?.elementRef).toBeUndefined();
  });

  it("a rename moves the method's place in links and lifecycle rules to the new name", () => {
    const { binding } = evolve({ removed: [], renamed: new Map([["end", "finish"]]), added: new Map() });
    expect(binding.lifecycle?.token?.endedBy).toEqual({ finish: ["invalid_token", "session_ended"] });
    expect(binding.links?.token?.to).toEqual({ act: "token", batch: "token", finish: "token", snapshot: "token" });
  });

  it("a removed ending method leaves the link's other rules", () => {
    const { binding } = evolve({ removed: ["end"], renamed: new Map(), added: new Map() });
    expect(binding.lifecycle?.token).toEqual({ neverIssued: ["invalid_token"] });
  });

  it("the binding's contract follows a new $id", () => {
    const after = loaded({ ...SCHEMA, $id: "rightkit.agent.demo.v2" });
    const diff = diffContracts(DEMO.before, after);
    const evolution = evolveBinding(
      { text: BINDING_TEXT, binding: COMMITTED },
      modelOf(DEMO.before),
      modelOf(after),
      diff.renames,
    );
    expect(parseBinding(evolution.text, "binding.json").contract).toBe("rightkit.agent.demo.v2");
  });
});

describe("renames in the diff", () => {
  it("pair a removed and an added method only when each is the other's one match", () => {
    // `act` and a copy of it both gone, one method of that shape added: which was renamed is unknowable.
    const defs: Record<string, unknown> = { ...SCHEMA.$defs, act2: SCHEMA.$defs.act };
    const before = loaded({ ...SCHEMA, $defs: defs });
    const { act: _act, act2: _act2, ...rest } = defs;
    const ambiguous = diffContracts(before, loaded({ ...SCHEMA, $defs: { ...rest, press: SCHEMA.$defs.act } }));
    expect(ambiguous.renames).toEqual([]);
    expect(ambiguous.changes.map((change) => change.kind)).toEqual(
      expect.arrayContaining(["method_removed", "method_removed", "method_added"]),
    );
  });

  it("report a rename as one breaking change", () => {
    const { diff } = evolve({ removed: [], renamed: new Map([["snapshot", "look"]]), added: new Map() });
    const renamed = diff.changes.filter((change) => change.kind === "method_renamed");
    expect(renamed).toEqual([
      expect.objectContaining({
        severity: "breaking",
        method: "look",
        message: "method snapshot renamed to look (same params and result)",
      }),
    ]);
    expect(diff.changes.some((change) => change.kind === "method_removed" || change.kind === "method_added")).toBe(false);
  });
});
