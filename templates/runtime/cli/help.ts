import { usageLine, type CliTable, type CliTool } from "./table.js";
import { CLI_EXIT } from "./exit.js";
import { terminalText } from "./terminal-text.js";

/**
 * Help for a contract's command line, rendered from the same table the parser reads, so the
 * help can never describe arguments the parser does not take. Contract-neutral. Every line goes
 * through the terminal door: summaries and descriptions are schema text.
 */

function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows.reduce<number[]>(
    (acc, row) => row.map((cell, i) => Math.max(acc[i] ?? 0, cell.length)),
    [],
  );
  return rows.map((row) =>
    `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ")}`.trimEnd(),
  );
}

const seconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

const CONNECTION_HELP: Readonly<Record<CliTable["connection"], readonly (readonly [string, string])[]>> = {
  suite: [
    [
      "--suite-root DIR",
      "absolute; where to find the host (else $RIGHTKIT_SUITE_ROOT, else the per-user default)",
    ],
  ],
  server: [
    ["--server CMD", 'the server to start: words, or a JSON array ["cmd","arg",...]; else the default'],
  ],
  none: [],
};

const OPTION_HELP: readonly (readonly [string, string])[] = [
  ["--timeout MS", "overrides the tool's timeout, in milliseconds"],
  ["--dry-run", 'prints {"tool","params"} as parsed and exits 0 without connecting'],
  ["--tools", "prints the tool specs (name, description, params schema) as a JSON array; no host needed"],
  ["--help, -h", "this text; <tool> --help describes one tool"],
];

/** `<command> --help`: every tool, the value rules, options and exit codes. */
export function renderToolsHelp(table: CliTable): string {
  const verbatim =
    table.verbatimKeys.length === 0
      ? ["Values parse as JSON when they are JSON, else stay strings."]
      : [
          `The keys ${table.verbatimKeys.join(", ")} keep their value verbatim (text=1e3 means "1e3").`,
          "Other values parse as JSON when they are JSON, else stay strings.",
        ];
  return [
    usageLine(table),
    "",
    "Tools:",
    ...columns(table.tools.map((tool) => [tool.method, tool.summary])),
    "",
    "Arguments: one JSON object, or key=value pairs (split at the first =).",
    ...verbatim,
    "",
    "Options (anywhere after the command):",
    ...columns([...CONNECTION_HELP[table.connection], ...OPTION_HELP]),
    "",
    'Output: the result as one JSON object on stdout; on failure one line {"error":{"code","message","retryable"}} on stderr.',
    `Exit codes: ${CLI_EXIT.ok} ok, ${CLI_EXIT.toolError} the call failed, ${CLI_EXIT.usage} invalid arguments (nothing was sent),`,
    `  ${CLI_EXIT.refused} refused by a gate (allowlist, blocked target), ${CLI_EXIT.internal} internal error (stack on stderr).`,
  ]
    .map(terminalText)
    .join("\n");
}

/** `<command> <tool> --help`: the tool's params with type, required mark and description. */
export function renderToolHelp(table: CliTable, tool: CliTool): string {
  const name = tool.tool === tool.method ? tool.tool : `${tool.tool} (${tool.method})`;
  const params =
    tool.params.length === 0
      ? ["  (none)"]
      : columns(
          tool.params.map((param) => [
            param.name,
            param.type,
            param.required ? "required" : "optional",
            [param.description, table.verbatimKeys.includes(param.name) ? "Verbatim." : ""]
              .filter((part) => part !== "")
              .join(" "),
          ]),
        );
  const shapes =
    tool.shapes.length === 0
      ? []
      : ["", "Where:", ...columns(tool.shapes.map((shape) => [shape.name, `= ${shape.type}`]))];
  return [
    usageLine(table, tool),
    `   or: ${table.command} ${tool.method} '<JSON object>'`,
    "",
    `${name}: ${tool.summary}`,
    `Default timeout ${seconds(tool.timeoutMs)}.`,
    "",
    "Params:",
    ...params,
    ...shapes,
  ]
    .map(terminalText)
    .join("\n");
}

/** One entry of `--tools`, as right-ctl prints a tool spec; `params` is absent when no exact schema exists. */
export type CliToolSpec = {
  name: string;
  description: string;
  params?: Readonly<Record<string, unknown>>;
};

/**
 * `--tools`: every tool's spec, sorted by wire name, for agents that discover tools at run time.
 * The params are the tool's JSON Schema, self-contained (draft 2020-12, its refs in its own
 * `$defs`), as the binding's Standard JSON Schema states it.
 */
export function toolsJson(table: CliTable): CliToolSpec[] {
  return table.tools
    .map((tool): CliToolSpec => {
      const params = exactParams(tool);
      const spec = { name: tool.tool, description: tool.summary };
      return params === undefined ? spec : { ...spec, params };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The params' JSON Schema; undefined when the schema cannot be stated exactly (a `$dynamicRef`,
 * which a self-contained copy cannot keep): an agent is better told nothing than a wrong schema.
 * Standard JSON Schema's way to say "not in this target" is to throw.
 */
function exactParams(tool: CliTool): Record<string, unknown> | undefined {
  try {
    return tool.schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
  } catch {
    return undefined;
  }
}
