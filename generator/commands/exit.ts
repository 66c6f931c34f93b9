/**
 * What every command shares with the process around it: where its lines go, and what its exit
 * code means. The commands import this module, never cli.ts, so the dispatcher can load each of
 * them lazily without an import circle.
 */
import { isBindgenError } from "../errors.js";
import { terminalLine, terminalText } from "../terminal.js";
import { colourWanted, LiveLine, paint, progressWanted, type Tone } from "../terminal-style.js";
import { GENERATOR_NAME } from "../version.js";

/** 0 ok; 1 the command found what it looks for (drift, a breaking change, a refused major); 2 bad input; 3 our bug. */
export const EXIT = Object.freeze({ ok: 0, drift: 1, badInput: 2, bug: 3 });

/** The conformance host's own: 0 stopped by a signal or handed over (or help), 1 could not start (outranked), 2 bad arguments. */
export const HOST_EXIT = Object.freeze({ ok: 0, couldNotStart: 1, badInput: 2 });

/** Where a command's lines go, one at a time; tests pass their own. */
export interface Io {
  /** A line of output; `tone` says what it means, which a terminal may show in colour. */
  readonly out: (line: string, tone?: Tone) => void;
  readonly err: (line: string, tone?: Tone) => void;
  /** What long work is doing now, for a person watching (one live line); "" when it is done. */
  readonly progress?: (line: string) => void;
}

function writer(stream: NodeJS.WriteStream): (line: string, tone?: Tone) => void {
  return (line, tone) => {
    const text = terminalText(line);
    stream.write(`${tone !== undefined && colourWanted(stream) ? paint(text, tone) : text}\n`);
  };
}

const liveLine = new LiveLine((text) => process.stderr.write(text));

/**
 * The process's own streams, behind the terminal door: whatever a command prints, a control
 * character in it is shown escaped, not obeyed (JSON output keeps its meaning: inside a string
 * `\u001b` is the same character). Colour and the live line are added after the door
 * (terminal-style.ts), where a terminal wants them.
 */
export const STD_IO: Io = Object.freeze({
  out: writer(process.stdout),
  err: writer(process.stderr),
  progress: (line: string) => {
    if (!progressWanted(process.stderr)) return;
    if (line === "") liveLine.clear();
    else liveLine.show(terminalLine(line));
  },
});

/**
 * A command that threw: bad input is one line and exit 2; generated code that does not compile
 * is the generator's fault (exit 3, with the compiler's diagnostics); anything else is our bug
 * (exit 3, the stack with --verbose).
 */
export function exitForError(error: unknown, io: Io, verbose: boolean): number {
  if (isBindgenError(error)) {
    io.err(`${GENERATOR_NAME}: ${error.oneLine()}`);
    if ((verbose || error.code === "type_check") && error.details !== undefined) io.err(terminalText(error.details));
    return error.code === "type_check" ? EXIT.bug : EXIT.badInput;
  }
  if (isArgumentError(error)) {
    io.err(terminalLine(`${GENERATOR_NAME}: ${(error as Error).message}`));
    return EXIT.badInput;
  }
  io.err(terminalLine(`${GENERATOR_NAME}: internal error: ${(error as Error).message ?? String(error)}`));
  if (verbose) io.err((error as Error).stack ?? "");
  return EXIT.bug;
}

/** node:util parseArgs reports bad options with these codes. */
function isArgumentError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
}
