/**
 * `rightkit-bindgen mcp [--contract FILE|ID] [--binding FILE] [--suite-root DIR | --server CMD]
 * [--heartbeat MS]`: the contract's methods as MCP tools, served over stdio until the MCP client
 * goes away (or SIGINT/SIGTERM), each call made through the contract's generated client.
 * Everything that can be wrong with the input is found before the server starts: exit 2, one
 * line. Stdout belongs to MCP; the server's own lines go to stderr, never a call's content.
 */
import { commandWords } from "../../templates/runtime/cli/command-line.js";
import { BindgenError } from "../errors.js";
import { isJsonObject } from "../json.js";
import { loadContract, type ContractSource, type LoadedContract } from "../load/contract.js";
import { discoverContract, discoverContracts } from "../load/discover.js";
import { bindingFor } from "../mcp/binding.js";
import { checkTarget, openCaller, type McpTarget } from "../mcp/caller.js";
import { loadMcpSdk } from "../mcp/sdk.js";
import { serveMcp } from "../mcp/server.js";
import { mcpTools } from "../mcp/tools.js";
import { modelOf } from "../pipeline.js";
import { schemaGraph } from "../resolve/index.js";
import { terminalLine } from "../terminal.js";
import { GENERATOR_NAME, GENERATOR_VERSION } from "../version.js";
import { EXIT, type Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { milliseconds } from "./option-values.js";

/** Well inside the MCP SDK client's 60 s default, so a client that resets its timeout on progress never gives up early. */
export const DEFAULT_HEARTBEAT_MS = 10_000;

type TargetKind = McpTarget["kind"];

export interface McpOptions {
  readonly contract: string | undefined;
  readonly binding: string | undefined;
  readonly suiteRoot: string | undefined;
  readonly server: readonly string[] | undefined;
  readonly heartbeatMs: number;
}

export function mcpOptions(args: readonly string[]): McpOptions {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.mcp, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values["suite-root"] !== undefined && values.server !== undefined)
    throw new BindgenError("bad_argument", "--suite-root and --server name two targets; give one");
  return Object.freeze({
    contract: values.contract,
    binding: values.binding,
    suiteRoot: values["suite-root"],
    server: values.server === undefined ? undefined : server(values.server),
    heartbeatMs: values.heartbeat === undefined ? DEFAULT_HEARTBEAT_MS : milliseconds("--heartbeat", values.heartbeat),
  });
}

export async function runMcp(args: readonly string[], io: Io): Promise<number> {
  const options = mcpOptions(args);
  const { source, contract } = chooseContract(options);
  const id = contractId(contract);
  const graph = schemaGraph(contract.schema, contract.schemaFile);
  const model = modelOf(contract, graph);
  const tools = mcpTools(model, graph, contract.schemaFile);
  const where = target(options, model.transport?.kind);
  checkTarget(model, where, contract.bindingFile ?? contract.schemaFile);
  const sdk = await loadMcpSdk();
  const binding = await bindingFor(contract, source, model.id);
  const caller = openCaller(binding, model, where);
  const log = (line: string): void => io.err(terminalLine(`${GENERATOR_NAME} mcp: ${id}: ${line}`));
  const served = await serveMcp(sdk, {
    name: `${GENERATOR_NAME} ${id}`,
    version: GENERATOR_VERSION,
    tools,
    binding,
    caller,
    heartbeatMs: options.heartbeatMs,
    log,
    stdin: process.stdin,
    stdout: process.stdout,
  });
  const signalled = (): void => served.stop();
  process.once("SIGINT", signalled).once("SIGTERM", signalled);
  try {
    await served.stopped;
  } finally {
    process.off("SIGINT", signalled).off("SIGTERM", signalled);
  }
  return EXIT.ok;
}

function server(value: string): readonly string[] {
  const read = commandWords(value);
  if (!read.ok) throw new BindgenError("bad_argument", `--server ${read.reason}`);
  return read.words;
}

/** The target the options name; without one, the binding's default (its suite root lookup, or its server command). */
function target(options: McpOptions, kind: TargetKind | undefined): McpTarget {
  if (options.suiteRoot !== undefined) return { kind: "rightkit-daemon", suiteRoot: options.suiteRoot };
  if (options.server !== undefined) return { kind: "jsonrpc-stdio", command: options.server };
  if (kind === "jsonrpc-stdio") return { kind, command: undefined };
  return { kind: "rightkit-daemon", suiteRoot: undefined };
}

interface Chosen {
  readonly source: ContractSource;
  readonly contract: LoadedContract;
}

/**
 * The contract named, else the one in ./contract whose binding names a transport of the target's
 * kind (any kind without a target).
 */
function chooseContract(options: McpOptions): Chosen {
  if (options.contract !== undefined) {
    const source = discoverContract(options);
    return { source, contract: loadContract(source) };
  }
  if (options.binding !== undefined) throw new BindgenError("bad_argument", "--binding goes with --contract");
  const wanted: TargetKind | undefined =
    options.suiteRoot !== undefined ? "rightkit-daemon" : options.server !== undefined ? "jsonrpc-stdio" : undefined;
  const servable = discoverContracts({})
    .map((source) => ({ source, contract: loadContract(source) }))
    .filter(({ contract }) => {
      const kind = contract.binding?.transport?.kind;
      return kind !== undefined && (wanted === undefined || kind === wanted);
    });
  if (servable.length === 1) return servable[0] as Chosen;
  const over = wanted === undefined ? "" : ` over ${wanted}`;
  const why =
    servable.length === 0
      ? `no contract in ./contract has a binding naming a transport${over}`
      : `./contract holds ${servable.length} contracts mcp serves${over} (${servable.map(({ contract }) => contractId(contract)).join(", ")})`;
  throw new BindgenError("bad_argument", `--contract is required: ${why}`);
}

function contractId(loaded: LoadedContract): string {
  const id = isJsonObject(loaded.schema) ? loaded.schema["$id"] : undefined;
  return typeof id === "string" && id !== "" ? id : loaded.schemaFile;
}
