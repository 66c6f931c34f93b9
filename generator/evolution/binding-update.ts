/**
 * The binding file as it will be after an upstream change, so the bot needs no hand edit: a new
 * method gets an entry inferred from the contract's other methods (each inferred fact listed for
 * a person to review), a removed method loses its entry and every link and lifecycle rule that
 * names it, and a renamed method keeps its entry under the new name. Nothing else is touched:
 * the file is edited as text, so a person's earlier edits and layout survive every update.
 */
import { applyEdits, createScanner, findNodeAtLocation, modify, parseTree, type Edit, type JSONPath } from "jsonc-parser";
import { isDeepStrictEqual } from "node:util";
import { DEFAULT_TIMEOUT_MS, type Binding, type MethodBinding } from "../load/binding.js";
import type { ContractModel, Method, TypeNode } from "../model/types.js";
import { byCodeUnits } from "../order.js";
import type { MethodRename } from "./diff.js";

/** One fact `update` decided for a new method's entry, which a person should confirm. */
export type InferredFact =
  /** `rule` is the pattern every other method's tool name follows (`demo.<method>`), undefined when none does. */
  | { readonly kind: "tool"; readonly tool: string; readonly rule: string | undefined }
  | { readonly kind: "timeout"; readonly timeoutMs: number }
  | { readonly kind: "side-effects" }
  | { readonly kind: "waits-for-person" }
  /** `from`: method → its sensitive params the new method shares by name. */
  | { readonly kind: "sensitive"; readonly params: readonly string[]; readonly from: readonly string[] }
  | { readonly kind: "link"; readonly link: string; readonly param: string; readonly source: string }
  | { readonly kind: "carried"; readonly from: string };

export interface NewEntry {
  readonly method: string;
  /** The method's old name when it is a rename; its entry was carried over. */
  readonly renamedFrom: string | undefined;
  readonly facts: readonly InferredFact[];
}

export interface BindingEvolution {
  /** The binding file's new text; the committed text when nothing changed. */
  readonly text: string;
  /** Entries made for new and renamed methods, sorted by method. */
  readonly added: readonly NewEntry[];
  /** Methods whose entry went because the schema no longer has them (renames excluded), sorted. */
  readonly removed: readonly string[];
}

/** The side-effect class a new method gets until a person says otherwise: the most cautious. */
const CAUTIOUS_SIDE_EFFECTS = "destructive";

type Json = string | number | boolean | readonly Json[] | { readonly [key: string]: Json };

/** One change to the file: `value` undefined removes what `path` names. */
interface Operation {
  readonly path: JSONPath;
  readonly value: Json | undefined;
  /** Where a new key goes among its siblings; the end when undefined. */
  readonly before?: string;
}

export function evolveBinding(
  committed: { readonly text: string; readonly binding: Binding },
  before: ContractModel,
  after: ContractModel,
  renames: readonly MethodRename[],
): BindingEvolution {
  const { binding } = committed;
  const schemaMethods = new Set(after.methods.map((method) => method.name));
  const renamedTo = new Map(renames.map((rename) => [rename.from, rename.to]));
  const operations: Operation[] = [];
  if (binding.contract !== after.id) operations.push({ path: ["contract"], value: after.id });

  const rule = toolRule(before.methods);
  const added: NewEntry[] = [];
  for (const rename of renames) {
    const entry = binding.methods[rename.from];
    if (entry === undefined || Object.hasOwn(binding.methods, rename.to)) continue;
    const tool = toolFor(rename.to, rule);
    const { tool: _oldTool, ...kept } = entry;
    const carried: MethodBinding = tool === undefined ? kept : { tool, ...kept };
    operations.push({ path: ["methods", rename.to], value: carried as Json, before: rename.from });
    added.push({
      method: rename.to,
      renamedFrom: rename.from,
      facts: [
        { kind: "carried", from: rename.from },
        { kind: "tool", tool: tool ?? rename.to, rule: ruleText(rule) },
      ],
    });
  }
  const links = linkTargets(binding, { before, after }, renamedTo);
  for (const method of after.methods) {
    if (Object.hasOwn(binding.methods, method.name) || renames.some((rename) => rename.to === method.name)) continue;
    const inferred = inferEntry(method, binding, after, rule, links);
    operations.push({ path: ["methods", method.name], value: inferred.entry }, ...inferred.linkOperations);
    added.push({ method: method.name, renamedFrom: undefined, facts: inferred.facts });
  }

  const gone = Object.keys(binding.methods).filter((name) => !schemaMethods.has(name));
  const joined = new Set(added.flatMap((entry) => entry.facts.flatMap((fact) => (fact.kind === "link" ? [fact.link] : []))));
  operations.push(...forget(binding, gone, renamedTo, joined));

  return {
    text: apply(committed.text, operations),
    added: added.sort((a, b) => byCodeUnits(a.method, b.method)),
    removed: gone.filter((name) => !renamedTo.has(name)).sort(byCodeUnits),
  };
}

/** The tool name as `<prefix><method><suffix>`, when every method's tool follows one such rule. */
interface ToolRule {
  readonly prefix: string;
  readonly suffix: string;
}

function toolRule(methods: readonly Method[]): ToolRule | undefined {
  const [first, ...rest] = methods;
  if (first === undefined) return undefined;
  for (let at = first.tool.indexOf(first.name); at >= 0; at = first.tool.indexOf(first.name, at + 1)) {
    const rule = { prefix: first.tool.slice(0, at), suffix: first.tool.slice(at + first.name.length) };
    if (rest.every((method) => method.tool === `${rule.prefix}${method.name}${rule.suffix}`)) return rule;
  }
  return undefined;
}

/** The tool name a binding entry must state; undefined when it is the method name (the default). */
function toolFor(method: string, rule: ToolRule | undefined): string | undefined {
  if (rule === undefined || (rule.prefix === "" && rule.suffix === "")) return undefined;
  return `${rule.prefix}${method}${rule.suffix}`;
}

function ruleText(rule: ToolRule | undefined): string | undefined {
  return rule === undefined ? undefined : `${rule.prefix}<method>${rule.suffix}`;
}

/** A param a link feeds by name, and its type: a new method's param of that name and type joins the link. */
interface LinkTarget {
  readonly link: string;
  readonly param: string;
  readonly type: TypeNode;
  readonly source: string;
}

function linkTargets(
  binding: Binding,
  models: { readonly before: ContractModel; readonly after: ContractModel },
  renamedTo: ReadonlyMap<string, string>,
): LinkTarget[] {
  const targets: LinkTarget[] = [];
  const methodIn = (model: ContractModel, name: string): Method | undefined =>
    model.methods.find((method) => method.name === name);
  for (const [link, rule] of Object.entries(binding.links ?? {}).sort(([a], [b]) => byCodeUnits(a, b))) {
    const source = renamedTo.get(rule.from) ?? rule.from;
    // A link whose source went goes too (see `forget`): nothing new joins it.
    if (methodIn(models.after, source) === undefined) continue;
    for (const [name, param] of Object.entries(rule.to)) {
      // A pointer target (`/steps/*/ref`) reaches inside a param; only a whole param is matched by name.
      if (param.startsWith("/")) continue;
      // A target that went is still evidence of what the link feeds: its type as it was.
      const now = methodIn(models.after, renamedTo.get(name) ?? name);
      const type =
        now === undefined ? paramType(models.before, methodIn(models.before, name), param) : paramType(models.after, now, param);
      if (type !== undefined) targets.push({ link, param, type, source });
    }
  }
  return targets;
}

function paramType(model: ContractModel, method: Method | undefined, param: string): TypeNode | undefined {
  return method === undefined ? undefined : paramTypes(model, method).get(param);
}

function inferEntry(
  method: Method,
  binding: Binding,
  after: ContractModel,
  rule: ToolRule | undefined,
  links: readonly LinkTarget[],
): { entry: Json; facts: InferredFact[]; linkOperations: Operation[] } {
  const params = paramTypes(after, method);
  const sensitiveIn = Object.entries(binding.methods)
    .filter(([, entry]) => (entry.sensitiveParams ?? []).some((param) => params.has(param)))
    .map(([name]) => name)
    .sort(byCodeUnits);
  const sensitive = [...new Set(Object.values(binding.methods).flatMap((entry) => entry.sensitiveParams ?? []))]
    .filter((param) => params.has(param))
    .sort(byCodeUnits);
  const tool = toolFor(method.name, rule);
  const entry: Record<string, Json> = {
    ...(tool === undefined ? {} : { tool }),
    ...(sensitive.length === 0 ? {} : { sensitiveParams: sensitive }),
    sideEffects: CAUTIOUS_SIDE_EFFECTS,
  };
  const facts: InferredFact[] = [
    { kind: "tool", tool: tool ?? method.name, rule: ruleText(rule) },
    { kind: "timeout", timeoutMs: binding.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS },
    { kind: "side-effects" },
    { kind: "waits-for-person" },
    { kind: "sensitive", params: sensitive, from: sensitiveIn },
  ];
  const linkOperations: Operation[] = [];
  const fed = new Set<string>();
  for (const target of links) {
    const own = params.get(target.param);
    if (fed.has(target.link) || own === undefined || !sameType(own, target.type)) continue;
    fed.add(target.link);
    linkOperations.push({ path: ["links", target.link, "to", method.name], value: target.param });
    facts.push({ kind: "link", link: target.link, param: target.param, source: target.source });
  }
  return { entry, facts, linkOperations };
}

/** A method's top-level params by name, through `$ref`s and `allOf`s, as the model types them. */
function paramTypes(model: ContractModel, method: Method): ReadonlyMap<string, TypeNode> {
  const named = new Map(model.types.map((type) => [type.id, type.type]));
  const found = new Map<string, TypeNode>();
  const seen = new Set<string>();
  const visit = (node: TypeNode | undefined): void => {
    if (node === undefined) return;
    if (node.kind === "ref") {
      if (seen.has(node.target)) return;
      seen.add(node.target);
      visit(named.get(node.target));
    } else if (node.kind === "object") {
      for (const property of node.properties) if (!found.has(property.name)) found.set(property.name, property.type);
    } else if (node.kind === "intersection") node.members.forEach(visit);
  };
  visit({ kind: "ref", target: method.params, docs: { constraints: [], deprecated: false } });
  return found;
}

/** Two params accept the same values: their types agree once documentation is set aside. */
function sameType(a: TypeNode, b: TypeNode): boolean {
  const shape = (node: TypeNode): unknown =>
    JSON.parse(JSON.stringify(node, (key, value) => (key === "docs" ? undefined : value)));
  return isDeepStrictEqual(shape(a), shape(b));
}

/**
 * Everything the binding says of the methods the schema no longer has: their entries, and their
 * places in links and lifecycle rules. A rename moves each place to the new name instead; a link
 * whose source went, or whose every target went (and no new method joined it), goes with its lifecycle rule, and a rule left
 * with nothing to say goes too. Decided over all lost methods at once: two targets gone from one
 * link leave it empty even though each alone would not.
 */
function forget(
  binding: Binding,
  gone: readonly string[],
  renamedTo: ReadonlyMap<string, string>,
  joined: ReadonlySet<string>,
): Operation[] {
  const lost = (name: string): boolean => gone.includes(name) && !renamedTo.has(name);
  const moved = (path: JSONPath, names: readonly string[], value: (name: string) => Json): Operation[] =>
    names
      .filter((name) => gone.includes(name))
      .flatMap((name) => {
        const renamed = renamedTo.get(name);
        const removal: Operation = { path: [...path, name], value: undefined };
        return renamed === undefined ? [removal] : [{ path: [...path, renamed], value: value(name), before: name }, removal];
      });
  const operations: Operation[] = gone.map((name) => ({ path: ["methods", name], value: undefined }));
  const droppedLinks = new Set<string>();
  for (const [link, rule] of Object.entries(binding.links ?? {})) {
    const targets = Object.keys(rule.to);
    if (lost(rule.from) || (targets.every(lost) && !joined.has(link))) {
      droppedLinks.add(link);
      operations.push({ path: ["links", link], value: undefined });
      if (binding.lifecycle?.[link] !== undefined) operations.push({ path: ["lifecycle", link], value: undefined });
      continue;
    }
    const source = renamedTo.get(rule.from);
    if (source !== undefined) operations.push({ path: ["links", link, "from"], value: source });
    operations.push(...moved(["links", link, "to"], targets, (name) => rule.to[name] ?? name));
  }
  for (const [link, lifecycle] of Object.entries(binding.lifecycle ?? {})) {
    const endedBy = lifecycle.endedBy ?? {};
    const enders = Object.keys(endedBy);
    if (droppedLinks.has(link) || !enders.some((name) => gone.includes(name))) continue;
    if (!enders.every(lost))
      operations.push(...moved(["lifecycle", link, "endedBy"], enders, (name) => [...(endedBy[name] ?? [])]));
    else if (lifecycle.neverIssued !== undefined) operations.push({ path: ["lifecycle", link, "endedBy"], value: undefined });
    else operations.push({ path: ["lifecycle", link], value: undefined });
  }
  return operations;
}

/** The file's own indentation and line ends, so an inserted entry looks like its neighbours. */
function formattingOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
  };
}

const SCALAR = String.raw`(?:"(?:[^"\\\r\n]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)`;
const SCALAR_LIST = new RegExp(String.raw`\[\s*${SCALAR}(?:\s*,\s*${SCALAR})*\s*\]`, "g");

/**
 * A list of scalars on one line (`["token"]`), as people write them, where the formatter gives
 * each item a line. Only line breaks are folded: a JSON string holds none, so no value changes.
 */
function inlineScalarLists(content: string): string {
  return content.replace(SCALAR_LIST, (list) =>
    list
      .replace(/^\[\s*\n\s*/, "[")
      .replace(/\s*\n\s*\]$/, "]")
      .replace(/,\s*\n\s*/g, ", "),
  );
}

/** The scanner's kinds are a const enum this module cannot name; the end is what an empty text scans to. */
const END_OF_TEXT = createScanner("").scan();

/** The content of an edit on one line, spaced as people write it: `, "ping": "token"`. */
function oneLine(content: string): string {
  const scanner = createScanner(content, true);
  const tokens: string[] = [];
  while (scanner.scan() !== END_OF_TEXT) {
    const token = content.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    tokens.push(token === "," || token === ":" ? `${token} ` : token === "{" ? "{ " : token === "}" ? " }" : token);
  }
  return tokens.join("").replace(/\{ {2}\}/g, "{}");
}

/** The container a change lands in is written on one line (`"to": { "act": "token" }`). */
function onOneLine(text: string, path: JSONPath): boolean {
  const tree = parseTree(text);
  const parent = tree === undefined ? undefined : findNodeAtLocation(tree, path.slice(0, -1));
  return parent !== undefined && !/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length));
}

function apply(text: string, operations: readonly Operation[]): string {
  const formattingOptions = formattingOf(text);
  let result = text;
  for (const operation of operations) {
    const before = operation.before;
    const flat = onOneLine(result, operation.path);
    const edits: Edit[] = modify(result, operation.path, operation.value, {
      // A one-line container stays on one line: the formatter would spread it over several.
      ...(flat ? {} : { formattingOptions }),
      ...(before === undefined ? {} : { getInsertionIndex: (keys: string[]) => Math.max(0, keys.indexOf(before)) }),
    });
    result = applyEdits(
      result,
      edits.map((edit) => ({ ...edit, content: flat ? oneLine(edit.content) : inlineScalarLists(edit.content) })),
    );
  }
  return result;
}
