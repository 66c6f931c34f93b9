/**
 * A binding file binding.schema.json refuses is told so in one line naming the key and what is
 * wrong with it (generator/load/binding-errors.ts), never in Ajv's own words, which name no key.
 * Proven on every valid binding file the repository holds, broken in one place by generated
 * mutations: a key misspelled, an unknown key added at any level, a key deleted, a value of the
 * wrong type. Each must fail with bad_binding, a one-line message naming the key, the right
 * pointer, and — for a misspelling close to one known key — a suggestion of it.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BindgenError, isBindgenError } from "../../generator/errors.js";
import { appendPointer, getAt, isJsonObject, type JsonObject } from "../../generator/json.js";
import { parseBinding } from "../../generator/load/binding.js";
import { keyDistance, nearestKeys, quote, suggestionReach, WORDED_KEYWORDS } from "../../generator/load/binding-errors.js";
import validateBinding from "../../generator/load/precompiled/binding.js";
import { BINDING_SCHEMA } from "../../generator/package-files.js";
import { runCli } from "../support/bindgen.js";

const DEMO = "contract/rightkit.agent.demo.v1";

/** Every valid binding file: the contracts' and the test fixtures' `*.binding.json`. */
const BASES: readonly [string, JsonObject][] = ["contract", "test/fixtures"]
  .flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".binding.json"))
      .map((entry) => join(entry.parentPath, entry.name)),
  )
  .sort()
  .map((file) => [file, JSON.parse(readFileSync(file, "utf8")) as JsonObject]);

function refusal(document: unknown, file = "b.json"): BindgenError {
  try {
    parseBinding(JSON.stringify(document), file);
  } catch (error) {
    if (isBindgenError(error)) return error;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(document).slice(0, 200)}`);
}

/** The demo binding with one change. */
function demo(change: (binding: JsonObject) => void): JsonObject {
  const binding = JSON.parse(readFileSync(`${DEMO}.binding.json`, "utf8")) as JsonObject;
  change(binding);
  return binding;
}

const methodsOf = (binding: JsonObject): JsonObject => binding.methods as JsonObject;

describe("a binding file's schema errors name what is wrong", () => {
  it("a typo in the binding file is named (issue 33): timeoutMS", () => {
    const broken = demo((b) => void ((methodsOf(b).apps as JsonObject).timeoutMS = 5000));
    const error = refusal(broken, "demo.binding.json");
    expect(error).toMatchObject({ code: "bad_binding", file: "demo.binding.json", pointer: "#/methods/apps" });
    expect(error.message).toBe('unknown key "timeoutMS" — did you mean "timeoutMs"?');
    expect(error.oneLine()).toBe('demo.binding.json:#/methods/apps: unknown key "timeoutMS" — did you mean "timeoutMs"?');
  });

  it("the CLI prints it on one line and exits 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bindgen-binding-typo-"));
    const binding = join(dir, "typo.binding.json");
    writeFileSync(binding, JSON.stringify(demo((b) => void ((methodsOf(b).apps as JsonObject).timeoutMS = 5000))));
    const run = await runCli(["generate", "--contract", `${DEMO}.schema.json`, "--binding", binding, "--out", join(dir, "out")]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain('typo.binding.json:#/methods/apps: unknown key "timeoutMS" — did you mean "timeoutMs"?');
  });

  // One case per kind of error binding.schema.json can produce: [document, pointer, message].
  const kinds: [string, unknown, string, string][] = [
    [
      "an unknown key with nothing near it lists the keys allowed",
      { contract: "x", methods: { ping: { retries: 3 } } },
      "#/methods/ping",
      'unknown key "retries"; allowed here: "tool", "timeoutMs", "sensitiveParams", "summary", "failClosed", "sideEffects", "waitsForPerson"',
    ],
    ["a misspelled required key", { contrct: "x", methods: {} }, "#", 'unknown key "contrct" — did you mean "contract"?'],
    ["a missing required key", { methods: {} }, "#", 'missing key "contract"'],
    [
      "a wrong type",
      { contract: "x", methods: { ping: { timeoutMs: "5" } } },
      "#/methods/ping/timeoutMs",
      '"timeoutMs" must be an integer, not a string',
    ],
    [
      "a union type",
      { contract: "x", methods: {}, lifecycle: { t: { neverIssued: [1.5] } } },
      "#/lifecycle/t/neverIssued/0",
      'item 0 of "neverIssued" must be a string or an integer, not a fractional number',
    ],
    [
      "a minimum",
      { contract: "x", methods: { ping: { timeoutMs: 0 } } },
      "#/methods/ping/timeoutMs",
      '"timeoutMs" must be at least 1, not 0',
    ],
    [
      "a maximum",
      { contract: "x", methods: {}, defaultTimeoutMs: 86400001 },
      "#/defaultTimeoutMs",
      '"defaultTimeoutMs" must be at most 86400000, not 86400001',
    ],
    [
      "an enum",
      { contract: "x", methods: { ping: { sideEffects: "read" } } },
      "#/methods/ping/sideEffects",
      '"sideEffects" must be one of "none", "additive", "destructive", not "read"',
    ],
    [
      "a const",
      { contract: "x", methods: { ping: { waitsForPerson: false } } },
      "#/methods/ping/waitsForPerson",
      '"waitsForPerson" must be true, not false',
    ],
    [
      "a pattern",
      { contract: "x", methods: {}, client: { className: "demo" } },
      "#/client/className",
      '"className" must match the pattern "^[A-Z][A-Za-z0-9]*$", not "demo"',
    ],
    [
      "a key's pattern",
      { contract: "x", methods: {}, client: { constants: { ab: { value: 1, description: "d" } } } },
      "#/client/constants",
      'key "ab" must match the pattern "^[A-Z][A-Z0-9_]*$"',
    ],
    ["an empty string", { contract: "", methods: {} }, "#/contract", '"contract" must not be empty'],
    [
      "an empty array",
      { contract: "x", methods: {}, lifecycle: { t: { neverIssued: [] } } },
      "#/lifecycle/t/neverIssued",
      '"neverIssued" must not be empty',
    ],
    ["an empty object", { contract: "x", methods: {}, lifecycle: { t: {} } }, "#/lifecycle/t", '"t" must not be empty'],
    [
      "a repeated item",
      { contract: "x", methods: { ping: { sensitiveParams: ["a", "a"] } } },
      "#/methods/ping/sensitiveParams",
      '"sensitiveParams" holds the same item twice (items 0 and 1)',
    ],
    [
      "a key another needs",
      {
        contract: "x",
        methods: {},
        transport: { kind: "jsonrpc-stdio", command: "c", ready: { notification: "n", version: "1" } },
      },
      "#/transport/ready",
      'missing key "versionField", which "version" needs beside it',
    ],
    [
      "a oneOf form, by its kind",
      { contract: "x", methods: {}, transport: { kind: "jsonrpc-stdio", comand: "c" } },
      "#/transport",
      'unknown key "comand" — did you mean "command"?',
    ],
    [
      "a oneOf form's failure inside a $ref",
      {
        contract: "x",
        methods: {},
        transport: { kind: "jsonrpc-stdio", command: "c", ready: { notification: "n", timeoutMs: null } },
      },
      "#/transport/ready/timeoutMs",
      '"timeoutMs" must be an integer, not null',
    ],
    [
      "a oneOf form's key pattern",
      { contract: "x", methods: {}, errors: { kind: "codes", codes: { Bad: "b" } } },
      "#/errors/codes",
      'key "Bad" must match the pattern "^[a-z][a-z0-9_]*$"',
    ],
    [
      "a oneOf form's missing key",
      { contract: "x", methods: {}, errors: { kind: "jsonrpc" } },
      "#/errors",
      'missing key "invalidParams"',
    ],
    [
      "a kind no form has",
      { contract: "x", methods: {}, transport: { kind: "stdio", command: "c" } },
      "#/transport/kind",
      '"kind" must be one of "rightkit-daemon", "jsonrpc-stdio", not "stdio"',
    ],
    [
      "no kind",
      { contract: "x", methods: {}, transport: { command: "c" } },
      "#/transport",
      'missing key "kind" (one of "rightkit-daemon", "jsonrpc-stdio")',
    ],
    [
      "a misspelled kind",
      { contract: "x", methods: {}, transport: { kimd: "jsonrpc-stdio", command: "c" } },
      "#/transport",
      'unknown key "kimd" — did you mean "kind"?',
    ],
    [
      "a oneOf of objects given a number",
      { contract: "x", methods: {}, errors: 5 },
      "#/errors",
      '"errors" must be an object, not a number',
    ],
    ["the whole file", [], "#", "the binding file must be an object, not an array"],
    [
      "a hostile key stays on one line, escaped",
      { contract: "x", methods: {}, "time\u001b[2Jout\n\u2028\u202e\u0085": 1 },
      "#",
      'unknown key "time\\u001b[2Jout\\n\\u2028\\u202e\\u0085"; allowed here: "$schema", "contract", "client", "transport", "cli", "numbers", "patterns", "results", "errors", "defaultTimeoutMs", "methods", "links", "lifecycle"',
    ],
  ];
  for (const [name, document, pointer, message] of kinds) {
    it(name, () => {
      const error = refusal(document);
      expect({ code: error.code, file: error.file, pointer: error.pointer, message: error.message }).toEqual({
        code: "bad_binding",
        file: "b.json",
        pointer,
        message,
      });
    });
  }

  it("every assertion keyword binding.schema.json uses has words of its own", () => {
    const schema: unknown = JSON.parse(readFileSync(BINDING_SCHEMA, "utf8"));
    const used = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!isJsonObject(node)) return;
      for (const [keyword, value] of Object.entries(node)) {
        used.add(keyword);
        if (keyword === "properties" || keyword === "$defs" || keyword === "dependentRequired")
          Object.values(value as JsonObject).forEach(walk);
        else if (keyword !== "enum" && keyword !== "const" && keyword !== "required") walk(value);
      }
    };
    walk(schema);
    const silent = new Set(["$schema", "$id", "$ref", "$defs", "title", "description", "properties", "items"]);
    expect([...used].filter((keyword) => !silent.has(keyword) && !WORDED_KEYWORDS.has(keyword)).sort()).toEqual([]);
  });
});

describe("suggestions", () => {
  it("measure edits, a swap of neighbours as one, case ignored", () => {
    expect(keyDistance("timeoutMs", "timeoutMS")).toBe(0);
    expect(keyDistance("tiemoutMs", "timeoutMs")).toBe(1);
    expect(keyDistance("timoutMs", "timeoutMs")).toBe(1);
    expect(keyDistance("timeouttMs", "timeoutMs")).toBe(1);
    expect(keyDistance("timeoutMz", "timeoutMs")).toBe(1);
    expect(keyDistance("ca", "abc")).toBe(3);
    expect(keyDistance("", "abc")).toBe(3);
    expect(keyDistance("🙂x", "🙂y")).toBe(1);
  });

  it("prefer the key equal but for case, then the nearest; none when nothing is close", () => {
    const known = ["tool", "timeoutMs", "summary", "method", "methods"];
    expect(nearestKeys("TimeoutMS", known)).toEqual(["timeoutMs"]);
    expect(nearestKeys("timout", known)).toEqual([]);
    expect(nearestKeys("tools", known)).toEqual(["tool"]);
    expect(nearestKeys("methodz", known)).toEqual(["method", "methods"]);
    expect(nearestKeys("retries", known)).toEqual([]);
    expect(nearestKeys("ab", ["app"])).toEqual([]);
    expect(nearestKeys("ap", ["app"])).toEqual(["app"]);
  });

  it("the distance is a distance: zero alone for equal text, symmetric, at most the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const distance = keyDistance(a, b);
        expect(distance === 0).toBe(a.toLowerCase() === b.toLowerCase());
        expect(keyDistance(b, a)).toBe(distance);
        expect(distance).toBeLessThanOrEqual(Math.max([...a].length, [...b].length));
      }),
    );
  });

  it("quote escapes everything that would break or hide part of a line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const quoted = quote(text);
        expect(quoted).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(JSON.parse(quoted)).toBe(text);
      }),
    );
  });
});

// --- generated mutations ----------------------------------------------------------------------

type Segments = readonly string[];

/** Every object in a document (the root among them), by its path. */
function objectsIn(document: unknown, at: Segments = []): Segments[] {
  if (Array.isArray(document)) return document.flatMap((item, index) => objectsIn(item, [...at, String(index)]));
  if (!isJsonObject(document)) return [];
  return [at, ...Object.entries(document).flatMap(([key, value]) => objectsIn(value, [...at, key]))];
}

const LOCATIONS = BASES.flatMap(([file, document]) => objectsIn(document).map((at) => ({ file, document, at })));
const KEYED = LOCATIONS.filter(({ document, at }) => Object.keys(objectAt(document, at)).length > 0);

function objectAt(document: unknown, at: Segments): JsonObject {
  const found = getAt(document, at);
  if (!found.found || !isJsonObject(found.value)) throw new Error(`no object at /${at.join("/")}`);
  return found.value;
}

const pointerOf = (at: Segments): string => appendPointer("#", ...at);

/** A copy of `document` whose object at `at` is `change(entries)` (keys kept as own data properties, `__proto__` too). */
function rebuilt(document: JsonObject, at: Segments, change: (entries: [string, unknown][]) => [string, unknown][]): JsonObject {
  const copy = JSON.parse(JSON.stringify(document)) as JsonObject;
  const target = objectAt(copy, at);
  const entries = change(Object.entries(target));
  for (const key of Object.keys(target)) delete target[key];
  for (const [key, value] of entries)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One or two small edits of a key: a letter dropped, added, changed, swapped with its neighbour, or its case flipped. */
const typoOf = (key: string): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom("drop", "add", "change", "swap", "case"), fc.nat(), fc.constantFrom(..."aeimnorstxzMS_")), {
      minLength: 1,
      maxLength: 2,
    })
    .map((edits) =>
      edits.reduce((text, [edit, at, letter]) => {
        const points = [...text];
        const i = points.length === 0 ? 0 : at % points.length;
        if (edit === "drop") points.splice(i, 1);
        else if (edit === "add") points.splice(i, 0, letter);
        else if (edit === "change") points.splice(i, 1, letter);
        else if (edit === "swap" && i + 1 < points.length)
          [points[i], points[i + 1]] = [points[i + 1] as string, points[i] as string];
        else if (edit === "case" && points[i] !== undefined) {
          const point = points[i] as string;
          points[i] = point === point.toLowerCase() ? point.toUpperCase() : point.toLowerCase();
        }
        return points.join("");
      }, key),
    );

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "",
  "a/b~c",
  "line\nbreak",
  "\u001b[31mred",
  "\u2028",
  "\u202eevil",
  "🙂",
];

/** The refusal of a mutant the precompiled check rejects; `undefined` (the case is skipped) when it still passes. */
function refusalOf(mutant: JsonObject, file: string): BindgenError | undefined {
  if (validateBinding(mutant)) return undefined;
  return refusal(mutant, file);
}

/** What every refusal holds to: bad_binding, this file, one clean line naming `keys` (one of them), located. */
function expectNamed(error: BindgenError, file: string, objectPointer: string, keys: readonly string[]): void {
  expect(error.code).toBe("bad_binding");
  expect(error.file).toBe(file);
  expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  expect(error.oneLine()).not.toMatch(/[\r\n\u2028\u2029]/);
  const named = keys.find((key) => error.message.includes(quote(key)));
  expect(named, `${error.message} names none of ${JSON.stringify(keys)}`).toBeDefined();
  // A key that is unknown, missing or badly named is shown at its object; a bad value, at itself.
  const aboutTheKey = /^(unknown key|missing key|key) /.test(error.message);
  expect(error.pointer).toBe(aboutTheKey ? objectPointer : appendPointer(objectPointer, named as string));
}

/** The keys an `unknown key "x" — did you mean "a" or "b"?` message suggests. */
function suggestions(message: string): string[] {
  const asked = / — did you mean (.*)\?$/.exec(message)?.[1];
  return asked === undefined ? [] : (JSON.parse(`[${asked.replace(/" or "/g, '", "')}]`) as string[]);
}

const RUNS = { numRuns: 500 };

describe("every valid binding file, broken in one place, is refused naming the key", () => {
  it("has valid binding files to break", () => {
    expect(BASES.map(([file]) => file)).toEqual(
      expect.arrayContaining([`${DEMO}.binding.json`, "contract/agentcli.v0.2.binding.json"]),
    );
    for (const [file, document] of BASES) expect(() => parseBinding(JSON.stringify(document), file)).not.toThrow();
  });

  it("a key misspelled: named, and the known key suggested when it is the nearest within reach", () => {
    const mutation = fc
      .constantFrom(...KEYED)
      .chain((location) =>
        fc
          .constantFrom(...Object.keys(objectAt(location.document, location.at)))
          .chain((key) => fc.tuple(fc.constant(location), fc.constant(key), typoOf(key))),
      );
    fc.assert(
      fc.property(mutation, ([{ file, document, at }, key, typo]) => {
        fc.pre(!Object.hasOwn(objectAt(document, at), typo));
        const error = refusalOf(
          rebuilt(document, at, (entries) => entries.map(([name, value]) => [name === key ? typo : name, value])),
          file,
        );
        fc.pre(error !== undefined);
        expectNamed(error as BindgenError, file, pointerOf(at), [typo, key]);
        const message = (error as BindgenError).message;
        if (!message.startsWith(`unknown key ${quote(typo)}`)) return;
        // The object was valid, so `key` is one it may hold: within reach, it (or a nearer key) is suggested.
        const distance = keyDistance(typo, key);
        const offered = suggestions(message);
        if (distance <= suggestionReach(key)) {
          expect(offered.length, message).toBeGreaterThan(0);
          if (!offered.includes(key))
            expect(
              offered.some((other) => keyDistance(typo, other) < distance),
              message,
            ).toBe(true);
        }
        for (const other of offered) expect(keyDistance(typo, other)).toBeLessThanOrEqual(suggestionReach(other));
      }),
      RUNS,
    );
  });

  it("an unknown key added at any level: named", () => {
    const keyFor = (location: (typeof LOCATIONS)[number]): fc.Arbitrary<string> => {
      const existing = Object.keys(objectAt(location.document, location.at));
      const near = existing.length > 0 ? fc.constantFrom(...existing).chain(typoOf) : fc.string();
      return fc.oneof(fc.string({ unit: "binary", maxLength: 10 }), near, fc.constantFrom(...HOSTILE_KEYS));
    };
    const mutation = fc
      .constantFrom(...LOCATIONS)
      .chain((location) =>
        fc.tuple(fc.constant(location), keyFor(location), fc.constantFrom<unknown>(1, "x", true, null, {}, [])),
      );
    fc.assert(
      fc.property(mutation, ([{ file, document, at }, key, value]) => {
        fc.pre(!Object.hasOwn(objectAt(document, at), key));
        const error = refusalOf(
          rebuilt(document, at, (entries) => [...entries, [key, value]]),
          file,
        );
        fc.pre(error !== undefined);
        const refused = error as BindgenError;
        // A new entry of a map (a link, a method) holding `{}` lacks the keys an entry needs: the
        // pointer names the entry, the message the key it lacks.
        if (isJsonObject(value) && refused.message.startsWith("missing key")) {
          expect(refused.pointer).toBe(appendPointer(pointerOf(at), key));
          return;
        }
        expectNamed(refused, file, pointerOf(at), [key]);
        if (refused.message.startsWith("unknown key")) expect(refused.message.startsWith(`unknown key ${quote(key)}`)).toBe(true);
      }),
      RUNS,
    );
  });

  it("a key deleted: named missing (or its object named empty)", () => {
    const mutation = fc
      .constantFrom(...KEYED)
      .chain((location) =>
        fc.tuple(fc.constant(location), fc.constantFrom(...Object.keys(objectAt(location.document, location.at)))),
      );
    fc.assert(
      fc.property(mutation, ([{ file, document, at }, key]) => {
        const error = refusalOf(
          rebuilt(document, at, (entries) => entries.filter(([name]) => name !== key)),
          file,
        );
        fc.pre(error !== undefined);
        const refused = error as BindgenError;
        const holder = at.at(-1);
        if (
          Object.keys(objectAt(document, at)).length === 1 &&
          holder !== undefined &&
          refused.message === `${quote(holder)} must not be empty`
        ) {
          expect(refused).toMatchObject({ code: "bad_binding", file, pointer: pointerOf(at) });
          return;
        }
        expectNamed(refused, file, pointerOf(at), [key]);
        expect(refused.message).toMatch(/^missing key /);
      }),
      RUNS,
    );
  });

  it("a value of the wrong type: named, at the value", () => {
    const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
    const mutation = fc
      .constantFrom(...KEYED)
      .chain((location) =>
        fc.tuple(
          fc.constant(location),
          fc.constantFrom(...Object.keys(objectAt(location.document, location.at))),
          fc.constantFrom<unknown>(null, true, 7.5, "x", [], {}, [1]),
        ),
      );
    fc.assert(
      fc.property(mutation, ([{ file, document, at }, key, value]) => {
        fc.pre(kind(objectAt(document, at)[key]) !== kind(value));
        const error = refusalOf(
          rebuilt(document, at, (entries) => entries.map(([name, old]) => [name, name === key ? value : old])),
          file,
        );
        fc.pre(error !== undefined);
        expectNamed(error as BindgenError, file, pointerOf(at), [key]);
        expect(error?.pointer).toBe(appendPointer(pointerOf(at), key));
      }),
      RUNS,
    );
  });
});
