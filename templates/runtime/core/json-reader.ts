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
 * number, or in a string such as a hash) is the text tokenised beside the value, and each integer
 * literal past the safe range is recorded on the object or array that holds it, under its key, so
 * that whoever later holds that container can ask for the digits (`unsafeDigitsAt`), and whoever
 * holds a part of the value (a frame's `result`, say) can list them with pointers relative to it
 * (`unsafeIntegersIn`). A count of recorded literals (`unsafeLiteralsRecorded`) lets a caller on
 * a hot path skip every look when it has not moved. Whether a literal matters — whether the
 * schema says `integer` there — is decided by the caller (integers.ts).
 */

/** An integer literal past ±(2^53 − 1): a JSON pointer to it, relative to the value asked about, and its digits as sent. */
export type UnsafeInteger = { readonly pointer: string; readonly digits: string };

const NONE: readonly UnsafeInteger[] = [];

/**
 * A container's own members that were read from an unsafe literal, with the digits as sent: by
 * index for an array (a sparse array, so a list of a thousand u64s is a plain array), by key for
 * an object.
 */
export type Members = (string | undefined)[] | Map<string, string>;

/**
 * Each container with such a member holds its table in a private field, put on the very object
 * JSON.parse made. JavaScript installs a class's private fields on whatever object its base
 * constructor returns, so a base that returns its argument lets RecordedMembers put one on any
 * object: unseen by every reader but this module (JSON.stringify, Object.keys, Reflect.ownKeys,
 * spread, structuredClone, deep equality), and as cheap to add as a property. A WeakMap from
 * container to table hides it as well and reads more plainly, but costs 10–35 % more per message
 * that holds a literal (bench:json-reader), for its entries at the set and in every garbage
 * collection after; a non-enumerable property still shows in Reflect.ownKeys.
 */
class ReturnsItsArgument {
  constructor(target: object) {
    return target;
  }
}

class RecordedMembers extends ReturnsItsArgument {
  #members: Members;
  private constructor(container: object, members: Members) {
    super(container);
    this.#members = members;
  }
  static of(container: object): Members | undefined {
    return #members in container ? (container as RecordedMembers).#members : undefined;
  }
  /** Only for a container without a table yet: a private field is added once. */
  static attach(container: object, members: Members): void {
    new RecordedMembers(container, members);
  }
}

const membersOf = RecordedMembers.of;

/** The container's table, made empty when it has none yet: by index (an array's, from the text) or by key. */
function tableFor(container: object, byIndex: boolean): Members {
  let table = membersOf(container);
  if (table === undefined) RecordedMembers.attach(container, (table = byIndex ? [] : new Map()));
  return table;
}

function remember(table: Members, key: string | number, digits: string): void {
  if (Array.isArray(table)) table[Number(key)] = digits;
  else table.set(String(key), digits);
  recorded++;
}

function forget(table: Members, key: string | number): void {
  if (Array.isArray(table)) table[Number(key)] = undefined;
  else table.delete(String(key));
}

/**
 * How many times a literal has been recorded, since the process started: a caller that reads
 * it before and after an answer arrives knows, at the cost of one comparison, that no literal
 * at all was seen in between, and skips every look for one.
 */
let recorded = 0;

/** The count of recorded literals so far; unchanged across a read means the read noticed none. */
export function unsafeLiteralsRecorded(): number {
  return recorded;
}

/** `JSON.parse(text)`, remembering the integer literals it rounded or could have. Throws SyntaxError as it does. */
export function readJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === "object" && value !== null && mayHoldLongDigitRun(text))
    rememberUnsafeLiterals(text, value);
  return value;
}

/**
 * The unsafe integer literals inside `value` (an object or array read by `readJson`, or inside
 * one), with pointers relative to it, in the value's order; none for anything else. Walks the
 * whole value: a caller on a hot path first asks unsafeLiteralsRecorded whether there can be any.
 */
export function unsafeIntegersIn(value: unknown): readonly UnsafeInteger[] {
  if (typeof value !== "object" || value === null) return NONE;
  const found: UnsafeInteger[] = [];
  // A stack of what is still to look at, the next on top: a container still to look into, or a
  // literal found in one, which waits for the containers before it. No recursion, at any depth.
  const pending: (UnsafeInteger | { readonly container: object; readonly prefix: string })[] = [
    { container: value, prefix: "" },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (!("container" in next)) {
      found.push(next);
      continue;
    }
    const { container, prefix } = next;
    let members: Members | undefined | null = null;
    const inside: (typeof pending)[number][] = [];
    for (const [key, child] of Object.entries(container)) {
      if (typeof child === "number") {
        if (Number.isSafeInteger(child) || !Number.isInteger(child)) continue;
        members ??= membersOf(container);
        const digits = members === undefined ? undefined : digitsIn(members, key);
        if (digits !== undefined) inside.push({ pointer: `${prefix}/${escapeSegment(key)}`, digits });
      } else if (typeof child === "object" && child !== null)
        inside.push({ container: child, prefix: `${prefix}/${escapeSegment(key)}` });
    }
    for (let i = inside.length - 1; i >= 0; i--) pending.push(inside[i] as (typeof pending)[number]);
  }
  return found;
}

const digitsIn = (members: Members, key: string | number): string | undefined =>
  Array.isArray(members) ? members[Number(key)] : members.get(String(key));

/** The digits `container[key]` was read from, when they were an unsafe literal (readJson, or noteUnsafeInteger). */
export function unsafeDigitsAt(container: object, key: string | number): string | undefined {
  const members = membersOf(container);
  return members === undefined ? undefined : digitsIn(members, key);
}

/**
 * The digits of `container`'s members that were read from unsafe literals, looked up once for a
 * walk that converts many of them (readBigints): by index for an array, by key for an object.
 */
export function unsafeMembersOf(container: object): Members | undefined {
  return membersOf(container);
}

/** Records that `container[key]` was read from `digits` (the command line reads `key=value` pairs one at a time). */
export function noteUnsafeInteger(container: object, key: string, digits: string): void {
  remember(tableFor(container, false), key, digits);
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
    // The run through i, read forward from i itself: the digit at i + STRIDE may start another run
    // (`…3,9007…`), and two runs taken for one hid a literal right after a fraction's digits.
    let end = i;
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

/**
 * Walks text `JSON.parse` has already accepted and read into `root`, beside the value: each open
 * container of the text is matched with the one the value holds there, so an integer literal past
 * the safe range is recorded straight on its own container, under its key. A small tokenizer: it
 * trusts the text to be valid JSON.
 *
 * A key given twice keeps only its last value, as JSON.parse does: the containers of an earlier
 * occurrence are matched with the last one's (or with nothing, where its kind differs), a literal
 * is recorded only where the value still holds a number past the safe range, and a later
 * occurrence overwrites it (another unsafe literal) or removes it (a fraction or an exponent).
 */
function rememberUnsafeLiterals(text: string, root: object): void {
  new UnsafeLiteralWalk(text, root).run();
}

/**
 * A container open in the text, and where the walk is in it. One is kept per depth and reused for
 * each container opened there, so a walk allocates per level of nesting, not per container.
 */
class OpenContainer {
  /** The value's container here; undefined where it holds none (an earlier occurrence of a key given twice). */
  container: object | undefined = undefined;
  isArray = false;
  /** The container's table, once looked up or made. */
  table: Members | undefined = undefined;
  /** An array's current index; for an object, the count of its keys so far less one. */
  position = 0;
  /** An object's current key, where it lies in the text (the quotes excluded): read into a string only when needed. */
  keyStart = 0;
  keyEnd = 0;
  /** An object's own keys, listed when first needed. */
  ownKeys: readonly string[] | undefined = undefined;

  enter(container: object | undefined, isArray: boolean): void {
    this.container = container;
    this.isArray = isArray;
    this.table = undefined;
    this.position = isArray ? 0 : -1;
    this.ownKeys = undefined;
  }
}

/** The state of one rememberUnsafeLiterals walk: the open containers, and what the next string is. */
class UnsafeLiteralWalk {
  readonly #text: string;
  readonly #root: object;
  /** The open containers, outermost first, at indexes below #depth; those past it wait to be reused. */
  readonly #open: OpenContainer[] = [];
  #depth = 0;
  /** The next string is an object's key: after its `{` or a `,` of its own. */
  #expectKey = false;
  /** The first backslash at or after the last key read (-1: none after it; -2: not looked for yet). */
  #backslash = -2;

  constructor(text: string, root: object) {
    this.#text = text;
    this.#root = root;
  }

  run(): void {
    const text = this.#text;
    for (let i = 0; i < text.length;) {
      const c = text.charCodeAt(i);
      if (c === 0x22 /* " */) i = this.#string(i);
      else if (c === 0x2d /* - */ || isDigit(c)) i = this.#number(i);
      else if (c === 0x7b /* { */ || c === 0x5b /* [ */) i = this.#enter(i, c === 0x5b);
      else {
        // Kept here rather than in methods of their own: the commonest tokens, and V8 inlines only so much.
        if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
          this.#depth--;
          // An empty object leaves a key expected that never came; what follows its end is no key.
          this.#expectKey = false;
        } else if (c === 0x2c /* , */) {
          const open = this.#current;
          if (open.isArray) open.position++;
          else this.#expectKey = true;
        }
        i++;
      }
    }
  }

  /** The innermost open container: a key, a comma or a number in valid JSON always has one. */
  get #current(): OpenContainer {
    return this.#open[this.#depth - 1] as OpenContainer;
  }

  /** A string: the current object's next key, where one is expected; else a value passed over. Returns where to go on. */
  #string(quote: number): number {
    const end = stringEnd(this.#text, quote);
    if (this.#expectKey) {
      const open = this.#current;
      open.keyStart = quote + 1;
      open.keyEnd = end;
      open.position++;
      this.#expectKey = false;
    }
    return end + 1;
  }

  /** A number: recorded when it is an integer literal past the safe range. Returns where to go on. */
  #number(start: number): number {
    const text = this.#text;
    let end = start + 1;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    const next = end < text.length ? text.charCodeAt(end) : 0x20;
    const open = this.#depth > 0 ? this.#current : undefined;
    if (next === 0x2e /* . */ || next === 0x65 /* e */ || next === 0x45 /* E */) {
      // A fraction or an exponent: never recorded, and it replaces what an earlier occurrence of its key recorded.
      if (open?.container !== undefined) this.#forget(open);
      end++;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
    } else if (end - start >= LONG_RUN && open?.container !== undefined) {
      const digits = text.slice(start, end);
      if (isUnsafeIntegerLiteral(digits)) this.#record(open, digits);
    }
    return end;
  }

  /** Records `digits` under the current key of `open`, if the value still holds a number past the safe range there. */
  #record(open: OpenContainer, digits: string): void {
    const container = open.container as object;
    const key = this.#keyOf(open);
    const leaf: unknown = (container as Record<string | number, unknown>)[key];
    if (typeof leaf !== "number" || Number.isSafeInteger(leaf)) return;
    open.table ??= tableFor(container, open.isArray);
    remember(open.table, key, digits);
  }

  /** Forgets what an earlier occurrence of the current key of `open` recorded (a key given twice). */
  #forget(open: OpenContainer): void {
    const table = open.table ?? membersOf(open.container as object);
    if (table !== undefined) forget(table, this.#keyOf(open));
  }

  /**
   * A `{` or `[`: opens the container the value holds here, when it is one of that kind. A long
   * list of numbers is read at once (rememberNumberList). Returns where to go on.
   */
  #enter(at: number, isArray: boolean): number {
    // The value's container here: the root, or what the parent holds under its current key.
    let found: unknown = this.#root;
    if (this.#depth > 0) {
      const parent = this.#current;
      found =
        parent.container === undefined
          ? undefined
          : (parent.container as Record<string | number, unknown>)[this.#keyOf(parent)];
    }
    const container =
      typeof found === "object" && found !== null && Array.isArray(found) === isArray ? found : undefined;
    if (container !== undefined && isArray && isLongNumberList(container as unknown[])) {
      const after = rememberNumberList(this.#text, at, container as number[]);
      if (after > 0) return after;
    }
    const open = (this.#open[this.#depth] ??= new OpenContainer());
    open.enter(container, isArray);
    this.#depth++;
    this.#expectKey = !isArray;
    return at + 1;
  }

  /** The current key of `open`: an array's index, or the object's key (#objectKey). */
  #keyOf(open: OpenContainer): string | number {
    return open.isArray ? open.position : this.#objectKey(open);
  }

  /**
   * The current key of the object `open`. Most often it is the object's own key at the same place in
   * its order, and that string is returned: a key JSON.parse made is found in an object far quicker
   * than one sliced from the text. Else (keys that look like indexes come first in an object's
   * order; a key given twice leaves a gap) the key is sliced, and unescaped when a backslash lies
   * within it.
   */
  #objectKey(open: OpenContainer): string {
    const text = this.#text;
    const { keyStart: start, keyEnd: end } = open;
    if (this.#backslash !== -1 && this.#backslash < start) this.#backslash = text.indexOf("\\", start);
    if (this.#backslash >= 0 && this.#backslash < end)
      return JSON.parse(text.slice(start - 1, end + 1)) as string;
    const candidate = (open.ownKeys ??= Object.keys(open.container as object))[open.position];
    if (candidate !== undefined && candidate.length === end - start && spells(text, start, candidate))
      return candidate;
    return text.slice(start, end);
  }
}

/**
 * The first key given twice in one object of `text`, which JSON.parse has accepted (it keeps the
 * last silently). Found by the same scan as the literals above: a string right after an object's
 * `{` or `,` is a key, wherever the blanks stand, at any depth, without recursion.
 */
export function firstDuplicateKey(text: string): string | undefined {
  // The keys of each open object so far; undefined for an array.
  const open: (Set<string> | undefined)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (expectKey) {
        const keys = open[open.length - 1] as Set<string>;
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = end + 1;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      expectKey = true;
      i++;
    } else if (c === 0x5b /* [ */) {
      open.push(undefined);
      expectKey = false;
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      expectKey = false;
      i++;
    } else if (c === 0x2c /* , */) {
      expectKey = open.length > 0 && open[open.length - 1] !== undefined;
      i++;
    } else i++;
  }
  return undefined;
}

/** `text.startsWith(word, start)`, by a loop: the builtin is slower for a word as short as a key. */
function spells(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}

/** From this many items, a list of numbers is read by rememberNumberList rather than a character at a time. */
const LONG_LIST = 16;

function isLongNumberList(list: readonly unknown[]): boolean {
  if (list.length < LONG_LIST) return false;
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== "number") return false;
  return true;
}

/**
 * What a list of plain integers never holds, looked for one at a time (indexOf finds a character
 * some twenty times faster than a regular expression's class): a fraction or an exponent, a
 * string, a container. (`true` and `false` hold an `e`; `null` may pass, and is harmless: see below.)
 */
const NOT_IN_PLAIN_INTEGERS = [".", "e", "E", '"', "[", "{"];
const JSON_WHITESPACE = [" ", "\n", "\r", "\t"];
function holdsAny(text: string, characters: readonly string[]): boolean {
  for (const character of characters) if (text.includes(character)) return true;
  return false;
}

/**
 * Records the unsafe items of `list`, a list of numbers only whose `[` is at `open`, by splitting
 * its text at the commas. Returns where the walk goes on (past the `]`), or -1 when the text there
 * is not plain integers item for item (an earlier occurrence of a key given twice may hold
 * anything): then the list is walked a character at a time.
 */
function rememberNumberList(text: string, open: number, list: readonly number[]): number {
  const close = text.indexOf("]", open);
  const between = text.slice(open + 1, close);
  if (holdsAny(between, NOT_IN_PLAIN_INTEGERS)) return -1;
  const literals = between.split(",");
  if (literals.length !== list.length) return -1;
  const spaced = holdsAny(between, JSON_WHITESPACE);
  let table: Members | undefined;
  for (let i = 0; i < list.length; i++) {
    if (Number.isSafeInteger(list[i])) continue;
    table ??= tableFor(list, true);
    remember(table, i, spaced ? (literals[i] as string).trim() : (literals[i] as string));
  }
  return close + 1;
}

const isNumberPart = (code: number): boolean =>
  isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;

/**
 * The index of the quote that closes the string opening at `start` (found by indexOf, which is
 * far quicker than a loop over the characters: a quote closes the string unless an odd number of
 * backslashes stands before it).
 */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0 && text.charCodeAt(end - 1) === 0x5c /* \ */) {
    let first = end - 1;
    while (text.charCodeAt(first - 1) === 0x5c) first--;
    if ((end - first) % 2 === 0) break;
    end = text.indexOf('"', end + 1);
  }
  return end < 0 ? text.length : end;
}

/** RFC 6901: a key as one segment of a JSON pointer. */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
