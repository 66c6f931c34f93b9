import { usageLine, type CliTable, type CliTool } from "./args.js";

/**
 * Help for a contract's command line, rendered from the same table the parser reads, so the
 * help can never describe arguments the parser does not take. Contract-neutral.
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

const OPTION_HELP: readonly (readonly [string, string])[] = [
  ["--socket PATH", "the daemon's socket or pipe (else $RIGHTKIT_SOCKET, else the platform default)"],
  ["--timeout MS", "overrides the tool's timeout, in milliseconds"],
  ["--dry-run", 'prints {"tool","params"} as parsed and exits 0 without connecting'],
  ["--tools", "prints the tools and their params as JSON, no host needed"],
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
    ...columns(OPTION_HELP),
    "",
    'Output: the result as one JSON object on stdout; on failure {"error":{"code","message","retryable"}}.',
    "Exit codes: 0 ok, 1 the call failed, 2 invalid arguments (nothing was sent), 3 internal error.",
  ].join("\n");
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
  ].join("\n");
}

/** `--tools`: the table as plain JSON, for agents that discover tools at run time. */
export function toolsJson(table: CliTable): { tools: unknown[] } {
  return {
    tools: table.tools.map((tool) => ({
      name: tool.method,
      tool: tool.tool,
      summary: tool.summary,
      timeout_ms: tool.timeoutMs,
      params: tool.params.map((param) => ({
        name: param.name,
        type: param.type,
        required: param.required,
        verbatim: table.verbatimKeys.includes(param.name),
        description: param.description,
      })),
      shapes: tool.shapes.map((shape) => ({ name: shape.name, type: shape.type })),
    })),
  };
}
