/**
 * How the commands' text looks on a person's terminal, and nowhere else: colour only when the
 * stream is a terminal (or FORCE_COLOR asks for it; NO_COLOR, https://no-color.org, refuses it),
 * and a live progress line only on a terminal's stderr outside CI. Text is painted after the
 * terminal door neutralised its control characters (exit.ts), so the only escapes that reach
 * a terminal are these.
 */

/** What a line means, which a colour shows. */
export type Tone = "bad" | "warn" | "good" | "added" | "removed" | "heading";

/** SGR parameters per tone: red, yellow, green, green, red, bold. */
const SGR: Readonly<Record<Tone, string>> = { bad: "31", warn: "33", good: "32", added: "32", removed: "31", heading: "1" };

/** The usual reading of the variables (chalk's, Node's `hasColors`): FORCE_COLOR wins, then NO_COLOR, then the stream. */
export function colourWanted(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  return stream.isTTY === true && env["TERM"] !== "dumb";
}

export function paint(text: string, tone: Tone): string {
  return `\u001b[${SGR[tone]}m${text}\u001b[0m`;
}

/** Whether a live line may be drawn: a person watching, not a CI log that would keep every frame. */
export function progressWanted(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && env["TERM"] !== "dumb" && (env["CI"] === undefined || env["CI"] === "false");
}

/** At most one redraw per this many milliseconds: a fast loop must not spend its time drawing. */
const REDRAW_MS = 100;

/** One line on a terminal, redrawn in place; `clear()` leaves the terminal as it was. */
export class LiveLine {
  readonly #write: (text: string) => void;
  #drawnAt = 0;
  #shown = false;

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  /** Draws `line` (already through the terminal door), unless one was drawn a moment ago. */
  show(line: string): void {
    const now = Date.now();
    if (this.#shown && now - this.#drawnAt < REDRAW_MS) return;
    this.#drawnAt = now;
    this.#shown = true;
    this.#write(`\r\u001b[K${line}`);
  }

  clear(): void {
    if (this.#shown) this.#write("\r\u001b[K");
    this.#shown = false;
  }
}

/** The width text for a person is laid out to (the help, conform's tables). */
export const TERMINAL_COLUMNS = 100;

/**
 * `head` then `text`, broken at spaces into lines of at most `width` columns, each following
 * line indented to where the text began (a word longer than a line stays whole).
 */
export function hanging(head: string, text: string, width = TERMINAL_COLUMNS): string[] {
  const indent = " ".repeat(head.length);
  const lines: string[] = [];
  let line = head;
  let empty = true;
  for (const word of text.split(" ").filter((part) => part !== "")) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
