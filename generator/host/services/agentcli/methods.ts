import { success, type Outcome } from "../../core/outcome.js";
import { describe } from "./describe.js";
import { invalidArgument, READY_NOTIFICATION, readyParams } from "./error-dialect.js";
import {
  AUTHORIZATION_PROOF_METHODS,
  AUTHORIZATION_PROVIDERS,
  COMPILE_TARGETS,
  EVIDENCE_PROVIDERS,
  IDENTITY_PROVIDERS,
  listed,
  lookUp,
  type Registered,
} from "./fixtures.js";
import { convertManifest, MANIFEST_VERSION, validateManifest } from "./manifest.js";
import type { ParamsOf, ParamSpecs } from "./params.js";
import type { AgentcliScenario } from "./scenarios.js";
import { schemaOf } from "./schemas.js";
import { DESCRIBE_TARGETS, SCHEMA_TARGET_ALIASES, SCHEMA_TARGETS, type ServedMethod, type Surface } from "./surface.js";

/**
 * THE method table of the agentcli server: every method's name, summary, params with their
 * defaults and enums, and its answer. Dispatch, describe rpc and describe commands all read it;
 * the methods it does not serve are listed below it with what they would need (see service.ts).
 */

/** The package version agentcli.version reports: the protocol document's example, claiming no other. */
export const PACKAGE_VERSION = "0.5.0";

/** A table row; the answer sees its params already checked against `params` (params.ts). */
function served<const P extends ParamSpecs>(
  name: string,
  summary: string,
  params: P,
  answer: (params: ParamsOf<P>, surface: Surface) => Outcome,
): ServedMethod {
  return { name, summary, params, answer: answer as ServedMethod["answer"] };
}

/** Every success of agentcli carries `ok: true`. */
function ok(result: Record<string, unknown>): Outcome {
  return success({ ok: true, ...result });
}

const NAMED = { type: "string", required: true } as const;

export const SERVED_METHODS: readonly ServedMethod[] = [
  served("agentcli.ping", "Health check for JSON-RPC clients.", {}, () => ok({ pong: true })),
  served("agentcli.version", "Return package and manifest spec version.", {}, () =>
    ok({ package_version: PACKAGE_VERSION, manifest_version: MANIFEST_VERSION }),
  ),
  served(
    "agentcli.schema",
    "Return a schema fragment by name.",
    {
      target: { type: "string", default: "manifest", enum: SCHEMA_TARGETS, aliases: SCHEMA_TARGET_ALIASES },
      legacy: { type: "boolean", default: false },
    },
    ({ target, legacy }) => ok(schemaOf(target, legacy)),
  ),
  served(
    "agentcli.describe",
    "Return descriptive metadata by topic.",
    { target: { type: "string", default: "commands", enum: DESCRIBE_TARGETS } },
    ({ target }, surface) => ok({ description: describe(target, surface) }),
  ),
  served("agentcli.targets", "List compile targets and their declared static capabilities.", {}, () =>
    ok({ targets: COMPILE_TARGETS }),
  ),
  served("agentcli.validate", "Validate a manifest object.", { manifest: { type: "json", required: true } }, ({ manifest }) =>
    success(validateManifest(manifest)),
  ),
  served("agentcli.convert", "Convert a v0.1 manifest object to v0.2.", { manifest: { type: "object", required: true } }, (p) => {
    const converted = convertManifest(p.manifest);
    return converted.ok ? ok({ manifest: converted.manifest }) : invalidArgument(converted.message, converted.issues);
  }),
  served("agentcli.identity.providers", "List registered identity providers.", {}, () =>
    ok({ providers: listed(IDENTITY_PROVIDERS) }),
  ),
  served("agentcli.identity.schema", "Return metadata for a named identity provider.", { provider: NAMED }, ({ provider }) =>
    named(IDENTITY_PROVIDERS, "provider", provider, "identity provider", (entry) => ({ capabilities: entry.capabilities })),
  ),
  served("agentcli.authorizationProof.methods", "List registered authorization proof verifier methods.", {}, () =>
    ok({ methods: listed(AUTHORIZATION_PROOF_METHODS) }),
  ),
  served(
    "agentcli.authorizationProof.schema",
    "Return metadata for a named authorization proof verifier.",
    { method: NAMED },
    ({ method }) =>
      named(AUTHORIZATION_PROOF_METHODS, "method", method, "authorization proof method", (entry) => ({ verifier: entry.detail })),
  ),
  served("agentcli.authorization.providers", "List registered authorization providers.", {}, () =>
    ok({ providers: listed(AUTHORIZATION_PROVIDERS) }),
  ),
  served(
    "agentcli.authorization.schema",
    "Return metadata for a named authorization provider.",
    { provider: NAMED },
    ({ provider }) =>
      named(AUTHORIZATION_PROVIDERS, "provider", provider, "authorization provider", (entry) => ({
        capabilities: entry.capabilities,
      })),
  ),
  served("agentcli.evidence.providers", "List registered evidence providers.", {}, () =>
    ok({ providers: listed(EVIDENCE_PROVIDERS) }),
  ),
  served("agentcli.evidence.schema", "Return metadata for a named evidence provider.", { provider: NAMED }, ({ provider }) =>
    named(EVIDENCE_PROVIDERS, "provider", provider, "evidence provider", (entry) => ({ methods: entry.detail })),
  ),
];

const READY_SUMMARY = "Server startup notification emitted before request processing begins.";

/**
 * The protocol document's methods this offline server does not serve, and what each would need.
 * They answer -32601 like any unknown method and are not in describe rpc (service.ts says why).
 */
export const NOT_SERVED_METHODS: readonly { name: string; needs: string }[] = [
  { name: "agentcli.paths", needs: "the local agentcli home directory" },
  { name: "agentcli.compile", needs: "agentcli's target compilers" },
  { name: "agentcli.apply", needs: "a real OpenClaw Scheduler and its database" },
  { name: "agentcli.inspect", needs: "a scheduler database file" },
  { name: "agentcli.audit", needs: "the local audit log file" },
  { name: "agentcli.approvals.list", needs: "the local approval records" },
  { name: "agentcli.registry.list", needs: "the local manifest registry" },
  { name: "agentcli.registry.show", needs: "the local manifest registry" },
  { name: "agentcli.identity.resolve", needs: "identity providers that reach the network and the environment" },
  { name: "agentcli.identity.validateDelegation", needs: "identity providers that reach the network and the environment" },
  { name: "agentcli.authorizationProof.verify", needs: "proof material: value_from commands, files or JWKS over the network" },
  { name: "agentcli.authorization.evaluate", needs: "a policy engine (OPA, Cedar, ...)" },
];

/** The one method the extra_method scenario adds, and the one missing_method takes away. */
export const EXTRA_METHOD = "agentcli.extra.echo";
export const MISSING_METHOD = "agentcli.convert";

const EXTRA: ServedMethod = served(
  EXTRA_METHOD,
  "Echo the value back (a method no contract has).",
  { value: { type: "json" } },
  ({ value }) => ok({ value: value ?? null }),
);

/** The surface in force: the table, bent by the drift scenarios, and the ready notification as sent. */
export function surfaceOf(scenario: AgentcliScenario): Surface {
  const notifications = [{ name: READY_NOTIFICATION, summary: READY_SUMMARY, params: readyParams(scenario) }];
  switch (scenario) {
    case "extra_method":
      return { methods: [...SERVED_METHODS, EXTRA], notifications };
    case "missing_method":
      return { methods: SERVED_METHODS.filter((method) => method.name !== MISSING_METHOD), notifications };
    default:
      return { methods: SERVED_METHODS, notifications };
  }
}

/** A *.schema lookup: the entry's metadata, or -32602 naming what is registered. */
function named<Detail>(
  entries: readonly Registered<Detail>[],
  param: string,
  name: string,
  noun: string,
  metadata: (entry: Registered<Detail>) => Record<string, unknown>,
): Outcome {
  const entry = lookUp(entries, name);
  if (entry !== undefined) return ok({ [param]: name, ...metadata(entry) });
  const known = entries.map((candidate) => candidate.name).join(", ");
  return invalidArgument(`Unknown ${noun}: ${name}`, [{ path: `$.${param}`, message: `must be one of: ${known}` }]);
}
