export { callTool, type FailClosedRule, type ToolCallOptions, type ToolSpec } from "./core/call.js";
export { dryRunText, parseToolArgs } from "./cli/args.js";
export { splitCliOptions, type CliOptions } from "./cli/options.js";
export {
  findTool,
  requireTool,
  usageLine,
  type CliParam,
  type CliShape,
  type CliTable,
  type CliTool,
  type ParsedToolCall,
} from "./cli/table.js";
export {
  CLI_EXIT,
  exitCodeFor,
  failureLines,
  REFUSED_CODES,
  reportFailure,
  type CliExitCode,
  type CliStage,
} from "./cli/exit.js";
export { commandWords, type CommandWords } from "./cli/command-line.js";
export { renderToolHelp, renderToolsHelp, toolsJson, type CliToolSpec } from "./cli/help.js";
export { RpcChannel, type ChannelStreams } from "./transports/channel.js";
export {
  asToolError,
  errnoCode,
  serviceUnavailable,
  ToolError,
  type ToolErrorJson,
  type ToolErrorOptions,
} from "./core/errors.js";
export { invalidParamsError, RpcError, type InvalidParamsRule, type RpcErrorJson } from "./core/rpc-error.js";
export { Deadlines } from "./core/deadlines.js";
export { isPlainObject } from "./core/json.js";
export {
  readJson,
  unsafeIntegersIn,
  unsafeLiteralsRecorded,
  type UnsafeInteger,
} from "./core/json-reader.js";
export { readBigints, unsafeInteger, type IntegerNode, type IntegerShape } from "./core/integers.js";
export { writeJson } from "./core/json-writer.js";
export type { FrameDecoder, Framing } from "./framing/framing.js";
export { LineSplitter, MAX_LINE_BYTES, NDJSON } from "./framing/ndjson.js";
export {
  classifyMessage,
  codeForRpcNumber,
  requestMessage,
  rpcErrorFrom,
  toolErrorFromRpcError,
  type RpcId,
  type RpcMessage,
} from "./protocols/jsonrpc.js";
export { RpcMultiplexer, type NotificationListener } from "./protocols/jsonrpc-multiplexer.js";
export { ReconnectingChannel, type ReconnectingOptions } from "./transports/reconnecting.js";
export {
  majorOf,
  notReady,
  readyRefusal,
  sameMajor,
  type ReadyGate,
  type ReadyRule,
} from "./transports/ready.js";
export { JsonRpcSocketTransport, type JsonRpcSocketTransportOptions } from "./transports/socket.js";
export {
  assertSocketTrusted,
  currentSocketPathEnvironment,
  defaultSocketPath,
  judgeSocket,
  resolveSocketPath,
  type SocketDistrust,
  type SocketOwnership,
  type SocketPathEnvironment,
} from "./transports/socket-path.js";
export {
  classifyFrame,
  helloFrame,
  HOST_HANDOFF,
  PROTOCOL_MAJOR,
  PROTOCOL_MINOR,
  readHostHello,
  REQUEST_NOT_ALLOWED,
  requestFrame,
  toolErrorFromServiceError,
  type DaemonFrame,
  type DaemonId,
  type HostHello,
} from "./protocols/daemon.js";
export { DaemonTransport, type DaemonTransportOptions } from "./transports/daemon/transport.js";
export { readServiceRecord, recordPath, type ServiceRecord } from "./transports/daemon/record.js";
export {
  currentSuiteEnvironment,
  defaultSuiteRoot,
  resolveSuiteRoot,
  SUITE_ROOT_ENV,
  type SuiteEnvironment,
} from "./transports/daemon/suite.js";
export {
  spawnTransport,
  startOrClose,
  StdioTransport,
  type ServerDefaults,
  type SpawnOptions,
  type StdioTransportOptions,
} from "./transports/stdio.js";
export {
  abortedError,
  checkTimeout,
  timeoutError,
  unsendableParams,
  watchAbort,
  type ServiceRoute,
  type Transport,
  type TransportCallOptions,
} from "./core/transport.js";
export type { ValidationIssue, ValidationResult } from "./core/validation.js";
