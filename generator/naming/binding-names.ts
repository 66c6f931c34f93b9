/**
 * The names a generated binding declares or re-exports itself, decided here once: the emitters
 * use them, and the type-name planner keeps contract types off them. A contract type called
 * `ParsedCall` or `DemoClient` would otherwise collide with, or silently shadow, the binding's own.
 */
import { RESERVED_WORDS } from "../emit/code.js";
import { camelCase } from "./identifiers.js";

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
  "Readonly",
  "ReadonlyArray",
  "Record",
  "RegExp",
  "Set",
  "String",
  "Symbol",
];

/** Names index.ts re-exports from the runtime, and the ones the validators and types declare. */
const FIXED_BINDING_NAMES = [
  "JsonRpcSocketTransport",
  "JsonRpcSocketTransportOptions",
  "KnownErrorCode",
  "ParsedCall",
  "StdioTransport",
  "StdioTransportOptions",
  "ToolCallOptions",
  "ToolError",
  "ToolErrorCode",
  "Transport",
  "ValidationIssue",
  "ValidationResult",
];

export interface BindingNames {
  readonly clientClass: string;
  readonly cliTool: string;
  readonly cliIo: string;
  readonly parseArgs: string;
  readonly runCli: string;
}

/** `DemoClient` → `DemoCliTool`, `parseDemoArgs`, `runDemoCli`: the CLI's names follow the client's. */
export function bindingNames(clientClass: string): BindingNames {
  const stem = clientClass.replace(/Client$/, "") || clientClass;
  return {
    clientClass,
    cliTool: `${stem}CliTool`,
    cliIo: `${stem}CliIo`,
    parseArgs: `parse${stem}Args`,
    runCli: `run${stem}Cli`,
  };
}

/** Every type-space name a contract type must not take in this binding. */
export function takenTypeNames(names: BindingNames): ReadonlySet<string> {
  return new Set([...GLOBAL_TYPE_NAMES, ...FIXED_BINDING_NAMES, names.clientClass, names.cliTool, names.cliIo]);
}

/**
 * Client members other than tool methods, and names no method may take: `then` would make the
 * client a thenable (awaiting it would call the tool), the rest would shadow Object.prototype.
 */
const RESERVED_MEMBERS: ReadonlySet<string> = new Set(["close", "then", ...Object.getOwnPropertyNames(Object.prototype)]);

/**
 * One client member per method name, in method-name order: camelCase; a reserved word or member
 * gets a `Method` suffix (`then` → `thenMethod`); a collision (`a.b` and `a_b`) gets a number.
 */
export function planMembers(methodNames: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const members = new Map<string, string>();
  for (const name of methodNames) {
    const base = camelCase(name).replace(/_$/, "") || "method";
    const wanted = RESERVED_MEMBERS.has(base) || RESERVED_WORDS.has(base) ? `${base}Method` : base;
    let member = wanted;
    for (let n = 2; taken.has(member); n++) member = `${wanted}${n}`;
    taken.add(member);
    members.set(name, member);
  }
  return members;
}
