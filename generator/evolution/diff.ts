/**
 * `diff`: two loaded contracts → every caller-visible change, classified and sorted. Methods are
 * found by the model (so any contract the generator accepts can be diffed); each method's params
 * are walked as what the client sends and its result as what it receives. A shared definition
 * reached from several methods is reported once under each method that reaches it, with the
 * severity of that use site — so a `$defs` entry used in params and results is classified in
 * both directions. Notifications are what the client receives unasked: a removed one is
 * breaking (its handlers never fire, its type is gone), an added one is not, and a changed one's
 * params are walked as received.
 */
import { METHOD_PARTS, NOTIFICATION_PART } from "../contract/shape.js";
import type { LoadedContract } from "../load/contract.js";
import { modelOf } from "../pipeline.js";
import type { ContractModel, Method, Notification } from "../model/types.js";
import { schemaGraph, type SchemaGraph } from "../resolve/index.js";
import { isJsonObject, type JsonObject, type Pointer } from "../json.js";
import { compareAnnotations } from "./annotations.js";
import { compareChanges, type Change } from "./changes.js";
import { compareSchemas } from "./compare.js";
import { isMajorChange } from "./version.js";
import { newWalk, report } from "./walk.js";

export interface ContractDiff {
  readonly from: string;
  readonly to: string;
  readonly breaking: boolean;
  readonly changes: readonly Change[];
  /** Methods that went and came back under another name with the same params and result, sorted by old name. */
  readonly renames: readonly MethodRename[];
}

export interface MethodRename {
  readonly from: string;
  readonly to: string;
}

/** The entry a part pointer belongs to: `#/$defs/act` for `#/$defs/act/params`. */
const entryOf = (part: Pointer): Pointer => part.slice(0, part.lastIndexOf("/"));

/** The method's own entry, e.g. `#/$defs/act` for params at `#/$defs/act/params`. */
const methodPointer = (method: Method): Pointer => entryOf(method.params);

const objectAt = (graph: SchemaGraph, pointer: Pointer): JsonObject => {
  const schema = graph.node(pointer).written;
  return isJsonObject(schema) ? schema : {};
};

/**
 * A method's or notification's own entry documents it too (its `description` is the method's
 * summary in the binding): those keywords are annotations. Its parts are compared as schemas.
 */
function compareEntry(
  before: SchemaGraph,
  after: SchemaGraph,
  name: string,
  entries: { readonly old: Pointer; readonly now: Pointer },
  parts: readonly string[],
): Change[] {
  const walk = newWalk(before, after, name, "receives");
  compareAnnotations(walk, objectAt(before, entries.old), objectAt(after, entries.now), {
    pointer: entries.now,
    dialects: [before.node(entries.old).dialect, after.node(entries.now).dialect],
    skip: parts,
  });
  return walk.changes;
}

function compareMethod(before: SchemaGraph, after: SchemaGraph, old: Method, now: Method): Change[] {
  const entry = compareEntry(before, after, now.name, { old: methodPointer(old), now: methodPointer(now) }, METHOD_PARTS);
  const sends = newWalk(before, after, now.name, "sends");
  compareSchemas(
    sends,
    { schema: before.node(old.params).written, pointer: old.params },
    { schema: after.node(now.params).written, pointer: now.params },
  );
  const receives = newWalk(before, after, now.name, "receives");
  compareSchemas(
    receives,
    { schema: before.node(old.result).written, pointer: old.result },
    { schema: after.node(now.result).written, pointer: now.result },
  );
  return [...entry, ...sends.changes, ...receives.changes];
}

function compareRoot(before: SchemaGraph, after: SchemaGraph, from: string, to: string): Change[] {
  const walk = newWalk(before, after, undefined, "receives");
  if (from !== to) {
    const major = isMajorChange(from, to);
    report(
      walk,
      major ? "breaking" : "non-breaking",
      major ? "id_changed_major" : "id_changed",
      "#/$id",
      `$id ${from} → ${to}${major ? " (new major version)" : ""}`,
    );
  }
  compareAnnotations(walk, objectAt(before, "#"), objectAt(after, "#"), {
    pointer: "#",
    dialects: [before.node("#").dialect, after.node("#").dialect],
    label: (keyword) => `contract ${keyword}`,
  });
  return walk.changes;
}

/**
 * Entries (methods, notifications) by name on both sides: one that went is breaking (callers
 * use it), one that came is not, and each kept one is compared by `compare`.
 */
function compareEntries<T extends { readonly name: string }>(
  noun: "method" | "notification",
  olds: readonly T[],
  nows: readonly T[],
  pointerOf: (entry: T) => Pointer,
  compare: (old: T, now: T) => Change[],
): Change[] {
  const changes: Change[] = [];
  const oldByName = new Map(olds.map((entry) => [entry.name, entry]));
  const newByName = new Map(nows.map((entry) => [entry.name, entry]));
  for (const [name, old] of oldByName) {
    if (!newByName.has(name))
      changes.push({
        severity: "breaking",
        kind: `${noun}_removed`,
        method: name,
        pointer: pointerOf(old),
        message: `${noun} ${name} removed`,
      });
  }
  for (const [name, now] of newByName) {
    const old = oldByName.get(name);
    if (old === undefined)
      changes.push({
        severity: "non-breaking",
        kind: `${noun}_added`,
        method: name,
        pointer: pointerOf(now),
        message: `${noun} ${name} added`,
      });
    else changes.push(...compare(old, now));
  }
  return changes;
}

function compareNotification(before: SchemaGraph, after: SchemaGraph, old: Notification, now: Notification): Change[] {
  const entry = compareEntry(before, after, now.name, { old: entryOf(old.params), now: entryOf(now.params) }, [
    NOTIFICATION_PART,
  ]);
  const receives = newWalk(before, after, now.name, "receives");
  compareSchemas(
    receives,
    { schema: before.node(old.params).written, pointer: old.params },
    { schema: after.node(now.params).written, pointer: now.params },
  );
  return [...entry, ...receives.changes];
}

/**
 * A removed and an added method whose params, result and entry differ in documentation at most
 * are one method renamed — when the pair is unambiguous: each is the other's only match. Two
 * removed methods of one shape and one added method of that shape stay a removal and an addition.
 */
function pairRenames(before: SchemaGraph, after: SchemaGraph, olds: readonly Method[], nows: readonly Method[]): MethodRename[] {
  const oldNames = new Set(olds.map((method) => method.name));
  const newNames = new Set(nows.map((method) => method.name));
  const removed = olds.filter((method) => !newNames.has(method.name));
  const added = nows.filter((method) => !oldNames.has(method.name));
  const sameShape = (old: Method, now: Method): boolean =>
    compareMethod(before, after, old, now).every((change) => change.severity === "annotation");
  const matches = new Map(removed.map((old) => [old, added.filter((now) => sameShape(old, now))]));
  const renames: MethodRename[] = [];
  for (const [old, candidates] of matches) {
    const [now] = candidates;
    if (candidates.length !== 1 || now === undefined) continue;
    const rivals = [...matches.values()].filter((list) => list.includes(now)).length;
    if (rivals === 1) renames.push({ from: old.name, to: now.name });
  }
  return renames;
}

/** The removal and addition of each renamed method, as the one breaking change they are. */
function foldRenames(changes: readonly Change[], renames: readonly MethodRename[], nows: readonly Method[]): Change[] {
  const gone = new Set(renames.flatMap((rename) => [`method_removed ${rename.from}`, `method_added ${rename.to}`]));
  const kept = changes.filter((change) => !gone.has(`${change.kind} ${change.method ?? ""}`));
  for (const rename of renames) {
    const now = nows.find((method) => method.name === rename.to);
    kept.push({
      severity: "breaking",
      kind: "method_renamed",
      method: rename.to,
      pointer: now === undefined ? "#" : methodPointer(now),
      message: `method ${rename.from} renamed to ${rename.to} (same params and result)`,
    });
  }
  return kept;
}

export function diffContracts(before: LoadedContract, after: LoadedContract): ContractDiff {
  return diffWithModels(before, after).diff;
}

/** The diff, and the two models it was read from (update reads them again for the binding file). */
export function diffWithModels(
  before: LoadedContract,
  after: LoadedContract,
): { readonly diff: ContractDiff; readonly before: ContractModel; readonly after: ContractModel } {
  const oldGraph = schemaGraph(before.schema, before.schemaFile);
  const newGraph = schemaGraph(after.schema, after.schemaFile);
  const oldModel = modelOf(before, oldGraph);
  const newModel = modelOf(after, newGraph);
  const renames = pairRenames(oldGraph, newGraph, oldModel.methods, newModel.methods);
  const changes: Change[] = compareRoot(oldGraph, newGraph, oldModel.id, newModel.id);
  changes.push(
    ...foldRenames(
      compareEntries("method", oldModel.methods, newModel.methods, methodPointer, (old, now) =>
        compareMethod(oldGraph, newGraph, old, now),
      ),
      renames,
      newModel.methods,
    ),
    ...compareEntries(
      "notification",
      oldModel.notifications,
      newModel.notifications,
      (n) => entryOf(n.params),
      (old, now) => compareNotification(oldGraph, newGraph, old, now),
    ),
  );
  const sorted = changes.sort(compareChanges);
  return {
    before: oldModel,
    after: newModel,
    diff: {
      from: oldModel.id,
      to: newModel.id,
      breaking: sorted.some((change) => change.severity === "breaking"),
      changes: sorted,
      renames,
    },
  };
}
