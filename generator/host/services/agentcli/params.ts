import { type Issue } from "./shapes.js";
import { isJsonObject } from "../../../json.js";
import { assertNever } from "../../../errors.js";

/**
 * Host-side parameter checks, written by hand (the host never trusts the generator's validators).
 * Params may be absent or an object; a key no spec names is ignored, as agentcli ignores it.
 */
export type ParamSpec =
  | {
      type: "string";
      required?: true;
      default?: string;
      enum?: readonly string[];
      /** Other spellings accepted for an enum value, e.g. kebab-case `scheduler-job` for `schedulerJob`. */
      aliases?: Readonly<Record<string, string>>;
    }
  | { type: "boolean"; default: boolean }
  /** Any JSON value (validate reports a manifest that is not an object as a result, not an error). */
  | { type: "json"; required?: true }
  | { type: "object"; required: true };

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

type StringOf<S> = S extends { enum: readonly (infer E extends string)[] } ? E : string;

type ValueOf<S extends ParamSpec> = S extends { type: "boolean" }
  ? boolean
  : S extends { type: "object" }
    ? Record<string, unknown>
    : S extends { type: "json" }
      ? unknown
      : S extends { default: string } | { required: true }
        ? StringOf<S>
        : StringOf<S> | undefined;

/** The params a method's answer sees: checked, defaults filled in, aliases resolved. */
export type ParamsOf<P extends ParamSpecs> = { readonly [K in keyof P]: ValueOf<P[K]> };

export type CheckedParams = { ok: true; value: Readonly<Record<string, unknown>> } | { ok: false; issues: Issue[] };

export function checkParams(specs: ParamSpecs, params: unknown): CheckedParams {
  if (params === undefined || params === null) params = {};
  if (!isJsonObject(params)) return { ok: false, issues: [{ path: "$", message: "params must be an object" }] };
  const value: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const read = readParam(spec, params[name]);
    if (typeof read === "string") issues.push({ path: `$.${name}`, message: read });
    else if (read.present) value[name] = read.value;
  }
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

type Read = { present: true; value: unknown } | { present: false } | string;

function readParam(spec: ParamSpec, raw: unknown): Read {
  if (raw === undefined) {
    if ("default" in spec && spec.default !== undefined) return { present: true, value: spec.default };
    return "required" in spec && spec.required ? "is required" : { present: false };
  }
  switch (spec.type) {
    case "boolean":
      return typeof raw === "boolean" ? { present: true, value: raw } : "must be a boolean";
    case "object":
      return isJsonObject(raw) ? { present: true, value: raw } : "must be an object";
    case "json":
      return { present: true, value: raw };
    case "string":
      return readString(spec, raw);
    default:
      return assertNever(spec, "param spec");
  }
}

function readString(spec: Extract<ParamSpec, { type: "string" }>, raw: unknown): Read {
  if (typeof raw !== "string") return "must be a string";
  if (spec.required && raw.trim() === "") return "cannot be empty";
  if (spec.enum === undefined) return { present: true, value: raw };
  const canonical = spec.aliases !== undefined && Object.hasOwn(spec.aliases, raw) ? spec.aliases[raw] : raw;
  if (canonical !== undefined && spec.enum.includes(canonical)) return { present: true, value: canonical };
  const aliases = Object.keys(spec.aliases ?? {});
  return `must be one of: ${[...spec.enum, ...aliases].join(", ")}; not ${JSON.stringify(raw)}`;
}
