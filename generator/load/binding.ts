/**
 * The binding file: what a contract's schema cannot say (tool names, timeouts, token use, CLI
 * rules, error-code meanings). It is validated against its own schema on load. Without one,
 * defaults apply: tool name = method name, 30 s timeouts, no verbatim CLI keys.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { BindgenError } from "../errors.js";
import { BINDING_SCHEMA } from "../package-files.js";
import { parseJson } from "./json.js";

export interface FailClosedRule {
  readonly field: string;
  readonly expected: unknown;
  readonly code: string;
  readonly message: string;
}

export interface MethodBinding {
  readonly tool: string;
  readonly timeoutMs?: number;
  readonly token: boolean;
  readonly summary?: string;
  readonly failClosed?: FailClosedRule;
}

export interface Binding {
  readonly contract: string;
  readonly service?: string;
  readonly clientApp?: string;
  readonly clientClass?: string;
  readonly cliCommand?: string;
  readonly fixtureAppId?: string;
  readonly defaultTimeoutMs?: number;
  readonly methods: Readonly<Record<string, MethodBinding>>;
  readonly verbatimKeys?: readonly string[];
  readonly errorCodes?: Readonly<Record<string, string>>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export function parseBinding(text: string, file: string): Binding {
  const value = parseJson(text, file);
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false });
  const schema = JSON.parse(readFileSync(BINDING_SCHEMA, "utf8")) as object;
  const validate = ajv.compile(schema);
  if (!validate(value)) {
    const first = validate.errors?.[0];
    throw new BindgenError("bad_binding", `binding file does not match its schema: ${first?.message ?? "rejected"}`, {
      file,
      pointer: `#${first?.instancePath ?? ""}`,
    });
  }
  return value as Binding;
}
