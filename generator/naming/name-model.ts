/**
 * The naming stage: every name the binding declares, decided at once from the model's requests.
 * Contract types get their final names (type-names.ts), the binding its own (client class, CLI
 * names: binding-names.ts), each method its client member and command-line name, each
 * notification its event. Same model, same names, whatever order anything was met in.
 */
import { BindgenError } from "../errors.js";
import { appendPointer } from "../json.js";
import type {
  ContractModel,
  Method,
  MethodDraft,
  ModelDraft,
  Namespace,
  NamedType,
  Notification,
  TypeId,
} from "../model/types.js";
import { byCodeUnits } from "../order.js";
import {
  bindingNames,
  CLI_MODULE_CONSTANTS,
  CLIENT_MODULE_CONSTANTS,
  clientOwnMembers,
  planMembers,
  takenTypeNames,
  type MemberTree,
} from "./binding-names.js";
import { camelCase } from "./identifiers.js";
import { runtimeExportNames } from "./runtime-exports.js";
import { planNames } from "./type-names.js";

export function nameModel(draft: ModelDraft): ContractModel {
  checkConstantNames(draft);
  const transport = draft.transport;
  const versionField = transport?.kind === "jsonrpc-stdio" ? transport.ready?.versionField : undefined;
  const names = bindingNames(draft.wantedClientClass, versionField);
  const same = partsThatAreTheirTarget(draft);
  const requests = new Map([...draft.requests].filter(([id]) => !same.has(id)));
  const typeNames = planNames(requests, takenTypeNames(names));
  for (const [part, target] of same) typeNames.set(part, typeNames.get(target) as string);
  const types: NamedType[] = [...draft.nodes.entries()]
    .filter(([id]) => !same.has(id))
    .map(([id, type]) => ({ id, name: typeNames.get(id) as string, type }))
    .sort((a, b) => byCodeUnits(a.name, b.name));
  const memberTree = planMembers(draft.methods, clientOwnMembers(versionField));
  const methods = nameMethods(draft.methods, membersOf(memberTree));
  const byName = new Map(methods.map((m) => [m.name, m]));
  const arrange = (tree: MemberTree): Namespace => ({
    member: tree.member,
    methods: [...tree.methods.keys()].map((name) => byName.get(name) as Method),
    namespaces: tree.namespaces.map(arrange),
  });
  const { nodes: _nodes, requests: _requests, wantedClientClass: _wanted, bindingFile: _file, ...facts } = draft;
  return {
    ...facts,
    methods,
    types,
    typeNames,
    notifications: draft.notifications.map(nameNotification),
    tree: arrange(memberTree),
    names,
  };
}

/**
 * Method parts (params, result, a notification's params) that are only a `$ref` to a definition,
 * as schemars writes every one (`"params": { "$ref": "#/$defs/CloseParams" }`): each is its
 * target's type, under its target's name, declared once — not an alias under a name of its own,
 * which met the target's name (`CloseParams`) and came out numbered (`CloseParams2`). A part with
 * documentation of its own (a title, a description) keeps its own type, so the text still shows.
 */
function partsThatAreTheirTarget(draft: ModelDraft): Map<TypeId, TypeId> {
  const parts = new Set([...draft.methods.flatMap((m) => [m.params, m.result]), ...draft.notifications.map((n) => n.params)]);
  const same = new Map<TypeId, TypeId>();
  for (const part of parts) {
    const node = draft.nodes.get(part);
    if (node?.kind !== "ref" || parts.has(node.target) || !draft.requests.has(node.target)) continue;
    const { docs } = node;
    if (docs.title !== undefined || docs.description !== undefined || docs.constraints.length > 0 || docs.deprecated) continue;
    same.set(part, node.target);
  }
  return same;
}

/** A binding's own client constants may not take a name the generated client or the runtime declares. */
function checkConstantNames(draft: ModelDraft): void {
  for (const { name } of draft.constants) {
    if (CLIENT_MODULE_CONSTANTS.includes(name) || CLI_MODULE_CONSTANTS.includes(name) || runtimeExportNames().has(name)) {
      throw new BindgenError("bad_binding", `client.constants: ${name} is a name the generated client declares itself`, {
        file: draft.bindingFile,
        pointer: appendPointer("#/client/constants", name),
      });
    }
  }
}

/** Method name → its member name in its namespace, over the whole tree. */
function membersOf(tree: MemberTree, into = new Map<string, string>()): Map<string, string> {
  for (const [name, member] of tree.methods) into.set(name, member);
  for (const namespace of tree.namespaces) membersOf(namespace, into);
  return into;
}

/**
 * What a person types is the path joined by dots. Two methods may share a path (`b` outside the
 * root, `agentcli.b` below it): each of those is then typed by its full name, which is unique.
 */
function nameMethods(drafts: readonly MethodDraft[], members: ReadonlyMap<string, string>): Method[] {
  const cliNames = drafts.map((m) => m.path.join("."));
  return drafts.map((draft, i) => {
    const cliName = cliNames[i] as string;
    const shared = cliNames.indexOf(cliName) !== cliNames.lastIndexOf(cliName);
    return { ...draft, member: members.get(draft.name) as string, cliName: shared ? draft.name : cliName };
  });
}

/** Handlers register for the path's last segment, camelCase (`agentcli.ready` → `ready`). */
function nameNotification(draft: Omit<Notification, "event">): Notification {
  const last = draft.path[draft.path.length - 1] ?? draft.name;
  return { ...draft, event: camelCase(last).replace(/_$/, "") || "notification" };
}
