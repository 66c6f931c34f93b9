/**
 * Regression: a schema nested a few hundred levels deep — valid JSON Schema — made `generate` exit
 * 3 ("Maximum call stack size exceeded" in the meta-schema check at 500 levels of `anyOf`, a
 * compiler error on a `const` 110 arrays deep, a crash of the process at 2,000 levels of arrays):
 * our bug on the user's input. Now one door decides: the JSON reader refuses a document nested
 * deeper than MOST_NESTING (exit 2, naming the place), and every stage handles anything up to it.
 * Proven for every way a schema nests, each at the deepest the door lets through: all of them in
 * one contract, generated and type-checked; and one level deeper, refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isBindgenError } from "../../generator/errors.js";
import { generate } from "../../generator/index.js";
import { MOST_NESTING } from "../../generator/load/json.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-deep-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Nest = (inner: unknown) => unknown;

/** Each way a value nests in a schema: one level of it around `inner`. */
const FAMILIES: Readonly<Record<string, { leaf: unknown; nest: Nest }>> = {
  "arrays in an unknown keyword": {
    leaf: { "x-data": [] },
    nest: (inner) => ({ "x-data": [(inner as { "x-data": unknown })["x-data"]] }),
  },
  "objects in an unknown keyword": {
    leaf: { "x-data": {} },
    nest: (inner) => ({ "x-data": { a: (inner as { "x-data": unknown })["x-data"] } }),
  },
  "a const of arrays": { leaf: { const: [] }, nest: (inner) => ({ const: [(inner as { const: unknown }).const] }) },
  "a const of objects": { leaf: { const: {} }, nest: (inner) => ({ const: { a: (inner as { const: unknown }).const } }) },
  "an enum member of arrays": { leaf: { enum: [[]] }, nest: (inner) => ({ enum: [[(inner as { enum: unknown[] }).enum[0]]] }) },
  items: { leaf: {}, nest: (inner) => ({ type: "array", items: inner }) },
  prefixItems: { leaf: {}, nest: (inner) => ({ prefixItems: [inner] }) },
  properties: { leaf: {}, nest: (inner) => ({ type: "object", properties: { a: inner } }) },
  additionalProperties: { leaf: {}, nest: (inner) => ({ additionalProperties: inner }) },
  anyOf: { leaf: {}, nest: (inner) => ({ anyOf: [inner, { type: "null" }] }) },
  allOf: { leaf: {}, nest: (inner) => ({ allOf: [inner] }) },
  not: { leaf: {}, nest: (inner) => ({ not: inner }) },
  "if/then": { leaf: {}, nest: (inner) => ({ if: { type: "object" }, then: inner }) },
  "$defs in $defs": { leaf: { type: "string" }, nest: (inner) => ({ $defs: { d: inner } }) },
};

/** How many levels a JSON value has, as the reader counts them: a scalar or `[]` is 1, `[1]` 2. */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 1;
  let deepest = 0;
  for (const item of Object.values(value)) if (item !== undefined) deepest = Math.max(deepest, depthOf(item));
  return deepest + 1;
}

/** The family's schema nested as deep as `room` levels allow. */
function deepest(family: { leaf: unknown; nest: Nest }, room: number): unknown {
  let schema = family.leaf;
  for (;;) {
    const deeper = JSON.parse(JSON.stringify(family.nest(schema))) as unknown;
    if (depthOf(deeper) > room) return schema;
    schema = deeper;
  }
}

/** `{ $id, $defs: { <defs> } }`: a definition's value sits below 2 levels, so it has MOST_NESTING − 2 of its own. */
function contract(defs: Record<string, unknown>): string {
  const file = join(dir, `deep-${Object.keys(defs).length}-${depthOf(defs)}.schema.json`);
  writeFileSync(
    file,
    JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $id: "test.deep.v1", $defs: defs }),
  );
  return file;
}

const ROOM = MOST_NESTING - 2;
const names = Object.keys(FAMILIES);
const defs = Object.fromEntries(
  names.map((name, i) => [`t${i}`, deepest(FAMILIES[name] as { leaf: unknown; nest: Nest }, ROOM)]),
);

describe("a schema nested as deep as the JSON door allows", () => {
  it("every family reaches the door's depth", () => {
    for (const [i, name] of names.entries()) expect(depthOf(defs[`t${i}`]), name).toBeGreaterThanOrEqual(ROOM - 2);
    expect(depthOf({ $defs: defs })).toBe(MOST_NESTING);
  });

  it("generates and type-checks, every family at once, a method's params among them", async () => {
    const method = { params: deepest(FAMILIES["properties"] as { leaf: unknown; nest: Nest }, ROOM - 1), result: {} };
    const files = await generate({ contract: contract({ ...defs, m: method }) });
    expect([...files.keys()]).toEqual(expect.arrayContaining(["test.deep.v1/validators.ts", "test.deep.v1/client.ts"]));
  }, 120_000);

  it.each(names)("%s, one level deeper, is refused at the door: bad input naming the place", async (name) => {
    const family = FAMILIES[name] as { leaf: unknown; nest: Nest };
    const over = family.nest(deepest(family, ROOM));
    let error: unknown;
    try {
      await generate({ contract: contract({ t: over }) });
    } catch (caught) {
      error = caught;
    }
    expect(isBindgenError(error) && error.code, String(error)).toBe("bad_json");
    expect(String(error)).toMatch(new RegExp(`nested deeper than ${MOST_NESTING} levels`));
  });
});
