/** Servers and contracts for the introspect tests: the real agentcli test server, scripted servers, trimmed contracts. */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { NOT_SERVED_METHODS } from "../../generator/host/index.js";

export const BIN = resolve("generator/bin/rightkit-bindgen.js");
const AGENTCLI_SCHEMA = resolve("contract/agentcli.v0.2.schema.json");
const AGENTCLI_BINDING = resolve("contract/agentcli.v0.2.binding.json");

/**
 * `--stdio` for the agentcli test server as a JSON array: the paths of node and of the repo may
 * hold spaces, which the words form would split.
 */
export function agentcliServer(scenario = "normal"): string {
  return JSON.stringify([process.execPath, BIN, "host", "--stdio", "--service", "agentcli", "--scenario", scenario]);
}

/**
 * The agentcli contract cut down to what the offline test server serves (it answers -32601 for
 * the methods that need files, a scheduler or the network, and does not list them), so the
 * normal server agrees with it and each drift scenario differs by exactly its one method.
 */
export function servedAgentcliContract(dir: string): string {
  const schema = JSON.parse(readFileSync(AGENTCLI_SCHEMA, "utf8")) as { $defs: Record<string, unknown> };
  const binding = JSON.parse(readFileSync(AGENTCLI_BINDING, "utf8")) as { methods: Record<string, unknown> };
  for (const { name } of NOT_SERVED_METHODS) {
    delete schema.$defs[name];
    delete binding.methods[name];
  }
  const file = join(dir, "agentcli.v0.2.schema.json");
  writeFileSync(file, JSON.stringify(schema, null, 2));
  writeFileSync(join(dir, "agentcli.v0.2.binding.json"), JSON.stringify(binding, null, 2));
  return file;
}

/** What a scripted server does: lines it writes at start, and its one reply to the first request. */
export interface Script {
  readonly before?: readonly string[];
  /** An object is sent as JSON with the request's id filled in unless it has one; a string is sent as it is. */
  readonly reply?: unknown;
  /** Omit the reply's "\n" and exit right after it. */
  readonly exitAfterReply?: boolean;
  /** Write each request received here, one JSON line each. */
  readonly record?: string;
}

const SCRIPTED_SERVER = `
const { appendFileSync } = require("node:fs");
const { createInterface } = require("node:readline");
const script = JSON.parse(process.argv[2]);
for (const line of script.before ?? []) process.stdout.write(line + "\\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  if (script.record !== undefined) appendFileSync(script.record, line + "\\n");
  if (script.reply === undefined) return;
  const reply =
    typeof script.reply === "string" ? script.reply : JSON.stringify({ id: request.id, ...script.reply });
  if (script.exitAfterReply) process.stdout.write(reply, () => process.exit(0));
  else process.stdout.write(reply + "\\n");
});
`;

/** `--stdio` for a scripted server written into `dir`. */
export function scriptedServer(dir: string, script: Script): string {
  const file = join(dir, "server.cjs");
  writeFileSync(file, SCRIPTED_SERVER);
  return JSON.stringify([process.execPath, file, JSON.stringify(script)]);
}

/** A two-method contract with a renamed wire method and a binding without a ready section. */
export function smallContract(dir: string, introspection: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const method = { params: { type: "object" }, result: { type: "object" } };
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "example.small.v1",
    $defs: { ping: method, stat: method, progress: { notification: { type: "object" } } },
  };
  const binding = {
    contract: "example.small.v1",
    transport: { kind: "jsonrpc-stdio", command: "small", introspection, ...extra },
    methods: { stat: { tool: "small.stat" } },
  };
  const file = join(dir, "small.schema.json");
  writeFileSync(file, JSON.stringify(schema));
  writeFileSync(join(dir, "small.binding.json"), JSON.stringify(binding));
  return file;
}
