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
  SERVICE_NAMES,
  SERVICE_SCENARIOS,
  type FaultScenario,
  type ScenarioName,
  type ServiceName,
  type ServiceScenario,
} from "./scenarios.js";
export {
  EXTRA_METHOD,
  MISSING_METHOD,
  NOT_SERVED_METHODS,
  PACKAGE_VERSION as AGENTCLI_PACKAGE_VERSION,
  SERVED_METHODS as AGENTCLI_SERVED_METHODS,
} from "./services/agentcli/methods.js";
export { AGENTCLI_SCENARIOS, type AgentcliScenario } from "./services/agentcli/scenarios.js";
export { AGENTCLI_SERVICE_NAME } from "./services/agentcli/service.js";
export { CLIENT_APP, DEMO_ALLOWLIST } from "./services/demo/allowlist.js";
export { FIXTURE_APP_ID, FIXTURE_ELEMENTS } from "./services/demo/fixture.js";
export { DEMO_SERVICE_NAME, type ConsentScript, type EndResult } from "./services/demo/service.js";
export { INT64_ALLOWLIST, INT64_EXTREMES, INT64_SERVICE_NAME } from "./services/int64/service.js";
export {
  DEFAULT_RANK,
  serveStdioHost,
  type GivenService,
  startHost,
  type DaemonHostHandle,
  type DaemonHostOptions,
  type HostHandle,
  type HostOptions,
  type SocketServiceName,
  type StdioHostOptions,
} from "./start.js";
