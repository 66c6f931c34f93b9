/**
 * Partition refinement (generator/emit/validators/refinement.ts), Hopcroft's algorithm, against
 * the round-by-round refinement it replaced (Moore's, kept here as the reference): on random
 * graphs with chains, cycles and shared targets, both must put exactly the same nodes together.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coarsestStablePartition } from "../../../generator/emit/validators/refinement.js";

interface Graph {
  readonly kinds: readonly string[];
  readonly edges: readonly (readonly number[])[];
}

/** Moore: a node's class is its kind, then its edges' classes, renumbered until nothing splits. */
function moore(graph: Graph): number[] {
  const number = (keys: readonly string[]): number[] => {
    const ids = new Map<string, number>();
    return keys.map((key) => ids.get(key) ?? (ids.set(key, ids.size), ids.size - 1));
  };
  let classes = number(graph.kinds);
  for (;;) {
    const next = number(classes.map((own, node) => `${own}:${(graph.edges[node] ?? []).map((t) => classes[t]).join(",")}`));
    if (new Set(next).size === new Set(classes).size) return next;
    classes = next;
  }
}

/** Two numberings describe the same partition when each class of one is exactly a class of the other. */
function samePartition(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const forward = new Map<number, number>();
  const backward = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if ((forward.get(x) ?? y) !== y || (backward.get(y) ?? x) !== x) return false;
    forward.set(x, y);
    backward.set(y, x);
  }
  return true;
}

/** Nodes of a few kinds; a kind fixes how many edges a node has, as a location's checks fix its slots. */
const graphs = fc
  .integer({ min: 1, max: 40 })
  .chain((size) =>
    fc
      .array(fc.integer({ min: 0, max: 3 }), { minLength: size, maxLength: size })
      .chain((kindOf) =>
        fc
          .tuple(
            ...kindOf.map((kind) =>
              fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: kind % 3, maxLength: kind % 3 }),
            ),
          )
          .map((edges): Graph => ({ kinds: kindOf.map((kind) => `k${kind}`), edges })),
      ),
  );

function refine(graph: Graph): Int32Array {
  return coarsestStablePartition({
    size: graph.kinds.length,
    kind: (node) => graph.kinds[node] as string,
    edges: (node) => graph.edges[node] ?? [],
  });
}

describe("coarsestStablePartition", () => {
  it("finds the partition Moore's refinement finds, on random graphs", () => {
    fc.assert(
      fc.property(graphs, (graph) => samePartition(refine(graph), moore(graph))),
      { numRuns: 2000 },
    );
  });

  it("tells apart every link of a long chain, and merges two identical cycles", () => {
    // 0 → 1 → … → 499 → end: each link is one step further from the end, so no two are equal.
    const chain: Graph = {
      kinds: [...Array.from({ length: 500 }, () => "link"), "end"],
      edges: [...Array.from({ length: 500 }, (_, i) => [i + 1]), []],
    };
    expect(new Set(refine(chain)).size).toBe(501);
    // Two pairs a ⇄ b of the same kinds: the a's are one class, the b's another.
    const pairs: Graph = { kinds: ["a", "b", "a", "b"], edges: [[1], [0], [3], [2]] };
    const classes = refine(pairs);
    expect([classes[0] === classes[2], classes[1] === classes[3], classes[0] === classes[1]]).toEqual([true, true, false]);
  });
});
