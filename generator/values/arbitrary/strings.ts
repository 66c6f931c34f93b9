/**
 * Strings for the case generators. Lengths count code points, as JSON Schema's do, so the units
 * are single code points: printable ASCII, and any code point at all (control characters and
 * astral ones included, never half a surrogate pair). Short strings are most of them; some run
 * to a few hundred code points; the bounds themselves are always among them. A pattern is
 * generated from where fast-check can read it, and left to the validator where it cannot.
 */
import fc from "fast-check";
import type { JsonObject } from "../../json.js";
import { numberAt } from "./reading.js";

/** The longest string a schema without maxLength gets ("a few hundred"). */
export const MAX_STRING = 300;
/** Most strings stay within this many code points past minLength. */
const SHORT = 16;

export function stringArbitrary(schema: JsonObject): fc.Arbitrary<string> {
  const minLength = Math.max(0, numberAt(schema, "minLength") ?? 0);
  const declaredMax = numberAt(schema, "maxLength");
  const maxLength = Math.min(declaredMax ?? minLength + MAX_STRING, minLength + MAX_STRING);
  const pattern = typeof schema.pattern === "string" ? patternArbitrary(schema.pattern) : undefined;
  if (pattern !== undefined) return pattern;
  const short = Math.min(maxLength, minLength + SHORT);
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", minLength, maxLength: short }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", minLength, maxLength: short }) },
    { weight: 1, arbitrary: exactly(minLength) },
  ];
  if (maxLength > short) choices.push({ weight: 1, arbitrary: longString(minLength, maxLength) });
  if (declaredMax !== undefined && declaredMax <= maxLength) choices.push({ weight: 1, arbitrary: exactly(declaredMax) });
  return fc.oneof(...choices);
}

/**
 * A string of `min` to `max` code points, most of them long: a short random run of any code
 * points repeated to a random length (which shrinks towards `min`). Drawing hundreds of code points one by one costs more than the call it goes
 * into; a long string is there for what its length does to a host, and this keeps its content
 * varied enough, and shrinks (shorter, simpler) like any other.
 */
function longString(min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.string({ unit: "binary", minLength: 1, maxLength: 8 }), fc.integer({ min, max })).map(([run, length]) => {
    const points = [...run];
    return run.repeat(Math.floor(length / points.length)) + points.slice(0, length % points.length).join("");
  });
}

/** A string of exactly `length` code points. */
export function exactly(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: "grapheme-ascii", minLength: length, maxLength: length });
}

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, "u"));
  } catch {
    return undefined;
  }
}

/** Strings shaped like a format; formats are annotations, so these are only a share of the strings. */
export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case "date-time":
      return isoDates().map((date) => date.toISOString());
    case "date":
      return isoDates().map((date) => date.toISOString().slice(0, 10));
    case "time":
      return isoDates().map((date) => `${date.toISOString().slice(11, 19)}Z`);
    case "email":
      return fc.emailAddress();
    case "uri":
    case "url":
      return fc.webUrl();
    case "uuid":
      return fc.uuid();
    case "ipv4":
      return fc.ipV4();
    case "ipv6":
      return fc.ipV6();
    case "hostname":
      return fc.domain();
    default:
      return undefined;
  }
}

function isoDates(): fc.Arbitrary<Date> {
  return fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true });
}
