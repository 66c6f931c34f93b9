#!/usr/bin/env node
// `agentcli-rpc`: the generated agentcli binding's CLI, the same generic CLI emitter as
// `right-ctl demo`. Loads the agentcli binding (compiled, or in a checkout its sources: see
// entry.js), then hands every argument to it:
// `agentcli-rpc <method> [key=value ... | JSON object] [--server CMD]`.
// Results on stdout, failures on stderr as one JSON line, exit codes from CLI_EXIT.

/** EX_SOFTWARE: used only when the generated CLI (and with it CLI_EXIT) could not even be loaded. */
const EX_SOFTWARE = 70;

try {
  const { loadEntry } = await import("./entry.js");
  const { runAgentcliCli } = await loadEntry("agentcli.js", "generated/agentcli.v0.2/index.ts");
  process.exitCode = await runAgentcliCli(process.argv.slice(2));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const line = JSON.stringify({ error: { code: "internal_error", message, retryable: false } });
  process.stderr.write(`${line}\n${(error instanceof Error && error.stack) || message}\n`);
  process.exitCode = EX_SOFTWARE;
}
