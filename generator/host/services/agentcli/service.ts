/**
 * The agentcli conformance server: `agentcli serve`'s offline methods over line-delimited
 * JSON-RPC 2.0 on stdio (`host --stdio --service agentcli`), for the generated client, CLI and
 * `introspect` to meet a real child process when the real agentcli cannot be installed.
 *
 * Served for real, deterministically and without network or files: ping, version, schema,
 * describe, targets, validate, convert, and the identity / authorization proof / authorization /
 * evidence listings with their *.schema lookups (methods.ts, one table).
 *
 * NOT served, on purpose: the methods that need a real scheduler, local files or the network
 * (paths, compile, apply, inspect, audit, approvals.list, registry.*, identity.resolve,
 * identity.validateDelegation, authorizationProof.verify, authorization.evaluate). Faking them
 * would let a client pass against answers no agentcli gives, so they answer -32601 like any
 * unknown method and describe rpc does not list them: this server's surface is what it serves.
 */
import { HOST_ERROR, failure, success, type Outcome } from "../../core/outcome.js";
import type { JsonRpcDialect } from "../../core/protocols/jsonrpc.js";
import type { Service } from "../../core/service.js";
import { agentcliDialect, INTERNAL_ERROR, invalidArgument } from "./error-dialect.js";
import { MANIFEST_VERSION } from "./manifest.js";
import { surfaceOf } from "./methods.js";
import { checkParams } from "./params.js";
import type { AgentcliScenario } from "./scenarios.js";
import type { Issue } from "./shapes.js";

export const AGENTCLI_SERVICE_NAME = "agentcli";

export class AgentcliService implements Service {
  readonly name = AGENTCLI_SERVICE_NAME;
  readonly jsonRpc: JsonRpcDialect;
  readonly #scenario: () => AgentcliScenario;

  constructor(scenario: () => AgentcliScenario) {
    this.#scenario = scenario;
    this.jsonRpc = agentcliDialect(scenario);
  }

  handle(method: string, params: unknown): Outcome {
    const scenario = this.#scenario();
    const surface = surfaceOf(scenario);
    const served = surface.methods.find((candidate) => candidate.name === method);
    if (served === undefined) return failure(HOST_ERROR.unknownMethod, `Method not found: ${method}`);
    const checked = checkParams(served.params, params);
    if (!checked.ok) {
      if (scenario === "describe_accepts_unknown_target" && method === DESCRIBE) return success({ ok: true, description: {} });
      return invalidArgument(messageOf(checked.issues), checked.issues);
    }
    return lie(scenario, method, checked.value) ?? served.answer(checked.value, surface);
  }

  /** Nothing of its own runs between calls. */
  stop(): void {}
}

const DESCRIBE = "agentcli.describe";

/** What a lying scenario answers instead of the method, for the params it lies about. */
function lie(scenario: AgentcliScenario, method: string, params: Readonly<Record<string, unknown>>): Outcome | undefined {
  if (scenario === "version_wrong_shape" && method === "agentcli.version") {
    return success({ ok: true, package_version: 50, manifest_version: MANIFEST_VERSION });
  }
  if (scenario === "schema_internal_error" && method === "agentcli.schema" && params["legacy"] === true) {
    return failure(INTERNAL_ERROR, "the schema table could not be read");
  }
  return undefined;
}

function messageOf(issues: readonly Issue[]): string {
  return issues.map(({ path, message }) => (path === "$" ? message : `${path.slice(2)} ${message}`)).join("; ");
}
