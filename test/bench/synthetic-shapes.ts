/**
 * Synthetic 2020-12 schemas of a chosen number of definitions, in the four shapes that decide
 * how `generate` grows with a schema (issue 22): each one is a plain schema document (every
 * `$defs` entry becomes a type, as for the corpus), every definition distinct, so structural
 * sharing cannot fold them away.
 *
 * - chain: each definition refers to the previous one, nullable (`anyOf [$ref, null]`), as a
 *   linked structure or a versioned configuration produces, and is otherwise the same as the
 *   others: only its distance from the end of the chain tells it apart, the case Moore's
 *   refinement took one round per link for;
 * - fan-out: one root object with a property per definition;
 * - nesting: objects nested 50 levels deep, each level an inline object (and so a type of its
 *   own): `count / 50` definitions of 50 levels each, `count` object types in all;
 * - pairs: mutual recursion in pairs, each definition referring to its partner.
 */
export const SHAPES = ["chain", "fan-out", "nesting", "pairs"] as const;
export type Shape = (typeof SHAPES)[number];

const DRAFT = "https://json-schema.org/draft/2020-12/schema";
const NESTING_LEVELS = 50;

/** A small object of its own per definition: a field named after it, and a bound only it has. */
function leaf(i: number): Record<string, unknown> {
  return {
    type: "object",
    properties: { [`field${i}`]: { type: "string" }, count: { type: "integer", minimum: 0, maximum: i + 1 } },
    required: [`field${i}`],
  };
}

function definitions(shape: Shape, count: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const name = (i: number): string => `Def${i}`;
  for (let i = 0; i < (shape === "nesting" ? Math.ceil(count / NESTING_LEVELS) : count); i++) {
    const own = leaf(i);
    const properties = own.properties as Record<string, unknown>;
    switch (shape) {
      case "chain":
        defs[name(i)] = {
          type: "object",
          properties: {
            value: { type: "integer", minimum: 0 },
            label: { type: "string" },
            ...(i > 0 ? { previous: { anyOf: [{ $ref: `#/$defs/${name(i - 1)}` }, { type: "null" }] } } : {}),
          },
          required: ["value"],
        };
        continue;
      case "fan-out":
        break;
      case "nesting": {
        let inner: Record<string, unknown> = own;
        for (let level = 1; level < NESTING_LEVELS; level++) {
          inner = { type: "object", properties: { [`level${level}`]: inner } };
        }
        defs[name(i)] = inner;
        continue;
      }
      case "pairs":
        properties.partner = { $ref: `#/$defs/${name(i % 2 === 0 ? i + 1 : i - 1)}` };
        break;
    }
    defs[name(i)] = own;
  }
  if (shape === "pairs" && count % 2 === 1)
    delete (defs[name(count - 1)] as { properties: Record<string, unknown> }).properties.partner;
  if (shape === "fan-out") {
    defs.Root = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { $ref: `#/$defs/${name(i)}` }])),
    };
  }
  return defs;
}

/** The schema document of `count` definitions in `shape`. */
export function syntheticSchema(shape: Shape, count: number): object {
  return { $schema: DRAFT, $id: `bench.${shape}.${count}.v1`, $defs: definitions(shape, count) };
}
