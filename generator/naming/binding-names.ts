/**
 * The names a generated binding declares or re-exports itself, decided here once: the emitters
 * use them, and the type-name planner keeps contract types off them. A contract type called
 * `ParsedCall` or `DemoClient` would otherwise collide with, or silently shadow, the binding's own.
 */
import { RESERVED_WORDS } from "./identifiers.js";
import type { BindingNames } from "../model/types.js";
import { byCodeUnits } from "../order.js";
import { camelCase } from "./identifiers.js";
import { bindingReexports, runtimeExportNames } from "./runtime-exports.js";

/** Globals the generated modules refer to. */
const GLOBAL_TYPE_NAMES = [
  "AbortSignal",
  "Array",
  "BigInt",
  "Boolean",
  "Date",
  "Error",
  "Function",
  "JSON",
  "Map",
  "Math",
  "Number",
  "Object",
  "Partial",
  "Promise",
  "PropertyKey",
  "Readonly",
  "ReadonlyArray",
  "Record",
  "RegExp",
  "Set",
  "String",
  "Symbol",
];

/**
 * Names a binding declares itself, beyond the runtime's exports (all of which are taken too,
 * re-exported or not: runtime-exports.ts): the manifest, the error-code and parsed-call types,
 * and the validators' own issue types.
 */
const FIXED_BINDING_NAMES = [
  "BINDING_MANIFEST",
  "KnownErrorCode",
  "KnownRpcErrorCode",
  "ParsedCall",
  "ToolErrorCode",
  "ValidationIssue",
  "ValidationResult",
];

/**
 * `ActParams` → `standardActParams`, the contract type's Standard Schema object, beside its
 * `validate<Name>` and `is<Name>`. No other name a binding exports can equal one: contract types
 * are PascalCase, client constants SCREAMING_SNAKE, and the binding's and the runtime's own
 * camelCase values start with other words (`validate`, `is`, `parse`, `run`, `default`, `resolve`);
 * test/emit/standard-schema.test.ts reads every binding's exports to hold it so.
 */
export function standardSchemaName(typeName: string): string {
  return `standard${typeName}`;
}

/**
 * The module-scope constants a generated client.ts declares itself (emit/client.ts, the client
 * template); a binding's own `client.constants` may not take one. Checked against the generated
 * file by test/regressions/binding-constant-named-like-a-generated-one.test.ts.
 */
export const CLIENT_MODULE_CONSTANTS: readonly string[] = [
  "ARGS",
  "CLIENT_APP",
  "COMMAND",
  "ERROR_CODES",
  "INVALID_PARAMS",
  "NOTIFICATIONS",
  "READY",
  "ROUTE",
  "SENSITIVE_PARAMS",
  "SERVER",
  "SERVICE",
  "SPECS",
  "TIMEOUTS_MS",
  "TOOLS",
];

/** The constants a generated cli.ts exports; index.ts re-exports both modules, so these are taken too. */
export const CLI_MODULE_CONSTANTS: readonly string[] = ["CLI_COMMAND", "CLI_TABLE"];

/**
 * `DemoClient` → `DemoCliTool`, `parseDemoArgs`, `runDemoCli`: the CLI's names follow the client's.
 * A wanted class name the binding cannot declare — a global (`Promise`), a runtime export
 * (`ToolError`, `Transport`) or one of the binding's fixed names — gets a `Client` suffix (then a
 * number), so the binding compiles whatever the contract asks for.
 */
export function bindingNames(wanted: string, versionField: string | undefined): BindingNames {
  const clientClass = planClientClass(wanted);
  const stem = clientClass.replace(/Client$/, "") || clientClass;
  return {
    clientClass,
    events: `${stem}Events`,
    cliTool: `${stem}CliTool`,
    cliIo: `${stem}CliIo`,
    parseArgs: `parse${stem}Args`,
    runCli: `run${stem}Cli`,
    versionGetter: versionField === undefined ? undefined : versionMember(versionField),
    reexports: bindingReexports(),
  };
}

/** Names no binding may declare for itself: globals, runtime exports, the fixed binding names. */
function unavailableNames(): ReadonlySet<string> {
  return new Set([...GLOBAL_TYPE_NAMES, ...FIXED_BINDING_NAMES, ...runtimeExportNames(), ...RESERVED_WORDS]);
}

function planClientClass(wanted: string): string {
  const unavailable = unavailableNames();
  if (!unavailable.has(wanted)) return wanted;
  const base = `${wanted}Client`;
  let name = base;
  for (let n = 2; unavailable.has(name); n++) name = `${base}${n}`;
  return name;
}

/** Every type-space name a contract type must not take in this binding. */
export function takenTypeNames(names: BindingNames): ReadonlySet<string> {
  return new Set([...unavailableNames(), names.clientClass, names.events, names.cliTool, names.cliIo]);
}

/**
 * Client members other than tool methods, and names no member may take: `then` would make the
 * client (or a namespace) a thenable, so awaiting it would call the tool; `on`, `close` and
 * `manifestVersion` are the client's own; the rest would shadow Object.prototype.
 */
const RESERVED_MEMBERS: ReadonlySet<string> = new Set(["then", ...Object.getOwnPropertyNames(Object.prototype)]);

/** The client's own members, which no method or namespace may take: `close`, `on`, and the ready version's getter. */
export function clientOwnMembers(versionField: string | undefined): readonly string[] {
  return ["close", "on", ...(versionField === undefined ? [] : [versionMember(versionField)])];
}

/** `manifest_version` → `manifestVersion`: the getter of the version a server's ready notification reports. */
export function versionMember(versionField: string): string {
  return camelCase(versionField).replace(/_$/, "") || "version";
}

/** A method's place in the client (contract/shape.ts `namePath`). */
export interface PathedName {
  readonly name: string;
  readonly path: readonly string[];
}

/** The planned client: per namespace, its member name and what it holds. */
export interface MemberTree {
  readonly member: string;
  /** Method name → its member name in this namespace. */
  readonly methods: ReadonlyMap<string, string>;
  readonly namespaces: readonly MemberTree[];
}

interface Trie {
  readonly methods: Map<string, string>;
  readonly children: Map<string, Trie>;
}

const emptyTrie = (): Trie => ({ methods: new Map(), children: new Map() });

/**
 * One member per method and per namespace, level by level: namespaces first, then methods, each in
 * segment order (code units): camelCase; a reserved word or member gets a
 * `Method` / `Namespace` suffix (`then` → `thenMethod`); a clash left over (`a.b` and `a_b`, or a
 * method and a namespace both `identity`) gets a number. Names depend on the set of paths only.
 */
export function planMembers(entries: readonly PathedName[], ownMembers: readonly string[] = []): MemberTree {
  const root = emptyTrie();
  for (const { name, path } of entries) {
    let node = root;
    for (const segment of path.slice(0, -1)) {
      let child = node.children.get(segment);
      if (child === undefined) node.children.set(segment, (child = emptyTrie()));
      node = child;
    }
    node.methods.set(path[path.length - 1] ?? name, name);
  }
  return planLevel(root, "", new Set(ownMembers));
}

function planLevel(trie: Trie, member: string, own: ReadonlySet<string>): MemberTree {
  const taken = new Set<string>();
  const take = (segment: string, suffix: string): string => {
    const base = camelCase(segment).replace(/_$/, "") || suffix.toLowerCase();
    const reserved = RESERVED_MEMBERS.has(base) || RESERVED_WORDS.has(base) || own.has(base);
    const wanted = reserved ? `${base}${suffix}` : base;
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
    taken.add(name);
    return name;
  };
  const namespaces = [...trie.children.keys()]
    .sort(byCodeUnits)
    .map((segment) => ({ segment, name: take(segment, "Namespace") }));
  const methods = new Map<string, string>();
  for (const segment of [...trie.methods.keys()].sort(byCodeUnits)) {
    methods.set(trie.methods.get(segment) as string, take(segment, "Method"));
  }
  return {
    member,
    methods,
    namespaces: namespaces.map(({ segment, name }) => planLevel(trie.children.get(segment) as Trie, name, new Set())),
  };
}
