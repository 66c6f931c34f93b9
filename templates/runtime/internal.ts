// The runtime as generated code imports it: the public API (index.ts) and the protocol's inside.
// A binding repo's own code imports index.ts; these names may change with any release.
export * from "./index.js";
export { callTool, type FailClosedRule, type ToolSpec } from "./core/call.js";
export { SchemaTable, type SchemaTableData } from "./core/standard-schema.js";
export { dryRunText, parseToolArgs } from "./cli/args.js";
export { splitCliOptions, type CliOptions } from "./cli/options.js";
export { findTool, requireTool, usageLine, type ParsedToolCall } from "./cli/table.js";
export { exitCodeFor, failureLines, REFUSED_CODES, reportFailure, type CliStage } from "./cli/exit.js";
export { commandWords, type CommandWords } from "./cli/command-line.js";
export { renderToolHelp, renderToolsHelp, toolsJson, type CliToolSpec } from "./cli/help.js";
export { RpcChannel, type ChannelStreams } from "./transports/channel.js";
export { asToolError, errnoCode, serviceUnavailable } from "./core/errors.js";
export {
  codeForRpcNumber,
  invalidParamsError,
  toolErrorOf,
  type InvalidParamsRule,
} from "./core/rpc-error.js";
export { Deadlines } from "./core/deadlines.js";
export { isPlainObject } from "./core/json.js";
export {
  readJson,
  unsafeIntegersIn,
  unsafeLiteralsRecorded,
  type UnsafeInteger,
} from "./core/json-reader.js";
export { readBigints, unsafeInteger } from "./core/integers.js";
export { writeJson } from "./core/json-writer.js";
export { LineSplitter, MAX_LINE_BYTES, NDJSON } from "./framing/ndjson.js";
export {
  classifyMessage,
  requestMessage,
  rpcErrorFrom,
  toolErrorFromRpcError,
  type RpcId,
  type RpcMessage,
} from "./protocols/jsonrpc.js";
export { RpcMultiplexer } from "./protocols/jsonrpc-multiplexer.js";
export { ReconnectingChannel, type ReconnectingOptions } from "./transports/reconnecting.js";
export { majorOf, notReady, readyRefusal, sameMajor } from "./transports/ready.js";
export {
  assertSocketTrusted,
  currentSocketPathEnvironment,
  judgeSocket,
  type SocketDistrust,
  type SocketOwnership,
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
export { readServiceRecord, recordPath, type ServiceRecord } from "./transports/daemon/record.js";
export { currentSuiteEnvironment } from "./transports/daemon/suite.js";
export { startOrClose } from "./transports/stdio.js";
export { abortedError, checkTimeout, timeoutError, unsendableParams, watchAbort } from "./core/transport.js";
