// The runtime's public API: what a binding's callers may import (`rightkit-bindgen/runtime`, or a
// binding's index.ts, which re-exports the part they need). Everything else is the protocol's
// inside, for generated code only, through internal.ts. A change here is a change to every
// binding's callers: generated/runtime/api.md reports it.
export { RpcError, type RpcErrorJson } from "./core/rpc-error.js";
export { ToolError, type ToolErrorJson, type ToolErrorOptions } from "./core/errors.js";
export type { ToolCallOptions } from "./core/call.js";
export type { ServiceRoute, Transport, TransportCallOptions } from "./core/transport.js";
export type { IntegerNode, IntegerShape } from "./core/integers.js";
export type { ValidationIssue, ValidationResult } from "./core/validation.js";
export type {
  StandardJSONSchemaV1,
  StandardJSONSchemaV1Options,
  StandardSchemaV1,
  StandardSchemaV1Issue,
  StandardSchemaV1Result,
  StandardValidator,
} from "./core/standard-schema.js";
export { DaemonTransport, type DaemonTransportOptions } from "./transports/daemon/transport.js";
export {
  defaultSuiteRoot,
  resolveSuiteRoot,
  SUITE_ROOT_ENV,
  type SuiteEnvironment,
} from "./transports/daemon/suite.js";
export { JsonRpcSocketTransport, type JsonRpcSocketTransportOptions } from "./transports/socket.js";
export {
  defaultSocketPath,
  resolveSocketPath,
  type SocketPathEnvironment,
} from "./transports/socket-path.js";
export type { FrameDecoder, Framing } from "./framing/framing.js";
export type { NotificationListener } from "./protocols/jsonrpc-multiplexer.js";
export type { ReadyGate, ReadyRule } from "./transports/ready.js";
export {
  spawnTransport,
  StdioTransport,
  type ServerDefaults,
  type SpawnOptions,
  type StdioTransportOptions,
} from "./transports/stdio.js";
export { CLI_EXIT, type CliExitCode } from "./cli/exit.js";
export type { CliConnection, CliParam, CliShape, CliTable, CliTool } from "./cli/table.js";
