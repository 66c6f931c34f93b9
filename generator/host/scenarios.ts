import { ECHO, ECHO_TEXT, FAULTS, protocolRefusal, type FaultName, type Protocol } from "./core/faults.js";
import { StartRefusal } from "./core/start-refusal.js";
import { AGENTCLI_SCENARIOS, type AgentcliScenario } from "./services/agentcli/scenarios.js";
import { DEMO_SCENARIOS, type DemoScenario } from "./services/demo/scenarios.js";

/**
 * How the conformance host misbehaves, one name per behaviour a client must survive. Service
 * scenarios change what one service answers (each service has its own; `normal` is every
 * service's default); fault scenarios change how an answer travels (some exist on one protocol
 * only); `echo` drops the service and returns each call's params.
 */
export const SERVICE_SCENARIOS = { ...DEMO_SCENARIOS, ...AGENTCLI_SCENARIOS };
export const FAULT_SCENARIOS = FAULTS;

/**
 * The services the host can serve (`host --service NAME`): the demo contract's, agentcli serve's
 * (stdio only), and int64, the test-only contract of 64-bit integers (services/int64/).
 */
export const SERVICE_NAMES = ["demo", "agentcli", "int64"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const DEFAULT_SERVICE: ServiceName = "demo";

const SCENARIOS_OF: Readonly<Record<ServiceName, Readonly<Record<string, string>>>> = {
  demo: DEMO_SCENARIOS,
  agentcli: AGENTCLI_SCENARIOS,
  // int64 answers one way only; the fault scenarios and echo still run on it.
  int64: {},
};

export type ServiceScenario = DemoScenario | AgentcliScenario;
export type FaultScenario = FaultName;
export type ScenarioName = ServiceScenario | FaultScenario | typeof ECHO;

export const SCENARIO_NAMES: readonly ScenarioName[] = [
  ...(Object.keys(SERVICE_SCENARIOS) as ServiceScenario[]),
  ...(Object.keys(FAULT_SCENARIOS) as FaultScenario[]),
  ECHO,
];

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name);
}

export function isFaultScenario(name: ScenarioName): name is FaultScenario {
  return Object.hasOwn(FAULT_SCENARIOS, name);
}

export function isServiceScenario(name: ScenarioName): name is ServiceScenario {
  return Object.hasOwn(SERVICE_SCENARIOS, name);
}

export function isServiceName(name: string): name is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(name);
}

/** Why `scenario` cannot run on `service`, or undefined when it can (faults and echo run on any). */
export function serviceRefusal(scenario: ScenarioName, service: ServiceName): string | undefined {
  if (scenario === "normal" || !isServiceScenario(scenario) || Object.hasOwn(SCENARIOS_OF[service], scenario)) return undefined;
  const owner = SERVICE_NAMES.find((candidate) => Object.hasOwn(SCENARIOS_OF[candidate], scenario));
  return `scenario ${scenario} belongs to the ${owner} service (host --service ${owner}), not to ${service}`;
}

/** Throws unless `name` is a scenario that `protocol` and `service` can run. */
export function assertScenario(
  name: string,
  protocol: Protocol,
  service: ServiceName = DEFAULT_SERVICE,
): asserts name is ScenarioName {
  if (!isScenarioName(name)) throw new StartRefusal(`unknown scenario ${name}`);
  const refused = protocolRefusal(name, protocol) ?? serviceRefusal(name, service);
  if (refused !== undefined) throw new StartRefusal(refused);
}

/** Every scenario with its one-line description, for `host --help`. */
export function describeScenarios(): [ScenarioName, string][] {
  return [...Object.entries(SERVICE_SCENARIOS), ...Object.entries(FAULT_SCENARIOS), [ECHO, ECHO_TEXT]] as [
    ScenarioName,
    string,
  ][];
}
