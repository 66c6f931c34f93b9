/**
 * How the agentcli server misbehaves for drift, fault and `conform` tests; `normal` (the host's
 * default) is the server as the protocol document describes it. None of these exist on the demo
 * service; each lying one breaks the contract in one way.
 */
export const AGENTCLI_SCENARIOS = {
  extra_method: "agentcli only: describe rpc lists, and the server serves, agentcli.extra.echo, which no contract has",
  missing_method: "agentcli only: agentcli.convert is left out of describe rpc and answers -32601",
  no_ready: "agentcli only: never sends agentcli.ready, but answers every request",
  exit_at_start: "agentcli only: exits with code 3 before agentcli.ready",
  bad_manifest_version: 'agentcli only: agentcli.ready says "manifest_version":"1.0"',
  garbage_ready: "agentcli only: the first line, where agentcli.ready belongs, is not JSON",
  version_wrong_shape:
    "agentcli only, a lying host: agentcli.version answers package_version as a number (conform: response_schema)",
  schema_internal_error:
    "agentcli only, a lying host: agentcli.schema with legacy true fails with -32603 (conform: no_server_error)",
  errors_without_data: "agentcli only, a lying host: its errors carry no data (conform: error_model)",
  describe_accepts_unknown_target:
    "agentcli only, a lying host: agentcli.describe answers an unknown target with a result (conform: negative_rejected)",
} as const;

export type AgentcliScenario = keyof typeof AGENTCLI_SCENARIOS | "normal";

export function isAgentcliScenario(name: string): name is AgentcliScenario {
  return name === "normal" || Object.hasOwn(AGENTCLI_SCENARIOS, name);
}
