/**
 * What a binding's emitters read besides the model, each analysis made once over the graph: the
 * integer shape of every method's params and result, and every named type's self-contained
 * schema over one shared table of definitions. Plain data; the emitters never see the graph.
 */
import type { ContractModel } from "../model/types.js";
import type { Pointer } from "../json.js";
import type { SchemaGraph } from "../resolve/index.js";
import type { IntegerShape } from "../../templates/runtime/core/integers.js";
import { sharedSchemas, type SharedSchemas } from "./bundle.js";
import { integerShape } from "./integer-shape.js";

export interface BindingAnalyses {
  /** The shape of each method's params and result, by pointer, where an `integer` can be reached from it. */
  readonly integerShapes: ReadonlyMap<Pointer, IntegerShape>;
  /** Every named type's schema, self-contained over one table of definitions (standard-schema.ts). */
  readonly typeSchemas: SharedSchemas;
}

export function analyseBinding(model: ContractModel, graph: SchemaGraph): BindingAnalyses {
  const integerShapes = new Map<Pointer, IntegerShape>();
  for (const method of model.methods) {
    for (const pointer of [method.params, method.result]) {
      const shape = integerShape(graph, pointer, model.int64);
      if (shape !== undefined) integerShapes.set(pointer, shape);
    }
  }
  return {
    integerShapes,
    typeSchemas: sharedSchemas(
      graph,
      model.types.map((type) => type.id),
    ),
  };
}
