#!/usr/bin/env node
// `right-ctl`, demo build: registers tsx so the generated TypeScript runs as it is, then hands
// everything after the subcommand to the generated CLI. Only the demo subcommand exists here.
import { register } from "tsx/esm/api";

register();
const { CLI_COMMAND, CLI_EXIT, runDemoCli } = await import("../../generated/rightkit.agent.demo.v1/cli.ts");

// CLI_COMMAND is "right-ctl demo": the words after the program name select the demo CLI.
const [program, ...subcommand] = CLI_COMMAND.split(" ");
const argv = process.argv.slice(2);
const HELP = `${program} (demo build): only the \`${subcommand.join(" ")}\` subcommand is compiled in.

usage: ${CLI_COMMAND} <tool> [key=value ... | JSON object] [options]
       ${CLI_COMMAND} --help      the tools, value rules, options and exit codes
       ${CLI_COMMAND} --tools     the tools as JSON`;

if (subcommand.every((word, i) => argv[i] === word)) {
  process.exitCode = await runDemoCli(argv.slice(subcommand.length));
} else if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h") {
  process.stdout.write(`${HELP}\n`);
  process.exitCode = argv.length === 0 ? CLI_EXIT.invalidArguments : CLI_EXIT.ok;
} else {
  const message = `${JSON.stringify(argv[0])} is not a subcommand of this demo build; use ${CLI_COMMAND}`;
  process.stdout.write(`${JSON.stringify({ error: { code: "invalid_arguments", message, retryable: false } })}\n`);
  process.exitCode = CLI_EXIT.invalidArguments;
}
