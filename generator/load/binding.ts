/**
 * The binding file: what a contract's schema cannot say, one section per artifact (client,
 * transport, cli, result rules, error model), per-method wire names, timeouts and rules, and the
 * links and lifecycle rules between methods that `conform` follows.
 * It is validated against its own schema on load (binding.schema.json, precompiled by
 * load/checks-source.ts into load/precompiled/binding.ts). Without one, defaults apply: tool name =
 * method name, 30 s timeouts, no transport default, no verbatim CLI keys.
 */
import { readFileSync } from "node:fs";
import { BindgenError } from "../errors.js";
import { BINDING_SCHEMA } from "../package-files.js";
import { bindingProblem } from "./binding-errors.js";
import validateBinding from "./precompiled/binding.js";
import type { Check } from "./check.js";
import { parseJson } from "./json.js";
import type { Int64Reading } from "../schema/integers.js";

export interface FailClosedRule {
  readonly field: string;
  readonly expected: unknown;
  readonly code: string;
  readonly message: string;
}

/** What a call changes: none (read-only), additive (adds only), destructive (may change or remove what exists). */
export type SideEffects = "none" | "additive" | "destructive";

export interface MethodBinding {
  readonly tool?: string;
  readonly timeoutMs?: number;
  readonly sensitiveParams?: readonly string[];
  readonly summary?: string;
  readonly failClosed?: FailClosedRule;
  readonly sideEffects?: SideEffects;
  readonly waitsForPerson?: true;
}

/** A value one method's result issues (at `pointer`, `*` for every item) that other methods take as a param. */
export interface LinkBinding {
  readonly from: string;
  readonly pointer: string;
  /** Method → the param it feeds: a name, or a pointer into the params. */
  readonly to: Readonly<Record<string, string>>;
}

/** Error codes as the error model spells them: strings (`codes`), integers (`jsonrpc`). */
export type ErrorCodeList = readonly (string | number)[];

/** Rules over one link's values. */
export interface LifecycleBinding {
  readonly neverIssued?: ErrorCodeList;
  /** Method → the codes a call carrying a value must fail with once that method succeeded with it. */
  readonly endedBy?: Readonly<Record<string, ErrorCodeList>>;
}

export interface ClientBinding {
  readonly className?: string;
  readonly namespaces?: { readonly root: string };
  readonly constants?: Readonly<Record<string, { readonly value: string | number | boolean; readonly description: string }>>;
}

export interface ReadyBinding {
  readonly notification: string;
  readonly timeoutMs?: number;
  readonly versionField?: string;
  readonly version?: string;
}

export interface IntrospectionBinding {
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** JSON pointers into the method's result. */
  readonly methods: string;
  readonly notifications?: string;
}

export type TransportBinding =
  | { readonly kind: "rightkit-daemon"; readonly service: string; readonly app: string }
  | {
      readonly kind: "jsonrpc-stdio";
      readonly command: string;
      readonly args?: readonly string[];
      readonly ready?: ReadyBinding;
      readonly introspection?: IntrospectionBinding;
    };

export interface CliBinding {
  readonly command?: string;
  readonly verbatimKeys?: readonly string[];
}

export interface InvalidParamsBinding {
  readonly code: number;
  readonly data: Readonly<Record<string, unknown>>;
  readonly issuesField: string;
}

export type ErrorsBinding =
  | { readonly kind: "codes"; readonly codes?: Readonly<Record<string, string>> }
  | { readonly kind: "jsonrpc"; readonly codes?: Readonly<Record<string, string>>; readonly invalidParams: InvalidParamsBinding };

/** The file's sections, one per artifact that reads them (see binding.schema.json). */
export interface Binding {
  readonly contract: string;
  readonly client?: ClientBinding;
  readonly transport?: TransportBinding;
  readonly cli?: CliBinding;
  readonly results?: { readonly okEnvelope?: boolean };
  readonly numbers?: { readonly int64?: Int64Reading };
  /** Patterns only a backtracking RegExp can run (backreferences, lookaround): a warning, or an error. */
  readonly patterns?: { readonly backtracking?: "warn" | "error" };
  readonly errors?: ErrorsBinding;
  readonly defaultTimeoutMs?: number;
  readonly methods: Readonly<Record<string, MethodBinding>>;
  readonly links?: Readonly<Record<string, LinkBinding>>;
  readonly lifecycle?: Readonly<Record<string, LifecycleBinding>>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const checkBinding: Check = validateBinding;

export function parseBinding(text: string, file: string): Binding {
  const value = parseJson(text, file);
  if (!checkBinding(value)) {
    // The schema is read only now: the check is precompiled, but naming what it refused (the keys
    // an object may hold, the forms of a oneOf) needs the schema's own text.
    const schema: unknown = JSON.parse(readFileSync(BINDING_SCHEMA, "utf8"));
    const { message, pointer } = bindingProblem(checkBinding.errors ?? [], value, schema);
    throw new BindgenError("bad_binding", message, { file, pointer });
  }
  // `$schema` tells an editor where binding.schema.json is, which depends on where the file sits
  // (a checkout, a binding repo's node_modules), not on the contract: it is no part of the binding,
  // so moving a binding file never changes the manifest's bindingSha256.
  const { $schema: _whereTheSchemaIs, ...binding } = value as Binding & { readonly $schema?: unknown };
  return binding;
}
