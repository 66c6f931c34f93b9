/**
 * The MCP server: the SDK's low-level `Server` over stdio, answering `tools/list` from the
 * contract's tools and `tools/call` through the generated client. While a call waits, the
 * host's events (the demo's `consent_pending`) go to the MCP client as progress notifications
 * when it sent a progress token, and a heartbeat follows every `heartbeatMs` so a client that
 * resets its timeout on progress keeps waiting as long as the method's own deadline. A
 * cancelled call aborts the client's call. Nothing of a call (params, results, errors) is ever
 * written to the log: the log is for the server's own life.
 */
import type { Readable, Writable } from "node:stream";
import type { McpSdk } from "./sdk.js";
import type { BindingModule } from "./binding-module.js";
import type { ToolCaller } from "./caller.js";
import { failureAnswer, isKnownFailure, resultAnswer, type ToolAnswer } from "./results.js";
import type { McpTool } from "./tools.js";

export interface McpServerOptions {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly McpTool[];
  readonly binding: BindingModule;
  readonly caller: ToolCaller;
  readonly heartbeatMs: number;
  /** One line of the server's own; never anything a call carried. */
  readonly log: (line: string) => void;
  readonly stdin: Readable;
  readonly stdout: Writable;
}

type ProgressToken = string | number;
type Notify = (notification: { method: "notifications/progress"; params: Record<string, unknown> }) => Promise<void>;

/** Serves until the MCP client goes away (stdin ends, stdout breaks) or `stop` is called; then closes the client. */
export async function serveMcp(sdk: McpSdk, options: McpServerOptions): Promise<{ stop(): void; stopped: Promise<void> }> {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const server = new sdk.Server({ name: options.name, version: options.version }, { capabilities: { tools: {} } });

  server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({ tools: options.tools.map(listing) }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is the MCP client's mistake, not a tool failure: a protocol error, as MCP says.
    if (tool === undefined)
      throw new sdk.McpError(sdk.ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(request.params.name)}`);
    const token = extra._meta?.progressToken;
    const notify: Notify = (notification) => extra.sendNotification(notification);
    return (await callTool(
      tool,
      request.params.arguments ?? {},
      extra.signal,
      token === undefined ? undefined : progress(token, notify),
      options,
    )) as never;
  });

  const transport = new sdk.StdioServerTransport(options.stdin, options.stdout);
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const ended = (): void => stop();
  options.stdin.once("end", ended).once("close", ended);
  // Kept for the process's life: an answer to a call still in flight may meet the broken pipe after the stop.
  options.stdout.on("error", ended);
  await server.connect(transport);
  options.log(`serving ${options.tools.length} tools over stdio`);
  const closed = stopped.then(async () => {
    options.stdin.off("end", ended).off("close", ended);
    await options.caller.close();
    await server.close();
  });
  return { stop, stopped: closed };
}

function listing(tool: McpTool): Record<string, unknown> {
  const listed: Record<string, unknown> = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
  if (tool.outputSchema !== undefined) listed["outputSchema"] = tool.outputSchema;
  if (tool.annotations !== undefined) listed["annotations"] = tool.annotations;
  return listed;
}

/** Progress for one call: each event, and a heartbeat while nothing else is said. */
interface Progress {
  event(event: unknown): void;
  beat(waitedMs: number): void;
}

function progress(token: ProgressToken, notify: Notify): Progress {
  let count = 0;
  const send = (message: string): void => {
    count += 1;
    // A client that went away mid-call cannot be told; the call's own outcome still settles it.
    notify({ method: "notifications/progress", params: { progressToken: token, progress: count, message } }).catch(() => {});
  };
  return {
    event: (event) => send(JSON.stringify(event) ?? String(event)),
    beat: (waitedMs) => send(`still waiting (${Math.round(waitedMs / 1000)} s)`),
  };
}

async function callTool(
  tool: McpTool,
  args: unknown,
  signal: AbortSignal,
  progress: Progress | undefined,
  options: McpServerOptions,
): Promise<ToolAnswer> {
  const started = Date.now();
  const heartbeat =
    progress === undefined ? undefined : setInterval(() => progress.beat(Date.now() - started), options.heartbeatMs);
  try {
    const callOptions = progress === undefined ? { signal } : { signal, onEvent: (event: unknown) => progress.event(event) };
    return resultAnswer(await options.caller.call(tool.method, args, callOptions));
  } catch (error) {
    // The name of what was thrown, never its message: a bug's message may quote what the call carried.
    if (!isKnownFailure(options.binding, error))
      options.log(`internal error in ${tool.name}: ${(error as Error)?.name ?? typeof error}`);
    return failureAnswer(options.binding, error);
  } finally {
    if (heartbeat !== undefined) clearInterval(heartbeat);
  }
}
