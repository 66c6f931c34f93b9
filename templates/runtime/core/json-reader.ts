/**
 * JSON text to a value, as `JSON.parse` reads it, noticing the integer literals it would round.
 *
 * Rust's `u64`/`i64` reach the wire as plain JSON integers, and `JSON.parse` turns
 * `18446744073709551615` into `18446744073709552000` without a word: the value still passes a
 * validator (it is an integer), so the caller would get a different number. Node 20's
 * `JSON.parse` cannot show a number's source text, so the text is scanned here.
 *
 * The common message holds no such literal and costs `JSON.parse` plus a scan of every eighth
 * character: a literal past ±(2^53 − 1) has at least 16 digits, and any run of 16 digits covers
 * two positions eight apart that are multiples of eight. Only when such a run is seen (in a
 * number, or in a string such as a hash) is the text tokenised, and each integer literal past
 * the safe range is remembered with where it sits, for every object and array on its way, so
 * that whoever later holds a part of the value (a frame's `result`, say) can ask
 * `unsafeIntegersIn(part)` with pointers relative to it. Whether a literal matters — whether the
 * schema says `integer` there — is decided by the caller (integers.ts).
 */

/** An integer literal past ±(2^53 − 1): a JSON pointer to it, relative to the value asked about, and its digits as sent. */
export type UnsafeInteger = { readonly pointer: string; readonly digits: string };

const NONE: readonly UnsafeInteger[] = [];

/** Each container's own members that were read from an unsafe literal: key (an array's index as a number) → the digits as sent. */
const unsafeMembers = new WeakMap<object, Map<string | number, string>>();
/** Every container with such a member somewhere below it (itself included), for the walk of unsafeIntegersIn. */
const holdsUnsafe = new WeakSet<object>();

/** `JSON.parse(text)`, remembering the integer literals it rounded or could have. Throws SyntaxError as it does. */
export function readJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === "object" && value !== null && mayHoldLongDigitRun(text))
    remember(value, unsafeLiterals(text));
  return value;
}

/**
 * The unsafe integer literals inside `value` (an object or array read by `readJson`, or inside
 * one), with pointers relative to it; none for anything else. Walks only the containers that hold one.
 */
export function unsafeIntegersIn(value: unknown): readonly UnsafeInteger[] {
  if (typeof value !== "object" || value === null || !holdsUnsafe.has(value)) return NONE;
  const found: UnsafeInteger[] = [];
  collect(value, "", found);
  return found;
}

function collect(container: object, prefix: string, found: UnsafeInteger[]): void {
  const members = unsafeMembers.get(container);
  if (members !== undefined)
    for (const [key, digits] of members)
      found.push({ pointer: `${prefix}/${escapeSegment(String(key))}`, digits });
  for (const [key, child] of Object.entries(container))
    if (typeof child === "object" && child !== null && holdsUnsafe.has(child))
      collect(child, `${prefix}/${escapeSegment(key)}`, found);
}

/** The digits `container[key]` was read from, when they were an unsafe literal (readJson, or noteUnsafeInteger); an array's index as a number. */
export function unsafeDigitsAt(container: object, key: string | number): string | undefined {
  return unsafeMembers.get(container)?.get(Array.isArray(container) ? Number(key) : String(key));
}

/** Records that `container[key]` was read from `digits` (the command line reads `key=value` pairs one at a time). */
export function noteUnsafeInteger(container: object, key: string, digits: string): void {
  noteMember(container, key, digits);
}

function noteMember(container: object, key: string | number, digits: string): void {
  const members = unsafeMembers.get(container);
  if (members === undefined) unsafeMembers.set(container, new Map([[key, digits]]));
  else members.set(key, digits);
  holdsUnsafe.add(container);
}

/** Whether an integer literal of these digits (a leading `-` allowed) lies outside ±(2^53 − 1). */
export function isUnsafeIntegerLiteral(digits: string): boolean {
  const magnitude = digits.startsWith("-") ? digits.slice(1) : digits;
  return (
    magnitude.length > SAFE_DIGITS.length ||
    (magnitude.length === SAFE_DIGITS.length && magnitude > SAFE_DIGITS)
  );
}

/** 2^53 − 1, the largest integer every double holds exactly. */
const SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);
const LONG_RUN = SAFE_DIGITS.length;
const STRIDE = LONG_RUN / 2;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Whether the text may hold an integer literal past the safe range: a run of at least LONG_RUN
 * digits (found by looking at every STRIDE-th character) whose value is past 2^53 − 1 and which
 * stands where a number literal stands (after `:`, `,`, `[` or space, with an optional `-`; before
 * `,`, `}`, `]`, space or the end). Digit runs inside strings — hashes, ids — are mostly passed over
 * here, so the full scan runs only where one is likely.
 */
function mayHoldLongDigitRun(text: string): boolean {
  for (let i = 0; i + STRIDE < text.length; i += STRIDE) {
    if (!isDigit(text.charCodeAt(i)) || !isDigit(text.charCodeAt(i + STRIDE))) continue;
    let start = i;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = i + STRIDE;
    while (end + 1 < text.length && isDigit(text.charCodeAt(end + 1))) end++;
    if (
      end - start + 1 >= LONG_RUN &&
      standsAsInteger(text, start, end) &&
      isUnsafeIntegerLiteral(text.slice(start, end + 1))
    )
      return true;
    // Past this run: the next multiple of STRIDE after its end.
    i = end - (end % STRIDE);
  }
  return false;
}

/** The digits at [start, end] sit where a JSON integer literal does. */
function standsAsInteger(text: string, start: number, end: number): boolean {
  let before = start - 1;
  if (text.charCodeAt(before) === 0x2d /* - */) before--;
  const previous = before < 0 ? 0x20 : text.charCodeAt(before);
  const next = end + 1 < text.length ? text.charCodeAt(end + 1) : 0x20;
  return BEFORE_NUMBER.has(previous) && AFTER_INTEGER.has(next);
}

const WHITESPACE = [0x20, 0x09, 0x0a, 0x0d];
/** `:` `,` `[` or whitespace. */
const BEFORE_NUMBER: ReadonlySet<number> = new Set([0x3a, 0x2c, 0x5b, ...WHITESPACE]);
/** `,` `}` `]` or whitespace: not `.`, `e` or `E`, which would make it a fraction or an exponent. */
const AFTER_INTEGER: ReadonlySet<number> = new Set([0x2c, 0x7d, 0x5d, ...WHITESPACE]);

type Segment = string | number;
type Found = { readonly segments: readonly Segment[]; readonly digits: string };

/**
 * The integer literals past the safe range in text `JSON.parse` has already accepted, each with
 * the path of keys and indices to it. A small tokenizer: it trusts the text to be valid JSON.
 */
function unsafeLiterals(text: string): Found[] {
  const found: Found[] = [];
  // The open containers: an object's current key, or an array's current index.
  const path: Segment[] = [];
  const inArray: boolean[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      path.push("");
      inArray.push(false);
      expectKey = true;
      i++;
    } else if (c === 0x5b /* [ */) {
      path.push(0);
      inArray.push(true);
      expectKey = false;
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      path.pop();
      inArray.pop();
      i++;
    } else if (c === 0x2c /* , */) {
      const top = path.length - 1;
      if (inArray[top] === true) path[top] = (path[top] as number) + 1;
      else expectKey = true;
      i++;
    } else if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        path[path.length - 1] = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        expectKey = false;
      }
      i = end + 1;
    } else if (c === 0x2d /* - */ || isDigit(c)) {
      let end = i + 1;
      let integer = true;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (isDigit(d)) continue;
        if (
          d === 0x2e /* . */ ||
          d === 0x65 /* e */ ||
          d === 0x45 /* E */ ||
          d === 0x2b /* + */ ||
          d === 0x2d /* - */
        )
          integer = false;
        else break;
      }
      const digits = text.slice(i, end);
      if (integer && isUnsafeIntegerLiteral(digits)) found.push({ segments: [...path], digits });
      i = end;
    } else {
      i++;
    }
  }
  return found;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; ; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22 || Number.isNaN(c)) return i;
  }
}

/**
 * Each literal is recorded on its own container, under its key, and every container on its way
 * is marked as holding one — if the value there is still the rounded number (a key given twice
 * keeps only its last value, as JSON.parse does). No pointer is built until someone asks.
 */
function remember(root: object, literals: readonly Found[]): void {
  // Siblings come one after another (an array of a thousand u64s): their container's table is
  // looked up, and its ancestors marked, once for the run, not once per literal.
  let lastParent: object | undefined;
  let lastMembers: Map<string | number, string> | undefined;
  const ancestors: object[] = [];
  for (const { segments, digits } of literals) {
    ancestors.length = 0;
    let at: unknown = root;
    let depth = 0;
    for (; depth < segments.length - 1; depth++) {
      if (typeof at !== "object" || at === null) break;
      ancestors.push(at);
      at = (at as Record<string, unknown>)[segments[depth] as Segment];
    }
    const key = segments[segments.length - 1];
    if (depth !== segments.length - 1 || key === undefined || typeof at !== "object" || at === null) continue;
    const leaf: unknown = (at as Record<string, unknown>)[key];
    if (typeof leaf !== "number" || Number.isSafeInteger(leaf)) continue;
    if (at !== lastParent || lastMembers === undefined) {
      noteMember(at, key, digits);
      for (const container of ancestors) holdsUnsafe.add(container);
      lastParent = at;
      lastMembers = unsafeMembers.get(at);
    } else lastMembers.set(key, digits);
  }
}

/** RFC 6901: a key as one segment of a JSON pointer, and back. */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
