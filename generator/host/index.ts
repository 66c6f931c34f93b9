export { runHostCommand, type HostCommandIo } from "./command.js";
export { CONTROL_APP, type Allowlist } from "./core/allowlist.js";
export type { HostEvent } from "./core/connection.js";
export type { HandOff } from "./core/daemon-host.js";
export { DAEMON_FAULTS, JSONRPC_FAULTS, type Protocol } from "./core/faults.js";
export type { ServiceError } from "./core/outcome.js";
export type { PeerCheck, PeerVerdict } from "./core/peer.js";
export { PROTOCOL_MAJOR, PROTOCOL_MINOR } from "./core/protocols/daemon.js";
export { RANK_UNKNOWN, type ServiceRecord } from "./core/record.js";
export {
  FAULT_SCENARIOS,
  SCENARIO_NAMES,
  SERVICE_SCENARIOS,
  type FaultScenario,
  type ScenarioName,
  type ServiceScenario,
} from "./scenarios.js";
export { CLIENT_APP, DEMO_ALLOWLIST } from "./services/demo/allowlist.js";
export { FIXTURE_APP_ID, FIXTURE_ELEMENTS } from "./services/demo/fixture.js";
export { DEMO_SERVICE_NAME, type ConsentScript, type EndResult } from "./services/demo/service.js";
export {
  DEFAULT_RANK,
  startHost,
  type DaemonHostHandle,
  type DaemonHostOptions,
  type HostHandle,
  type HostOptions,
} from "./start.js";
