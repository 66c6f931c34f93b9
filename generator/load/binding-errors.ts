/**
 * What a person is told when binding.schema.json refuses their binding file: one line naming the
 * key and what is wrong with it (`unknown key "timeoutMS" — did you mean "timeoutMs"?`), never
 * Ajv's own wording, which names no key (`must NOT have additional properties`).
 *
 * The precompiled check stops at its first failure (Ajv, `allErrors: false`), so its error list is
 * that failure, preceded by what led to it when it is a `oneOf` (one failure per form, in order) or
 * a `propertyNames` (the name's failure). The schema itself supplies what the errors leave out: the
 * keys an object may hold (for a suggestion) and which form of a `oneOf` the value meant (by its
 * `kind`).
 *
 * Every key and value from the file is quoted here (JSON, plus escapes for the invisible and
 * line-breaking characters JSON leaves raw), so a hostile key cannot break the one-line message.
 */
import type { ErrorObject } from "ajv";
import { appendPointer, getAt, isJsonObject, parsePointer, unescapeSegment, type JsonObject, type Pointer } from "../json.js";

export interface BindingProblem {
  readonly message: string;
  /** Where: the object, for a key that is unknown, missing or badly named; the value, otherwise. */
  readonly pointer: Pointer;
}

/**
 * The keywords this module words a message for. A keyword binding.schema.json starts using must
 * be added here (test/load/binding-errors.test.ts holds the schema to this list); one that
 * reports after its subschemas' failures (`anyOf`, `if`, `contains`) also in #subschemaFailures.
 */
export const WORDED_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalProperties",
  "const",
  "dependentRequired",
  "enum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "maxItems",
  "maxLength",
  "maxProperties",
  "maximum",
  "minItems",
  "minLength",
  "minProperties",
  "minimum",
  "oneOf",
  "pattern",
  "propertyNames",
  "required",
  "type",
  "uniqueItems",
]);

/** The check's errors (last: the failure it stopped at), the refused value, and binding.schema.json. */
export function bindingProblem(errors: readonly ErrorObject[], value: unknown, schema: unknown): BindingProblem {
  return new Explainer(value, schema).explain(errors);
}

class Explainer {
  readonly #value: unknown;
  readonly #schema: unknown;

  constructor(value: unknown, schema: unknown) {
    this.#value = value;
    this.#schema = schema;
  }

  /** One failure: its error last, the failures of its subschemas (if it has any) before it. */
  explain(errors: readonly ErrorObject[]): BindingProblem {
    const last = errors.at(-1);
    if (last === undefined) return { message: "does not match binding.schema.json", pointer: "#" };
    const within = this.#failuresWithin(errors);
    const at = `#${last.instancePath}`;
    const subject = this.#subject(last.instancePath);
    const value = this.#at(last.instancePath);
    const params = last.params as Record<string, unknown>;
    switch (last.keyword) {
      case "oneOf":
        return this.#oneOf(last, within);
      case "additionalProperties":
        return {
          message: unknownKey(String(params.additionalProperty), this.#knownKeys(parentOf(last.schemaPath))),
          pointer: at,
        };
      case "required":
      case "dependentRequired":
        return this.#missing(last, at);
      case "propertyNames": {
        const name = String(params.propertyName);
        const pattern = within[0]?.find((error) => error.keyword === "pattern")?.params.pattern;
        const rule = typeof pattern === "string" ? `must match the pattern ${quote(pattern)}` : "is not allowed here";
        return { message: `key ${quote(name)} ${rule}`, pointer: at };
      }
      case "type":
        return { message: `${subject} must be ${typeList(params.type)}, not ${kindOf(value)}`, pointer: at };
      case "const":
        return { message: `${subject} must be ${shown(params.allowedValue)}, not ${shown(value)}`, pointer: at };
      case "enum": {
        const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(shown) : [];
        return { message: `${subject} must be one of ${allowed.join(", ")}, not ${shown(value)}`, pointer: at };
      }
      case "pattern":
        return {
          message: `${subject} must match the pattern ${quote(String(params.pattern))}, not ${shown(value)}`,
          pointer: at,
        };
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        return { message: `${subject} must be ${BOUND[last.keyword]} ${String(params.limit)}, not ${shown(value)}`, pointer: at };
      case "minLength":
      case "minItems":
      case "minProperties":
        return { message: `${subject} ${atLeast(Number(params.limit), UNIT[last.keyword])}`, pointer: at };
      case "maxLength":
      case "maxItems":
      case "maxProperties":
        return { message: `${subject} must have at most ${plural(Number(params.limit), UNIT[last.keyword])}`, pointer: at };
      case "uniqueItems": {
        const [first, second] = [Number(params.j), Number(params.i)].sort((a, b) => a - b);
        return { message: `${subject} holds the same item twice (items ${first} and ${second})`, pointer: at };
      }
      default:
        // A keyword the schema does not use today (the test keeps WORDED_KEYWORDS complete).
        return { message: `${subject} ${oneLine(last.message ?? `fails ${last.keyword}`)}`, pointer: at };
    }
  }

  /**
   * A oneOf whose every form refused the value: explain the form its discriminator (`kind`) names.
   * Each form is tried to its first failure, so a form's `required` may fail before its `kind`.
   */
  #oneOf(error: ErrorObject, within: readonly (readonly ErrorObject[])[]): BindingProblem {
    const forms = this.#schemaAt(error.schemaPath);
    const branches = Array.isArray(forms) ? forms : [];
    const value = this.#at(error.instancePath);
    const at = `#${error.instancePath}`;
    const subject = this.#subject(error.instancePath);
    if (!isJsonObject(value)) {
      const types = branches
        .map((branch) => (isJsonObject(branch) ? branch.type : undefined))
        .filter((type) => type !== undefined);
      const allowed = [...new Set(types.flat())];
      return { message: `${subject} must be ${typeList(allowed)}, not ${kindOf(value)}`, pointer: at };
    }
    const constsOf = (branch: unknown): [string, unknown][] => {
      const properties = isJsonObject(branch) && isJsonObject(branch.properties) ? branch.properties : {};
      return Object.entries(properties).flatMap(([key, sub]) => (isJsonObject(sub) && "const" in sub ? [[key, sub.const]] : []));
    };
    const chosen = branches.flatMap((branch, index) => {
      const consts = constsOf(branch);
      return consts.length > 0 && consts.every(([key, constant]) => Object.hasOwn(value, key) && value[key] === constant)
        ? [index]
        : [];
    });
    const passing = Array.isArray(error.params.passingSchemas) ? (error.params.passingSchemas as unknown[]) : [];
    const vague = {
      message: `${subject} matches ${passing.length > 0 ? "more than one" : "none"} of the forms allowed here`,
      pointer: at,
    };
    if (passing.length > 0 || chosen.length > 1) return vague;
    if (chosen.length === 1) {
      // One failure per form, in the forms' order.
      return within.length === branches.length && within[chosen[0] as number] !== undefined
        ? this.explain(within[chosen[0] as number] as readonly ErrorObject[])
        : vague;
    }
    // No form is named: the discriminator is missing, misspelled or holds no form's value.
    const discriminators = [...new Set(branches.flatMap((branch) => constsOf(branch).map(([key]) => key)))].sort();
    const known = [...new Set(branches.flatMap((_branch, index) => this.#knownKeys(`${error.schemaPath}/${index}`)))];
    const closedForms = branches.every((branch) => isJsonObject(branch) && branch.additionalProperties === false);
    for (const key of discriminators) {
      const allowed = branches.flatMap((branch) =>
        constsOf(branch)
          .filter(([name]) => name === key)
          .map(([, constant]) => shown(constant)),
      );
      if (Object.hasOwn(value, key))
        return {
          message: `${quote(key)} must be one of ${allowed.join(", ")}, not ${shown(value[key])}`,
          pointer: appendPointer(at, key),
        };
      const unknown = closedForms ? unknownKeys(value, known) : [];
      const typo = unknown.find((name) => nearestKeys(name, known).includes(key)) ?? unknown[0];
      if (typo !== undefined) return { message: unknownKey(typo, known), pointer: at };
      return { message: `missing key ${quote(key)} (one of ${allowed.join(", ")})`, pointer: at };
    }
    return vague;
  }

  /**
   * The failures of the subschemas that led to the last error, one list per failed subschema, in
   * order. They cannot be told apart by schema path: a failure inside a `$ref` is reported at the
   * referenced schema's path (`#/$defs/timeout/type`), so each is measured by its own shape instead.
   */
  #failuresWithin(errors: readonly ErrorObject[]): (readonly ErrorObject[])[] {
    const failures: (readonly ErrorObject[])[] = [];
    let end = errors.length - 1;
    for (let n = this.#subschemaFailures(errors[end]); n > 0 && end > 0; n--) {
      const start = this.#failureStart(errors, end - 1);
      failures.unshift(errors.slice(start, end));
      end = start;
    }
    return failures;
  }

  /** Where the failure whose last error is at `end` begins. */
  #failureStart(errors: readonly ErrorObject[], end: number): number {
    let start = end;
    for (let n = this.#subschemaFailures(errors[end]); n > 0 && start > 0; n--) start = this.#failureStart(errors, start - 1);
    return start;
  }

  /**
   * How many failures of subschemas precede this error: none for an assertion; one for a
   * `propertyNames` (the name's); one per form for a `oneOf`, less those that passed. (A keyword
   * reporting through its subschemas alone — `properties`, `items`, `$ref` — adds no error.)
   */
  #subschemaFailures(error: ErrorObject | undefined): number {
    switch (error?.keyword) {
      case "propertyNames":
        return 1;
      case "oneOf": {
        const forms = this.#schemaAt(error.schemaPath);
        const passing = error.params.passingSchemas;
        return (Array.isArray(forms) ? forms.length : 0) - (Array.isArray(passing) ? passing.length : 0);
      }
      default:
        return 0;
    }
  }

  /**
   * A key the object must have is absent. Ajv checks `required` before unknown keys, so a
   * misspelled key reads as missing: an unknown key, when the object has one, is the better clue.
   */
  #missing(error: ErrorObject, at: Pointer): BindingProblem {
    const missing = String(error.params.missingProperty);
    const objectSchema = this.#schemaAt(parentOf(error.schemaPath));
    const object = this.#at(error.instancePath);
    if (isJsonObject(objectSchema) && objectSchema.additionalProperties === false && isJsonObject(object)) {
      const known = this.#knownKeys(parentOf(error.schemaPath));
      const unknown = unknownKeys(object, known);
      const typo = unknown.find((name) => nearestKeys(name, known).includes(missing)) ?? unknown[0];
      if (typo !== undefined) return { message: unknownKey(typo, known), pointer: at };
    }
    const needs = error.keyword === "dependentRequired" ? `, which ${quote(String(error.params.property))} needs beside it` : "";
    return { message: `missing key ${quote(missing)}${needs}`, pointer: at };
  }

  /** The keys the object schema at `schemaPath` declares, in the schema's order. */
  #knownKeys(schemaPath: string): string[] {
    const objectSchema = this.#schemaAt(schemaPath);
    return isJsonObject(objectSchema) && isJsonObject(objectSchema.properties) ? Object.keys(objectSchema.properties) : [];
  }

  #schemaAt(schemaPath: string): unknown {
    // Ajv writes schema paths as URI fragments: segments are percent-encoded (`%24schema`).
    const segments = schemaPath.replace(/^#/, "").split("/").slice(1).map(decodeURIComponent).map(unescapeSegment);
    const found = getAt(this.#schema, segments);
    return found.found ? found.value : undefined;
  }

  #at(instancePath: string): unknown {
    const found = getAt(this.#value, parsePointer(instancePath) ?? []);
    return found.found ? found.value : undefined;
  }

  /** How a message names the value at `instancePath`: its key, or its index in the array holding it. */
  #subject(instancePath: string): string {
    const segments = parsePointer(instancePath) ?? [];
    const last = segments.at(-1);
    if (last === undefined) return "the binding file";
    const parent = getAt(this.#value, segments.slice(0, -1));
    if (parent.found && Array.isArray(parent.value)) {
      const holder = segments.at(-2);
      return `item ${last} of ${holder === undefined ? "the binding file" : quote(holder)}`;
    }
    return quote(last);
  }
}

// --- suggestions -----------------------------------------------------------------------------

/** The message for one unknown key: the known keys it is probably a typo of, or those allowed. */
function unknownKey(key: string, known: readonly string[]): string {
  const near = nearestKeys(key, known);
  if (near.length > 0) return `unknown key ${quote(key)} — did you mean ${near.map(quote).join(" or ")}?`;
  return known.length === 0
    ? `unknown key ${quote(key)}`
    : `unknown key ${quote(key)}; allowed here: ${known.map(quote).join(", ")}`;
}

function unknownKeys(object: JsonObject, known: readonly string[]): string[] {
  return Object.keys(object).filter((key) => !known.includes(key));
}

/**
 * The known keys `key` is probably a misspelling of: one equal but for case, else the nearest
 * within two edits, case ignored (within one for a key of three characters or fewer, where two
 * edits make any short word another). Ties are all returned; none when nothing is close.
 */
export function nearestKeys(key: string, known: readonly string[]): string[] {
  const folded = key.toLowerCase();
  const sameButCase = known.filter((candidate) => candidate.toLowerCase() === folded && candidate !== key);
  if (sameButCase.length > 0) return sameButCase;
  let best = Number.POSITIVE_INFINITY;
  let nearest: string[] = [];
  for (const candidate of known) {
    if (candidate === key) continue;
    const distance = keyDistance(key, candidate);
    if (distance > suggestionReach(candidate) || distance > best) continue;
    if (distance < best) [best, nearest] = [distance, []];
    nearest.push(candidate);
  }
  return nearest;
}

/** How many edits away a misspelling of `known` may be and still be suggested. */
export function suggestionReach(known: string): number {
  return [...known].length <= 3 ? 1 : 2;
}

/** Damerau–Levenshtein distance (optimal string alignment) over code points, case ignored. */
export function keyDistance(a: string, b: string): number {
  const s = [...a.toLowerCase()];
  const t = [...b.toLowerCase()];
  // rows[i][j]: the distance between s's first i and t's first j code points.
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const cell = (i: number, j: number): number => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let distance = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) distance = Math.min(distance, cell(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = distance;
    }
  }
  return cell(s.length, t.length);
}

// --- wording -----------------------------------------------------------------------------------

const BOUND: Readonly<Record<string, string>> = {
  minimum: "at least",
  maximum: "at most",
  exclusiveMinimum: "greater than",
  exclusiveMaximum: "less than",
};

const UNIT: Readonly<Record<string, readonly [string, string]>> = {
  minLength: ["character", "characters"],
  maxLength: ["character", "characters"],
  minItems: ["item", "items"],
  maxItems: ["item", "items"],
  minProperties: ["key", "keys"],
  maxProperties: ["key", "keys"],
};

function atLeast(limit: number, unit: readonly [string, string] | undefined): string {
  return limit === 1 ? "must not be empty" : `must have at least ${plural(limit, unit)}`;
}

function plural(count: number, unit: readonly [string, string] | undefined): string {
  const [one, many] = unit ?? ["", ""];
  return `${count} ${count === 1 ? one : many}`.trimEnd();
}

const ARTICLE: Readonly<Record<string, string>> = {
  object: "an object",
  array: "an array",
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  null: "null",
};

/** Ajv's `type` param: one type, a list, or (for a union) the list joined by commas. */
function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(",");
  const named = types.map((name) => ARTICLE[name] ?? quote(name));
  return named.length <= 1 ? named.join("") : `${named.slice(0, -1).join(", ")} or ${named.at(-1)}`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "object":
      return "an object";
    case "string":
      return "a string";
    case "boolean":
      return String(value);
    case "number":
      return Number.isInteger(value) ? "a number" : "a fractional number";
    case "bigint":
      return "a number";
    default:
      return "nothing";
  }
}

const SHOWN_LENGTH = 60;

/** A value as a message shows it: a short scalar as JSON, anything else by its kind. */
function shown(value: unknown): string {
  if (typeof value === "string") {
    const points = [...value];
    return points.length > SHOWN_LENGTH ? `${quote(points.slice(0, SHOWN_LENGTH).join(""))}…` : quote(value);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) return JSON.stringify(value);
  if (typeof value === "bigint") return value.toString();
  return kindOf(value);
}

/**
 * Text from the file, quoted for a one-line message: JSON escapes the C0 controls, quotes and
 * backslashes; the rest that would break a line, or hide or reorder text on a terminal (DEL, the C1
 * controls, zero-width and bidirectional marks, U+2028/2029, a BOM), is escaped the same way.
 */
export function quote(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ");
}

function parentOf(schemaPath: string): string {
  return schemaPath.slice(0, schemaPath.lastIndexOf("/"));
}
