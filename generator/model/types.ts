/**
 * The intermediate model every emitter reads. No raw JSON Schema goes past the model stage:
 * emitters see methods, named types and type nodes tagged by `kind`, with names already final.
 */
import type { ErrorModel } from "../contract/shape.js";
import type { SchemaWarning } from "./schema-checks.js";
import type { FailClosedRule, SideEffects, TransportBinding } from "../load/binding.js";
import type { Pointer } from "../json.js";
import type { Int64Reading } from "../schema/integers.js";

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A named type is identified by the pointer of its schema; names are attached by the naming stage. */
export type TypeId = Pointer;

export interface Docs {
  readonly title?: string;
  readonly description?: string;
  /** Constraints a TypeScript type cannot hold, in words: "1 to 20 items", "minimum 0". */
  readonly constraints: readonly string[];
  readonly deprecated: boolean;
}

/** `bigint`: a 64-bit integer location of a binding that reads them as bigint (schema/integers.ts). */
export type PrimitiveType = "string" | "number" | "integer" | "bigint" | "boolean" | "null";

export type TypeNode =
  | { readonly kind: "any"; readonly docs: Docs }
  | { readonly kind: "never"; readonly docs: Docs }
  | { readonly kind: "primitive"; readonly type: PrimitiveType; readonly docs: Docs }
  | { readonly kind: "literal"; readonly value: JsonValue; readonly docs: Docs }
  | { readonly kind: "enum"; readonly values: readonly JsonValue[]; readonly docs: Docs }
  | {
      readonly kind: "array";
      readonly prefix: readonly TypeNode[];
      /** How many leading prefix elements every valid array has (`minItems`, at most the prefix's length). */
      readonly requiredPrefix: number;
      readonly items: TypeNode | undefined;
      readonly docs: Docs;
    }
  | ObjectNode
  | { readonly kind: "union"; readonly members: readonly TypeNode[]; readonly docs: Docs }
  | { readonly kind: "intersection"; readonly members: readonly TypeNode[]; readonly docs: Docs }
  | { readonly kind: "ref"; readonly target: TypeId; readonly docs: Docs };

export interface ObjectNode {
  readonly kind: "object";
  /** Sorted by name (code units), so output never depends on the input's key order. */
  readonly properties: readonly PropertyNode[];
  /** The type of undeclared properties when the schema declares any (additionalProperties, patternProperties). */
  readonly additional: TypeNode | undefined;
  readonly docs: Docs;
}

export interface PropertyNode {
  readonly name: string;
  readonly required: boolean;
  readonly type: TypeNode;
}

/** How the naming stage should name a type: candidates in order of preference. */
export interface NameRequest {
  readonly candidates: readonly string[];
  /** Fixed names (methods, `$defs`) win over names requested for inline shapes. */
  readonly priority: "fixed" | "inline";
}

export interface NamedType {
  readonly id: TypeId;
  readonly name: string;
  readonly type: TypeNode;
}

export interface Method {
  /** The method's key in the schema, e.g. `snapshot` or `identity.resolve`. */
  readonly name: string;
  /** The name used on the wire, e.g. `demo.snapshot`. */
  readonly tool: string;
  /** The name's place in the client: namespaces, then the member (see contract/shape.ts `namePath`). */
  readonly path: readonly string[];
  /** What a person types on the command line: the path joined by dots, e.g. `identity.resolve`. */
  readonly cliName: string;
  /** PascalCase stem for generated names, from the path, e.g. `Snapshot` or `IdentityResolve`. */
  readonly stem: string;
  /** camelCase member name in the method's namespace of the generated client, e.g. `resolve`. */
  readonly member: string;
  readonly params: TypeId;
  readonly result: TypeId;
  readonly timeoutMs: number;
  /** Params that carry a secret; sorted. */
  readonly sensitiveParams: readonly string[];
  readonly summary: string | undefined;
  readonly failClosed: FailClosedRule | undefined;
  /** True when the params schema requires nothing, so callers may omit params. */
  readonly paramsOptional: boolean;
  /** What a call changes, as the binding declares it; undefined when it says nothing. */
  readonly sideEffects: SideEffects | undefined;
  /** The call blocks until a person answers. */
  readonly waitsForPerson: boolean;
}

/** Where a link's value goes: a method's param, as a pointer into its params (`/token`; a `*` segment for every item). */
export interface LinkTarget {
  readonly method: string;
  readonly param: string;
}

/** A value `from`'s result issues at `pointer` (`*` for every array item) that the targets take as params. */
export interface Link {
  readonly name: string;
  readonly from: string;
  readonly pointer: string;
  /** Sorted by method. */
  readonly targets: readonly LinkTarget[];
}

/**
 * How a host must refuse a link's value: one the source never issued, or one a method (`by`)
 * has ended; `refusedWith` are error codes as the error model spells them.
 */
export type LifecycleRule =
  | { readonly link: string; readonly kind: "never-issued"; readonly refusedWith: readonly (string | number)[] }
  | { readonly link: string; readonly kind: "ended"; readonly by: string; readonly refusedWith: readonly (string | number)[] };

/** A message the server sends unasked, e.g. a readiness notification. */
export interface Notification {
  /** The wire method name, e.g. `agentcli.ready`. */
  readonly name: string;
  /** The name's place, as for a method (contract/shape.ts `namePath`), e.g. [`ready`]. */
  readonly path: readonly string[];
  /** The event name handlers register for: the path's last segment, camelCase, e.g. `ready`. */
  readonly event: string;
  readonly params: TypeId;
  readonly summary: string | undefined;
}

/** A client constant the binding declares beyond the generated ones. */
export interface ClientConstant {
  readonly name: string;
  readonly value: string | number | boolean;
  readonly description: string;
}

/** A client namespace: its members are methods and nested namespaces, in name order. */
export interface Namespace {
  /** The property name on its parent, camelCase; empty for the client itself. */
  readonly member: string;
  readonly methods: readonly Method[];
  readonly namespaces: readonly Namespace[];
}

/**
 * The binding's own declared names, decided by the naming stage (naming/binding-names.ts):
 * `DemoClient` → `DemoCliTool`, `parseDemoArgs`, `runDemoCli`.
 */
export interface BindingNames {
  readonly clientClass: string;
  /** The map from notification event to its params type, for `on()`. */
  readonly events: string;
  readonly cliTool: string;
  readonly cliIo: string;
  readonly parseArgs: string;
  readonly runCli: string;
  /** The client's getter of the version its server's ready notification reports (`manifestVersion`), if any. */
  readonly versionGetter: string | undefined;
  /** What index.ts re-exports from the runtime, in the order it writes them (naming/runtime-exports.ts). */
  readonly reexports: RuntimeReexports;
}

/** Runtime names a binding's index.ts re-exports, so its callers import everything from one module. */
export interface RuntimeReexports {
  /** With a client: its transports, errors and options. */
  readonly values: readonly string[];
  readonly types: readonly string[];
  /** Always: the Standard Schema interfaces every binding's standard<Name> objects implement. */
  readonly standardTypes: readonly string[];
}

/** A method as buildModel knows it; the naming stage adds its client member and command-line name. */
export type MethodDraft = Omit<Method, "member" | "cliName">;

/** A notification as buildModel knows it; the naming stage adds its event name. */
export type NotificationDraft = Omit<Notification, "event">;

/**
 * What buildModel hands the naming stage: the contract's methods and type nodes, every name
 * still a request. The naming stage turns it into the ContractModel the emitters read.
 */
export interface ModelDraft extends Omit<ContractModel, "methods" | "types" | "typeNames" | "notifications" | "tree" | "names"> {
  /** In schema order (by name). */
  readonly methods: readonly MethodDraft[];
  readonly notifications: readonly NotificationDraft[];
  /** Every named type's node, by id. */
  readonly nodes: ReadonlyMap<TypeId, TypeNode>;
  /** Every named type's name request, by id. */
  readonly requests: ReadonlyMap<TypeId, NameRequest>;
  /** The client class the binding asks for, else one made from the `$id` (`DemoClient`). */
  readonly wantedClientClass: string;
  /** The binding file, for the naming stage's refusals; undefined without one. */
  readonly bindingFile: string | undefined;
}

export interface ContractModel {
  /** The schema's `$id`. */
  readonly id: string;
  readonly schemaSha256: string;
  readonly bindingSha256: string | undefined;
  /** Sorted by method name. */
  readonly methods: readonly Method[];
  /** Every named type, sorted by final name. */
  readonly types: readonly NamedType[];
  readonly typeNames: ReadonlyMap<TypeId, string>;
  /** Sorted by name. */
  readonly notifications: readonly Notification[];
  /** The methods arranged as the client shows them. */
  readonly tree: Namespace;
  /** The binding's own declared names (client class, CLI names). */
  readonly names: BindingNames;
  readonly constants: readonly ClientConstant[];
  /** How the client reaches the service by default; undefined when the caller must always pass a transport. */
  readonly transport: TransportBinding | undefined;
  /** How a person types the CLI; the contract id when the binding names none. */
  readonly cliCommand: string;
  /** Sorted. */
  readonly verbatimKeys: readonly string[];
  /** How the 64-bit integer locations are read: as numbers (the default) or as bigint (binding `numbers.int64`). */
  readonly int64: Int64Reading;
  /** Every result carries a boolean `ok`, and `ok: false` is a result (binding `results.okEnvelope`). */
  readonly okEnvelope: boolean;
  readonly errors: ErrorModel;
  /** The binding's links between methods, sorted by name (model/links.ts). */
  readonly links: readonly Link[];
  /** The binding's lifecycle rules, by link, never-issued before ended. */
  readonly lifecycle: readonly LifecycleRule[];
  /** What valid input still deserves a word about (a pattern compiled without the `u` flag), sorted by pointer. */
  readonly warnings: readonly SchemaWarning[];
}
