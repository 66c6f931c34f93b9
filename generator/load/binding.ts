/**
 * The binding file: what a contract's schema cannot say, one section per artifact (client,
 * transport, cli, result rules, error model) plus per-method wire names, timeouts and rules.
 * It is validated against its own schema on load (binding.schema.json, precompiled by
 * load/checks-source.ts into load/precompiled/binding.ts). Without one, defaults apply: tool name =
 * method name, 30 s timeouts, no transport default, no verbatim CLI keys.
 */
import { BindgenError } from "../errors.js";
import validateBinding from "./precompiled/binding.js";
import type { Check } from "./check.js";
import { parseJson } from "./json.js";

export interface FailClosedRule {
  readonly field: string;
  readonly expected: unknown;
  readonly code: string;
  readonly message: string;
}

export interface MethodBinding {
  readonly tool?: string;
  readonly timeoutMs?: number;
  readonly sensitiveParams?: readonly string[];
  readonly summary?: string;
  readonly failClosed?: FailClosedRule;
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
  readonly errors?: ErrorsBinding;
  readonly defaultTimeoutMs?: number;
  readonly methods: Readonly<Record<string, MethodBinding>>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const checkBinding: Check = validateBinding;

export function parseBinding(text: string, file: string): Binding {
  const value = parseJson(text, file);
  if (!checkBinding(value)) {
    const first = checkBinding.errors?.[0];
    throw new BindgenError("bad_binding", `binding file does not match its schema: ${first?.message ?? "rejected"}`, {
      file,
      pointer: `#${first?.instancePath ?? ""}`,
    });
  }
  // `$schema` tells an editor where binding.schema.json is, which depends on where the file sits
  // (a checkout, a binding repo's node_modules), not on the contract: it is no part of the binding,
  // so moving a binding file never changes the manifest's bindingSha256.
  const { $schema: _whereTheSchemaIs, ...binding } = value as Binding & { readonly $schema?: unknown };
  return binding;
}
