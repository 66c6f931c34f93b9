/**
 * The binding's links and lifecycle rules, checked against the contract and made plain: a link
 * names the method whose result issues a value (a pointer, `*` for every array item) and the
 * params of other methods it feeds; a lifecycle rule says how a host must refuse a value the
 * source never issued, or one a method has ended. Every place a link names must exist in the
 * schema as far as the schema spells it out (properties and items, through `$ref`); a combinator
 * on the way is taken on trust. Each refusal names the binding file and the link's pointer.
 */
import type { ContractShape, ErrorModel } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { appendPointer, escapeSegment, isJsonObject, parsePointer, type Pointer } from "../json.js";
import type { Binding, ErrorCodeList } from "../load/binding.js";
import { byCodeUnits } from "../order.js";
import type { SchemaGraph } from "../resolve/index.js";
import type { LifecycleRule, Link } from "./types.js";

/** The segment that stands for every item of an array. */
export const EVERY_ITEM = "*";

const COMBINATORS = ["anyOf", "oneOf", "allOf", "if"] as const;

interface Context {
  readonly shape: ContractShape;
  readonly errors: ErrorModel;
  readonly graph: SchemaGraph;
  readonly file: string;
}

export function assembleLinks(
  binding: Binding | undefined,
  shape: ContractShape & { readonly errors: ErrorModel },
  graph: SchemaGraph,
  file: string | undefined,
): { links: Link[]; lifecycle: LifecycleRule[] } {
  if (binding === undefined || file === undefined) return { links: [], lifecycle: [] };
  const context: Context = { shape, errors: shape.errors, graph, file };
  const links = Object.entries(binding.links ?? {})
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([name, link]): Link => {
      const at = appendPointer("#/links", name);
      const from = methodPointer(context, link.from, appendPointer(at, "from"));
      checkPath(context, appendPointer(from, "result"), link.pointer, appendPointer(at, "pointer"), `${link.from}'s result`);
      const targets = Object.keys(link.to)
        .sort(byCodeUnits)
        .map((method) => {
          const where = appendPointer(at, "to", method);
          const params = appendPointer(methodPointer(context, method, where), "params");
          const written = link.to[method] as string;
          const param = written.startsWith("/") ? written : `/${escapeSegment(written)}`;
          checkPath(context, params, param, where, `${method}'s params`);
          return { method, param };
        });
      return { name, from: link.from, pointer: link.pointer, targets };
    });
  return { links, lifecycle: lifecycleRules(binding, links, context) };
}

function lifecycleRules(binding: Binding, links: readonly Link[], context: Context): LifecycleRule[] {
  const rules: LifecycleRule[] = [];
  for (const [name, rule] of Object.entries(binding.lifecycle ?? {}).sort(([a], [b]) => byCodeUnits(a, b))) {
    const at = appendPointer("#/lifecycle", name);
    if (!links.some((link) => link.name === name))
      refuse(context, `lifecycle names ${JSON.stringify(name)}, which is not a link`, at);
    if (rule.neverIssued !== undefined) {
      rules.push({
        link: name,
        kind: "never-issued",
        refusedWith: codes(rule.neverIssued, context, appendPointer(at, "neverIssued")),
      });
    }
    for (const by of Object.keys(rule.endedBy ?? {}).sort(byCodeUnits)) {
      const where = appendPointer(at, "endedBy", by);
      methodPointer(context, by, where);
      rules.push({ link: name, kind: "ended", by, refusedWith: codes(rule.endedBy?.[by] ?? [], context, where) });
    }
  }
  return rules;
}

/** The codes as the error model spells them, each one its table knows (when it has a table). */
function codes(list: ErrorCodeList, context: Context, at: Pointer): readonly (string | number)[] {
  const model = context.errors;
  const kind = model.kind;
  for (const [i, code] of list.entries()) {
    const where = appendPointer(at, i);
    if (kind === "jsonrpc" ? !Number.isInteger(code) : typeof code !== "string") {
      refuse(
        context,
        `error code ${JSON.stringify(code)} is not ${kind === "jsonrpc" ? "an integer (a jsonrpc error model)" : "a string (a codes error model)"}`,
        where,
      );
    }
    const table = model.codes;
    if (table.length > 0 && !table.some((entry) => entry.code === String(code))) {
      refuse(context, `error code ${JSON.stringify(code)} is not in the binding's errors.codes`, where);
    }
  }
  return [...list];
}

function methodPointer(context: Context, name: string, at: Pointer): Pointer {
  const method = context.shape.methods.find((candidate) => candidate.name === name);
  if (method === undefined) refuse(context, `${JSON.stringify(name)} is not a method of the schema`, at);
  return method.pointer;
}

/** Follows `path` (properties, `*` for items) from the schema at `start`; refuses where the schema says it cannot be. */
function checkPath(context: Context, start: Pointer, path: string, at: Pointer, what: string): void {
  const segments = parsePointer(path);
  if (segments === undefined || segments.length === 0) refuse(context, `${JSON.stringify(path)} is not a JSON pointer`, at);
  let here: Pointer = start;
  for (const [i, segment] of segments.entries()) {
    const schema = followRefs(context.graph, here);
    if (!isJsonObject(schema.value) || COMBINATORS.some((keyword) => Object.hasOwn(schema.value as object, keyword))) return;
    here = schema.pointer;
    const keyword = segment === EVERY_ITEM ? "items" : "properties";
    const holder = schema.value[keyword];
    const found = segment === EVERY_ITEM ? isJsonObject(holder) : isJsonObject(holder) && Object.hasOwn(holder, segment);
    if (!found) {
      const shown = `/${segments
        .slice(0, i + 1)
        .map(escapeSegment)
        .join("/")}`;
      refuse(context, `${what} declare${what.endsWith("s") ? "" : "s"} no ${shown}`, at);
    }
    here = segment === EVERY_ITEM ? appendPointer(here, "items") : appendPointer(here, "properties", segment);
  }
}

function followRefs(graph: SchemaGraph, pointer: Pointer): { pointer: Pointer; value: unknown } {
  let node = graph.node(pointer);
  for (let hops = 0; isJsonObject(node.written) && typeof node.written.$ref === "string" && hops < 32; hops++) {
    node = graph.target(node.written.$ref, node.pointer);
  }
  return { pointer: node.pointer, value: node.written };
}

function refuse(context: Context, message: string, pointer: Pointer): never {
  throw new BindgenError("bad_binding", message, { file: context.file, pointer });
}
