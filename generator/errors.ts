/**
 * The one error type the toolchain raises for bad input. It always knows which file and where
 * inside it (line:column for text, a JSON pointer for parsed schemas), so the CLI can print one
 * line and exit 2 without a stack trace.
 */
import { terminalLine } from "./terminal.js";

export type BindgenErrorCode =
  | "bad_json"
  | "bad_contract"
  | "meta_schema"
  | "bad_binding"
  | "dangling_ref"
  | "external_ref"
  | "bad_pattern"
  | "unsupported_keyword"
  | "bad_argument"
  | "type_check"
  | "io";

export interface BindgenErrorInit {
  readonly file?: string | undefined;
  /** `line:column` for text, or a JSON pointer (`#/$defs/x`) for a parsed document. */
  readonly location?: string | undefined;
  readonly keyword?: string | undefined;
  readonly pointer?: string | undefined;
  /** Extra lines printed only with --verbose (e.g. every compiler diagnostic). */
  readonly details?: string | undefined;
}

export class BindgenError extends Error {
  readonly code: BindgenErrorCode;
  readonly file: string | undefined;
  readonly location: string | undefined;
  /** For `unsupported_keyword`: the refused keyword. */
  readonly keyword: string | undefined;
  /** For schema errors: the JSON pointer of the offending schema. */
  readonly pointer: string | undefined;
  readonly details: string | undefined;

  constructor(code: BindgenErrorCode, message: string, init: BindgenErrorInit = {}) {
    super(message);
    this.name = "BindgenError";
    this.code = code;
    this.file = init.file;
    this.location = init.location ?? init.pointer;
    this.keyword = init.keyword;
    this.pointer = init.pointer;
    this.details = init.details;
  }

  /**
   * The error as the CLI prints it: `file:location: message`, always on one line. The location
   * is a pointer built from schema keys and the message may quote schema text, so the line goes
   * through the terminal door: a control character in either is shown escaped, not obeyed.
   */
  oneLine(): string {
    const where = [this.file, this.location].filter((part) => part !== undefined && part !== "").join(":");
    return terminalLine(where === "" ? this.message : `${where}: ${this.message}`);
  }

  /** The same error, now knowing which file it came from. */
  inFile(file: string): BindgenError {
    if (this.file !== undefined) return this;
    const located = new BindgenError(this.code, this.message, {
      file,
      location: this.location,
      keyword: this.keyword,
      pointer: this.pointer,
      details: this.details,
    });
    return located;
  }
}

export function isBindgenError(error: unknown): error is BindgenError {
  return error instanceof BindgenError;
}

/** The one exhaustiveness check: a value a switch over a union was proven never to hold. */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`unexpected ${what}: ${shown(value)}`);
}

/** A value in an error: its `type` or `kind` tag when it has one (an AST node may be circular), else its JSON. */
function shown(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const tag = (value as { type?: unknown; kind?: unknown }).type ?? (value as { kind?: unknown }).kind;
    if (typeof tag === "string") return JSON.stringify(tag);
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
