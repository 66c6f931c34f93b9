/**
 * `rightkit-bindgen mcp` as an MCP client meets it: the real bin as a child process, driven by
 * the SDK's own `Client` over `StdioClientTransport` (its default output-schema validation on).
 * Every byte the server writes to stderr is kept, so a test can look for secrets in it; `close`
 * reports whether the server ended by itself once its stdin ended and checks its pid is gone.
 */
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const BINDGEN = fileURLToPath(new URL("../../generator/bin/rightkit-bindgen.js", import.meta.url));

/** The demo's six tools as MCP lists them, in name order. */
export const DEMO_TOOL_NAMES = ["demo_act", "demo_apps", "demo_batch", "demo_end", "demo_request", "demo_snapshot"];

/** Variables that would point the server at some other host or suite. */
const INHERITED_ROUTES = new Set(["RIGHTKIT_SUITE_ROOT", "RIGHTKIT_SOCKET"]);

export function childEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => !INHERITED_ROUTES.has(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/** `--server` for the agentcli test server, as a JSON array so paths need no quoting. */
export function agentcliServer(scenario = "normal"): string {
  return JSON.stringify([process.execPath, BINDGEN, "host", "--stdio", "--service", "agentcli", "--scenario", scenario]);
}

export interface McpSession {
  readonly client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Closes the client; resolves with how long the server took to end after its stdin closed. */
  close(): Promise<number>;
}

export async function startMcp(args: readonly string[], cwd?: string): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BINDGEN, "mcp", ...args],
    ...(cwd === undefined ? {} : { cwd }),
    env: childEnv(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "rightkit-bindgen-tests", version: "1.0.0" });
  await client.connect(transport);
  const pid = transport.pid;
  return {
    client,
    stderr: () => stderr,
    close: async () => {
      const started = performance.now();
      await client.close();
      const took = performance.now() - started;
      if (pid !== null && isAlive(pid)) throw new Error(`the mcp server (pid ${pid}) is still running`);
      return took;
    },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The text of a tool result's one text item. */
export function textOf(result: object): string {
  const content = (result as { content?: unknown }).content as { type: string; text?: string }[];
  if (content.length !== 1 || content[0]?.type !== "text")
    throw new Error(`expected one text item, got ${JSON.stringify(content)}`);
  return content[0].text as string;
}

/** The `{ error }` an isError result's text carries. */
export function errorOf(result: object): Record<string, unknown> {
  if ((result as { isError?: unknown }).isError !== true)
    throw new Error(`expected an isError result, got ${JSON.stringify(result)}`);
  return (JSON.parse(textOf(result)) as { error: Record<string, unknown> }).error;
}
