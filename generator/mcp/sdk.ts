/**
 * The MCP SDK, loaded only when `mcp` runs: it is an optional peer dependency of this package,
 * so a binding repo that never serves MCP installs nothing for it. When it is missing the
 * command says what to install (the version package.json pins), as bad input.
 */
import { readFileSync } from "node:fs";
import { BindgenError } from "../errors.js";
import { PACKAGE_JSON } from "../package-files.js";

export const SDK_PACKAGE = "@modelcontextprotocol/sdk";

export type McpSdk = Awaited<ReturnType<typeof importSdk>>;

async function importSdk() {
  const [server, stdio, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Server: server.Server,
    StdioServerTransport: stdio.StdioServerTransport,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    CallToolRequestSchema: types.CallToolRequestSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
  };
}

/** The SDK, or bad input naming the install command; `load` is for tests that play a missing SDK. */
export async function loadMcpSdk(load: () => Promise<McpSdk> = importSdk): Promise<McpSdk> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingModule(error)) throw error;
    throw new BindgenError("bad_argument", `mcp needs the MCP SDK, an optional peer dependency: ${installCommand()}`);
  }
}

/** `npm install --save-dev @modelcontextprotocol/sdk@<the version package.json names>`. */
export function installCommand(): string {
  const manifest = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { peerDependencies?: Record<string, string> };
  const range = manifest.peerDependencies?.[SDK_PACKAGE];
  return `npm install --save-dev ${SDK_PACKAGE}${range === undefined ? "" : `@${range}`}`;
}

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}
