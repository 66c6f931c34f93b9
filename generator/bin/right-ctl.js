#!/usr/bin/env node
// `right-ctl`, demo build: loads the demo binding (compiled, or in a checkout its sources: see
// entry.js), then hands everything after the subcommand to the generated CLI. Only the demo
// subcommand exists here.
// As the real right-ctl: results on stdout, failures on stderr as one JSON line, exit codes
// from CLI_EXIT (2 for a usage error such as an unknown subcommand, 70 for a bug).

/** EX_SOFTWARE: used only when the generated CLI (and with it CLI_EXIT) could not even be loaded. */
const EX_SOFTWARE = 70;

const errorLine = (code, message) => JSON.stringify({ error: { code, message, retryable: false } });

try {
  const { loadEntry } = await import("./entry.js");
  const { CLI_COMMAND, CLI_EXIT, runDemoCli } = await loadEntry("demo.js", "generated/rightkit.agent.demo.v1/index.ts");

  // CLI_COMMAND is "right-ctl demo": the words after the program name select the demo CLI.
  const [program, ...subcommand] = CLI_COMMAND.split(" ");
  const argv = process.argv.slice(2);
  const usage = `usage: ${CLI_COMMAND} <tool> [key=value ... | JSON object] [options]`;
  const HELP = `${program} (demo build): only the \`${subcommand.join(" ")}\` subcommand is compiled in.

${usage}
       ${CLI_COMMAND} --help      the tools, value rules, options and exit codes
       ${CLI_COMMAND} --tools     the tool specs as a JSON array`;

  if (subcommand.every((word, i) => argv[i] === word)) {
    process.exitCode = await runDemoCli(argv.slice(subcommand.length));
  } else if (argv[0] === "--help" || argv[0] === "-h") {
    process.stdout.write(`${HELP}\n`);
    process.exitCode = CLI_EXIT.ok;
  } else {
    // Arguments are never echoed whole (one may be a pasted token): a subcommand is shown shortened.
    const given =
      argv[0] === undefined
        ? "no subcommand given"
        : `${JSON.stringify(shortened(argv[0]))} is not a subcommand of this demo build`;
    process.stderr.write(`${errorLine("invalid_arguments", `${given}; use ${CLI_COMMAND}\n${usage}`)}\n`);
    process.exitCode = CLI_EXIT.usage;
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${errorLine("internal_error", message)}\n${(error instanceof Error && error.stack) || message}\n`);
  process.exitCode = EX_SOFTWARE;
}

function shortened(word) {
  return word.length > 24 ? `${word.slice(0, 24)}…` : word;
}
