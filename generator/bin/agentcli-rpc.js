#!/usr/bin/env node
// `agentcli-rpc`: the generated agentcli binding's CLI, the same generic CLI emitter as
// `right-ctl demo`. Registers tsx so the generated TypeScript runs as it is, then hands every
// argument to it: `agentcli-rpc <method> [key=value ... | JSON object] [--server CMD]`.
// Results on stdout, failures on stderr as one JSON line, exit codes from CLI_EXIT.

/** EX_SOFTWARE: used only when the generated CLI (and with it CLI_EXIT) could not even be loaded. */
const EX_SOFTWARE = 70;

try {
  const { register } = await import("tsx/esm/api");
  register();
  const { runAgentcliCli } = await import("../../generated/agentcli.v0.2/cli.ts");
  process.exitCode = await runAgentcliCli(process.argv.slice(2));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const line = JSON.stringify({ error: { code: "internal_error", message, retryable: false } });
  process.stderr.write(`${line}\n${(error instanceof Error && error.stack) || message}\n`);
  process.exitCode = EX_SOFTWARE;
}
