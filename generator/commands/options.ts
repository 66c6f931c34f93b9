/**
 * Every command's options, one table per command: each command's parser, its own `--help` and the
 * top-level usage are made from it, so an option cannot be accepted and undocumented, or
 * documented and refused. Plain data and what is made from it; no command's code is loaded by it,
 * so `--help` stays instant.
 */
import { parseArgs } from "node:util";
import { hanging } from "../terminal-style.js";
import { GENERATOR_NAME } from "../version.js";

export interface OptionSpec {
  /** What the option takes, as help shows it (`FILE`, `MS`); absent for a flag. */
  readonly value?: string;
  /** May be given more than once (`--value NAME=VALUE ...`). */
  readonly multiple?: true;
  readonly short?: string;
  readonly help: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

export interface CommandSpec<Options extends OptionTable = OptionTable> {
  /** What follows the command's name in a usage line; every option in it is one of `options`. */
  readonly synopsis: string;
  readonly summary: string;
  readonly options: Options;
  /** The command's exit codes, as its help ends. */
  readonly exits: string;
}

/** The values parseArgs gives for a table: a string, a list of them, or a flag; absent when not given. */
export type OptionValues<Options extends OptionTable> = {
  readonly [Name in keyof Options]?: Options[Name] extends { multiple: true }
    ? string[]
    : Options[Name] extends { value: string }
      ? string
      : boolean;
};

const CONTRACT = {
  value: "FILE|ID",
  help: "one contract: a schema .json, a contract document .md (its fenced JSON), or the $id of a contract in ./contract (then the package's contract/)",
} as const;
const BINDING = {
  value: "FILE",
  help: "the binding file (tool names, timeouts, CLI rules, error codes); default: beside the contract",
} as const;
const GENERATION = {
  contract: CONTRACT,
  binding: BINDING,
  out: { value: "DIR", help: "the output directory (default: generated)" },
} as const;
const GENERATION_EXITS = "0 ok, 2 bad input, 3 internal error";

/** The commands, in the order the top-level usage lists them. */
export const COMMAND_SPECS = {
  generate: {
    synopsis: "[--contract FILE|ID] [--binding FILE] [--out DIR]",
    summary: "write the bindings (default: every contract in ./contract → ./generated)",
    options: GENERATION,
    exits: GENERATION_EXITS,
  },
  check: {
    synopsis: "[--contract FILE|ID] [--binding FILE] [--out DIR]",
    summary: "exit 1 with a unified diff when a committed binding differs from what generate makes",
    options: GENERATION,
    exits: "0 up to date, 1 drift, 2 bad input, 3 internal error",
  },
  diff: {
    synopsis: "OLD NEW [--format text|markdown|json]",
    summary: "classify the changes between two contract schemas; exit 1 when any is breaking",
    options: { format: { value: "FORMAT", help: "text (default), markdown (a pull request's body) or json" } },
    exits: "0 nothing breaking, 1 a breaking change, 2 bad input, 3 internal error",
  },
  update: {
    synopsis: "--from FILE [--body FILE] [--allow-major] [--contract FILE|ID] [--binding FILE] [--out DIR]",
    summary: "take a new upstream schema, regenerate, write a PR body",
    options: {
      from: { value: "FILE", help: "the new upstream schema" },
      body: { value: "FILE", help: "write the pull request's body here (default: stdout)" },
      "allow-major": { help: "accept a change whose version is a new major" },
      ...GENERATION,
    },
    exits: "0 updated (or nothing to do), 1 a major version refused (nothing written), 2 bad input, 3 internal error",
  },
  host: {
    synopsis:
      "(--suite-root DIR | --socket PATH | --stdio) [--service NAME] [--rank N] [--scenario NAME] [--consent approve|deny] [--consent-delay MS] [--no-peer-check]",
    summary:
      "run a conformance host until SIGINT or SIGTERM (or, on stdio, until stdin ends): the demo service, the int64 test service, or agentcli's test server",
    options: {
      service: {
        value: "NAME",
        help: "which service answers: demo (rightkit.agent.demo, the default), int64 (rightkit.test.int64, the test-only contract of 64-bit integers: echo, extremes) or agentcli (agentcli serve's offline methods; stdio only, agentcli.ready first)",
      },
      "suite-root": {
        value: "DIR",
        help: "speak rightkit-daemon's own protocol (hello, allowlist, events, takeover) and publish DIR/runtime/<service name>/service.json; removed again on exit",
      },
      rank: {
        value: "N",
        help: "with --suite-root: lower wins the service (0..255, default 100); a live host of a higher rank is asked to hand over, one of a lower or equal rank refuses this one",
      },
      "no-peer-check": {
        help: "with --suite-root: do NOT check that each peer runs as this user (the 0700 directory is then the only guard); needed where the check does not exist (it does on Linux)",
      },
      socket: { value: "PATH", help: "speak JSON-RPC 2.0 on a Unix socket (mode 0600; its directory must be, or is made, 0700)" },
      stdio: { help: "speak JSON-RPC 2.0 to one client on stdin/stdout" },
      scenario: { value: "NAME", help: "how the host behaves (default normal; the scenarios are listed below)" },
      consent: { value: "ANSWER", help: "demo only: how the scripted person answers demo.request (default approve)" },
      "consent-delay": { value: "MS", help: "demo only: wait this long before answering consent" },
      help: { short: "h", help: "this text" },
    },
    exits:
      "0 stopped by a signal or handed over, 1 could not start (e.g. outranked), 2 bad arguments; agentcli's exit_at_start scenario exits 3",
  },
  introspect: {
    synopsis:
      '--stdio "<command>" [--contract FILE|ID] [--binding FILE] [--format text|json] [--timeout MS] [--ready-timeout MS]',
    summary:
      "start a JSON-RPC stdio server, wait for its ready notification, call the binding's introspection method and list the methods and notifications only one side has; exit 1 on drift",
    options: {
      stdio: { value: '"<command>"', help: 'the server to start: words, or a JSON array ["cmd","arg",...] (no shell)' },
      contract: CONTRACT,
      binding: BINDING,
      format: { value: "FORMAT", help: "text (default) or json" },
      timeout: { value: "MS", help: "bounds the introspection call (default 10000)" },
      "ready-timeout": { value: "MS", help: "bounds the wait for the ready notification (default: the binding's, else 10000)" },
    },
    exits:
      "0 no drift, 1 drift, 2 bad input (also a server that does not start, exits, is not ready in time or answers malformed), 3 internal error",
  },
  conform: {
    synopsis:
      "[--contract FILE|ID] (--suite-root DIR | --server CMD) [--include-side-effects] [--include-waiting] [--seed N] [--max-examples K] [--methods LIST] [--checks LIST] [--strict] [--format text|json] [--junit FILE] [--baseline FILE [--update-baseline]] [--time-budget S] [--value NAME=VALUE]... [--deadline-scale F] [--replay FILE]",
    summary:
      "property-based testing of a live host against the contract: generated positive, negative and lifecycle cases, each answer judged, failures shrunk to a reproducer; exit 1 on a failing finding or a stale baseline entry (docs/conform.md)",
    options: {
      contract: CONTRACT,
      "suite-root": { value: "DIR", help: "the host is a rightkit-daemon service in this suite root" },
      server: { value: "CMD", help: "the host is a JSON-RPC stdio server conform starts with this command" },
      "include-side-effects": { help: "also call methods the binding marks destructive" },
      "include-waiting": { help: "also call methods that wait for a person" },
      seed: { value: "N", help: "the seed of every generated case (default: a random one, printed)" },
      "max-examples": { value: "K", help: "cases per method and check (default 100)" },
      methods: { value: "LIST", help: "only these methods (comma-separated)" },
      checks: { value: "LIST", help: "only these checks (comma-separated)" },
      strict: { help: "warnings fail too" },
      format: { value: "FORMAT", help: "text (default) or json" },
      junit: { value: "FILE", help: "also write a JUnit XML report" },
      baseline: { value: "FILE", help: "findings listed here are known and do not fail the run" },
      "update-baseline": { help: "with --baseline: write the findings of this run into it" },
      "time-budget": { value: "S", help: "stop generating new cases after this many seconds (default 300)" },
      value: { value: "NAME=VALUE", multiple: true, help: "a link's value the host needs (a token it cannot mint itself)" },
      "deadline-scale": { value: "F", help: "scale every method's deadline by F (0 < F <= 1)" },
      replay: { value: "FILE", help: "replay the reproducers of an earlier JSON report instead of generating cases" },
    },
    exits: "0 conforms, 1 a failing finding or a stale baseline entry, 2 bad input or a host it cannot reach, 3 internal error",
  },
  mcp: {
    synopsis: "[--contract FILE|ID] [--binding FILE] [--suite-root DIR | --server CMD] [--heartbeat MS]",
    summary: "serve the contract's methods as MCP tools over stdio, each call made through its generated client (docs/mcp.md)",
    options: {
      contract: CONTRACT,
      binding: BINDING,
      "suite-root": { value: "DIR", help: "reach the service through rightkit-daemon discovery in this suite root" },
      server: { value: "CMD", help: "start this JSON-RPC stdio server and call it" },
      heartbeat: { value: "MS", help: "send progress this often while a call waits (default 10000)" },
    },
    exits: "0 the MCP client went away or a signal stopped it, 2 bad input, 3 internal error",
  },
  openrpc: {
    synopsis: "[--contract FILE|ID] [--binding FILE] [--out FILE]",
    summary: "write the contract as an OpenRPC 1.3 document (docs/openrpc.md)",
    options: {
      contract: CONTRACT,
      binding: BINDING,
      out: { value: "FILE", help: "write the document here (default: stdout)" },
    },
    exits: GENERATION_EXITS,
  },
  mock: {
    synopsis:
      "[--contract FILE|ID] (--suite-root DIR | --socket PATH | --stdio) [--seed N] [--wait MS] [--scenario error:<method>=<code>]...",
    summary:
      "serve any contract on the transport its binding declares until SIGINT or SIGTERM (or, on stdio, until stdin ends): params judged by its validators, answers drawn from its result schemas, tokens followed through its links and lifecycle rules (docs/mock-and-proxy.md)",
    options: {
      contract: {
        value: "FILE|ID",
        help: "the contract to serve: a schema .json, a contract document .md, or a $id in ./contract or among the contracts this package carries; without it, the only contract in ./contract",
      },
      "suite-root": {
        value: "DIR",
        help: "for a rightkit-daemon binding: speak rightkit-daemon's protocol (hello, the binding's app allowlisted, lock-step frames) and publish DIR/runtime/<service>/service.json once listening; removed on exit",
      },
      socket: {
        value: "PATH",
        help: "for a JSON-RPC binding: JSON-RPC 2.0 on a Unix socket (mode 0600, its directory 0700), the binding's ready notification first on each connection",
      },
      stdio: {
        help: "for a JSON-RPC binding: JSON-RPC 2.0 on stdin/stdout, the binding's ready notification first; ends when stdin ends",
      },
      seed: {
        value: "N",
        help: "the seed generated answers are drawn under, with the method and the params (0 to 2147483647; default 0, so a mock answers alike on every run)",
      },
      wait: {
        value: "MS",
        help: "answer each method the binding marks waitsForPerson after this long, as a person would (default 0); refused when it reaches a waiting method's timeout, which its client would hit first",
      },
      scenario: {
        value: "error:<method>=<code>",
        multiple: true,
        help: "make the method (its wire name or schema key) answer this error code, one of the binding's; repeat for more methods",
      },
    },
    exits:
      "0 stopped, 1 could not start (e.g. the socket is taken), 2 bad input, 3 the mock would have answered outside its own contract (our bug)",
  },
  proxy: {
    synopsis:
      "[--contract FILE|ID] (--suite-root DIR --upstream-suite-root UPDIR) | (--socket PATH --upstream-socket PATH) | (--stdio [--upstream-command CMD]) [--report FILE] [--format text|json|junit]",
    summary:
      "stand between a real client and a real host until SIGINT or SIGTERM (or, on stdio, until stdin ends): every frame forwarded unchanged, each request and answer judged by conform's checks, each violation printed as it is seen, the whole report written on exit (docs/mock-and-proxy.md)",
    options: {
      contract: {
        value: "FILE|ID",
        help: "the contract of the traffic: a schema .json, a contract document .md, or a $id in ./contract or among the contracts this package carries; without it, the only contract in ./contract",
      },
      "suite-root": {
        value: "DIR",
        help: "for a rightkit-daemon binding: publish the proxy as the service in DIR (DIR/runtime/<service>/service.json once listening; removed on exit)",
      },
      "upstream-suite-root": {
        value: "UPDIR",
        help: "with --suite-root: forward each client connection to the host UPDIR's service.json names, found as a client finds it",
      },
      socket: { value: "PATH", help: "for a JSON-RPC binding: listen on this Unix socket (mode 0600, its directory 0700)" },
      "upstream-socket": { value: "PATH", help: "with --socket: forward each client connection to the host listening here" },
      stdio: { help: "for a JSON-RPC binding: the client is on stdin/stdout; ends when stdin ends" },
      "upstream-command": {
        value: "CMD",
        help: 'with --stdio: start this host and talk to it on its stdin/stdout: words, or a JSON array ["cmd","arg",...] (no shell); default: the binding\'s server command',
      },
      report: { value: "FILE", help: "write the report here on exit (default: stdout; on --stdio, stderr)" },
      format: { value: "FORMAT", help: "the report's format: text (default), json or junit" },
    },
    exits:
      "0 stopped, the traffic kept the contract; 1 stopped, a failing violation was seen; 2 bad input or could not start (e.g. the socket is taken); 3 internal error",
  },
} as const satisfies Readonly<Record<string, CommandSpec>>;

export type CommandName = keyof typeof COMMAND_SPECS;

/** Options every command takes; the dispatcher reads them. */
const GLOBAL_VERBOSE: OptionSpec = { help: "print stack traces and every diagnostic" };
const GLOBAL_HELP: OptionSpec = { short: "h", help: "this text" };
const GLOBAL_OPTIONS: OptionTable = {
  verbose: GLOBAL_VERBOSE,
  help: GLOBAL_HELP,
  version: { short: "v", help: "the generator's version (alone)" },
};

/** argv against the command's table: unknown options and missing values are refused by parseArgs. */
export function parseCommandArgs<Options extends OptionTable>(
  spec: CommandSpec<Options>,
  args: readonly string[],
): { values: OptionValues<Options>; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [
      name,
      {
        type: option.value === undefined ? ("boolean" as const) : ("string" as const),
        ...(option.multiple === undefined ? {} : { multiple: true }),
        ...(option.short === undefined ? {} : { short: option.short }),
      },
    ]),
  );
  const { values, positionals } = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  return { values: values as OptionValues<Options>, positionals };
}

/** `usage: rightkit-bindgen <command> …`, as a refusal of the command's arguments ends. */
export function usageLines(name: CommandName): string[] {
  return synopsisLines(`usage: ${GENERATOR_NAME} ${name} `, COMMAND_SPECS[name].synopsis);
}

/** A space no line breaks at: one inside a bracketed group, so `[--rank N]` stays on one line. */
const GROUP_SPACE = "\u00a0";

/** `head` then the synopsis, wrapped between its groups (`[…]`, `(…)`, `"…"`), never inside one. */
function synopsisLines(head: string, synopsis: string): string[] {
  let depth = 0;
  let quoted = false;
  let kept = "";
  for (const char of synopsis) {
    if (char === '"') quoted = !quoted;
    else if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    kept += char === " " && (depth > 0 || quoted) ? GROUP_SPACE : char;
  }
  return hanging(head, kept).map((line) => line.replaceAll(GROUP_SPACE, " "));
}

/** `rightkit-bindgen <command> --help`: the usage line, what it does, each option, the exit codes. */
export function commandHelp(name: CommandName): string[] {
  const spec: CommandSpec = COMMAND_SPECS[name];
  return [
    ...synopsisLines(`Usage: ${GENERATOR_NAME} ${name} `, spec.synopsis),
    "",
    ...hanging("", `${spec.summary.charAt(0).toUpperCase()}${spec.summary.slice(1)}.`),
    "",
    "Options:",
    // The dispatcher answers --verbose and --help for every command.
    ...optionLines({ help: GLOBAL_HELP, ...spec.options, verbose: GLOBAL_VERBOSE }),
    "",
    ...hanging("Exit codes: ", `${spec.exits}.`),
  ];
}

/** `rightkit-bindgen --help`: every command's usage line, then the global options and exit codes. */
export function topLevelHelp(): string[] {
  const names = Object.keys(COMMAND_SPECS) as CommandName[];
  const width = Math.max(...names.map((name) => name.length)) + 1;
  return [
    `Usage: ${GENERATOR_NAME} <command> [options]`,
    "",
    "Commands:",
    ...names.flatMap((name) =>
      synopsisLines(`  ${name.padEnd(width)}`, `${COMMAND_SPECS[name].synopsis}: ${COMMAND_SPECS[name].summary}`),
    ),
    "",
    `Each command's options: ${GENERATOR_NAME} <command> --help.`,
    "",
    "Global:",
    ...optionLines(GLOBAL_OPTIONS),
    "",
    ...hanging(
      "Exit codes: ",
      "0 ok, 1 check found drift, diff found a breaking change, update refused a major version, introspect found drift, or conform found a violation; 2 bad input (for introspect also a server that does not start, exits, is not ready in time or answers malformed; for conform a host it cannot reach), 3 internal error (for mock also an answer outside its own contract).",
    ),
  ];
}

/** `  --name VALUE  help`, the help wrapped under itself. */
function optionLines(options: OptionTable): string[] {
  const heads = Object.entries(options).map(([name, option]) => {
    const short = option.short === undefined ? "" : `, -${option.short}`;
    return [
      `  --${name}${short}${option.value === undefined ? "" : ` ${option.value}`}${option.multiple ? " ..." : ""}`,
      option.help,
    ] as const;
  });
  const width = Math.max(...heads.map(([head]) => head.length)) + 2;
  return heads.flatMap(([head, help]) => hanging(head.padEnd(width), help));
}
