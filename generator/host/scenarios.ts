import { ECHO, ECHO_TEXT, FAULTS, protocolRefusal, type FaultName, type Protocol } from "./core/faults.js";
import { DEMO_SCENARIOS, type DemoScenario } from "./services/demo/scenarios.js";

/**
 * How the conformance host misbehaves, one name per behaviour a client must survive. Service
 * scenarios change what the demo service answers; fault scenarios change how an answer travels
 * (some exist on one protocol only); `echo` drops the service and returns each call's params.
 */
export const SERVICE_SCENARIOS = DEMO_SCENARIOS;
export const FAULT_SCENARIOS = FAULTS;

export type ServiceScenario = DemoScenario;
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

/** Throws unless `name` is a scenario that `protocol` can run. */
export function assertScenario(name: string, protocol: Protocol): asserts name is ScenarioName {
  if (!isScenarioName(name)) throw new Error(`unknown scenario ${name}`);
  const refused = protocolRefusal(name, protocol);
  if (refused !== undefined) throw new Error(refused);
}

/** Every scenario with its one-line description, for `host --help`. */
export function describeScenarios(): [ScenarioName, string][] {
  return [...Object.entries(SERVICE_SCENARIOS), ...Object.entries(FAULT_SCENARIOS), [ECHO, ECHO_TEXT]] as [
    ScenarioName,
    string,
  ][];
}
