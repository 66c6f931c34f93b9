/**
 * How the agentcli server misbehaves for drift and fault tests; `normal` (the host's default) is
 * the server as the protocol document describes it. None of these exist on the demo service.
 */
export const AGENTCLI_SCENARIOS = {
  extra_method: "agentcli only: describe rpc lists, and the server serves, agentcli.extra.echo, which no contract has",
  missing_method: "agentcli only: agentcli.convert is left out of describe rpc and answers -32601",
  no_ready: "agentcli only: never sends agentcli.ready, but answers every request",
  exit_at_start: "agentcli only: exits with code 3 before agentcli.ready",
  bad_manifest_version: 'agentcli only: agentcli.ready says "manifest_version":"1.0"',
  garbage_ready: "agentcli only: the first line, where agentcli.ready belongs, is not JSON",
} as const;

export type AgentcliScenario = keyof typeof AGENTCLI_SCENARIOS | "normal";

export function isAgentcliScenario(name: string): name is AgentcliScenario {
  return name === "normal" || Object.hasOwn(AGENTCLI_SCENARIOS, name);
}
