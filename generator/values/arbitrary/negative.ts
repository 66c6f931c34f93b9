/**
 * A mutation plan made into a fast-check arbitrary: positive values everywhere except the one
 * place the plan breaks, so shrinking shrinks everything around the break and keeps the break.
 * Along the plan's path an optional key is made present and a broken array item is the first.
 */
import fc from "fast-check";
import { appendPointer, isJsonObject, type Pointer } from "../../json.js";
import type { SchemaGraph } from "../../resolve/index.js";
import type { Mutation, PathStep } from "./mutations.js";
import { PositiveArbitraries } from "./positive.js";
import { locate } from "./reading.js";
import { exactly } from "./strings.js";

export class NegativeArbitraries {
  readonly #graph: SchemaGraph;
  readonly #positives: PositiveArbitraries;

  constructor(graph: SchemaGraph, positives: PositiveArbitraries) {
    this.#graph = graph;
    this.#positives = positives;
  }

  /** Params that break exactly `mutation`, starting from the params schema at `params`. */
  of(params: Pointer, mutation: Mutation): fc.Arbitrary<unknown> {
    return this.#along(params, mutation.path, mutation);
  }

  #along(at: Pointer, path: readonly PathStep[], mutation: Mutation): fc.Arbitrary<unknown> {
    const [step, ...rest] = path;
    if (step === undefined) return this.#broken(mutation);
    const located = locate(this.#graph, at).at;
    const around = this.#positives.of(located);
    if (step.kind === "property") {
      const inner = this.#along(appendPointer(located, "properties", step.name), rest, mutation);
      return fc.tuple(around, inner).map(([value, broken]) => ({ ...(isJsonObject(value) ? value : {}), [step.name]: broken }));
    }
    const inner = this.#along(appendPointer(located, "items"), rest, mutation);
    return fc.tuple(around, inner).map(([value, broken]) => {
      const items = Array.isArray(value) ? value : [];
      return [broken, ...items.slice(1)];
    });
  }

  #broken(mutation: Mutation): fc.Arbitrary<unknown> {
    const broken = mutation.break;
    switch (broken.kind) {
      case "replace":
        return fc.constant(broken.value);
      case "length":
        return exactly(broken.length);
      case "items": {
        const schema = locate(this.#graph, mutation.at).schema;
        const items =
          schema !== false && isJsonObject(schema.items)
            ? this.#positives.of(appendPointer(mutation.at, "items"))
            : fc.constant(null);
        return fc.array(items, { minLength: broken.count, maxLength: broken.count });
      }
      case "drop":
        return this.#positives.of(mutation.at).map((value) => {
          const copy: Record<string, unknown> = { ...(isJsonObject(value) ? value : {}) };
          delete copy[broken.name];
          return copy;
        });
      case "extra":
        return this.#positives.of(mutation.at).map((value) => ({ ...(isJsonObject(value) ? value : {}), [broken.name]: true }));
    }
  }
}
