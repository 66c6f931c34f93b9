export { runHostCommand, type HostCommandIo } from "./command.js";
export type { ConsentScript, EndResult } from "./demo-service.js";
export { FIXTURE_APP_ID, FIXTURE_ELEMENTS } from "./fixture.js";
export type { HostEvent } from "./connection.js";
export {
  FAULT_SCENARIOS,
  SCENARIO_NAMES,
  SERVICE_SCENARIOS,
  type FaultScenario,
  type ScenarioName,
  type ServiceScenario,
} from "./scenarios.js";
export { startHost, type HostHandle, type HostOptions } from "./server.js";
