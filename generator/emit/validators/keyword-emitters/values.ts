/**
 * `const` and `enum`: deep JSON equality. Primitive members are compared with `===` (few) or a
 * module-scope Set (many: constant time however large the enum); container members go through
 * the iterative deepEqual helper. In bigint mode an integer member is compared as its bigint
 * where one can arrive (bigints.ts), from the digits the schema wrote.
 */
import { sortKeys, type Pointer } from "../../../json.js";
import { readsBigint, type Int64Reading } from "../../../schema/integers.js";
import { code, join, literal, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import { bigintConstant, bigintExpression, exactInteger, memberForms } from "./bigints.js";
import { ALWAYS, fail, issueExpression, said, type KeywordSite, type Message } from "../mode.js";
import { keywordValue, type KeywordEmit, type SchemaObject } from "./emit.js";

/** Up to this many primitive members are tested with `===`; more go through a Set. */
const INLINE_MEMBERS = 6;

export function emitConst(k: KeywordEmit): Code[] {
  if (!Object.hasOwn(k.schema, "const")) return [];
  const expected = k.schema.const;
  const site = { pointer: k.pointer, keyword: "const" };
  if (isPrimitive(expected)) {
    const message = said(`must be equal to constant ${preview(exactMember(k.ctx, k.pointer, k.schema, expected, "const"))}`);
    return [valueFail(k, join(constMisses(k.ctx, k.pointer, k.schema, expected, k.value), code` && `), site, message)];
  }
  const message = said(`must be equal to constant ${preview(expected)}`);
  const canonical = sortKeys(expected);
  const constant = k.ctx.hoist(`const:${JSON.stringify(canonical)}`, "constant", () => literal(canonical), code`unknown`);
  return [fail(k.ctx, k.mode, code`!${k.ctx.helper("deepEqual")}(${k.value}, ${constant})`, site, message)];
}

export function emitEnum(k: KeywordEmit): Code[] {
  const members = keywordValue(k.schema, "enum");
  if (!Array.isArray(members)) return [];
  const site = { pointer: k.pointer, keyword: "enum" };
  const shown = members.slice(0, 8).map((member, i) => preview(exactMember(k.ctx, k.pointer, k.schema, member, i)));
  const message = said(`must be equal to one of the allowed values: ${shown.join(", ")}${members.length > 8 ? ", …" : ""}`);
  const containers = members.filter((member) => !isPrimitive(member)).map(sortKeys);
  // Each entry fails when the value is not among its members; the value fails when it is in none.
  const misses = [...primitiveMisses(k.ctx, k.pointer, k.schema, members, k.value)];
  if (containers.length > 0) {
    const list = k.ctx.hoist(
      `enum-containers:${JSON.stringify(containers)}`,
      "allowedContainers",
      () => literal(containers),
      code`readonly unknown[]`,
    );
    const deepEqual = k.ctx.helper("deepEqual");
    misses.push(code`!${list}.some((member: unknown) => ${deepEqual}(${k.value}, member))`);
  }
  const failsWhen = misses.length === 0 ? ALWAYS : join(misses, code` && `);
  return [valueFail(k, failsWhen, site, message)];
}

/** When the value is not a primitive `const`: one `!==`, or in bigint mode one per form (primitiveComparands). */
export function constMisses(
  ctx: CompileContext,
  pointer: Pointer,
  schema: SchemaObject,
  expected: string | number | boolean | null,
  value: Code,
): Code[] {
  return primitiveComparands(ctx, pointer, schema, expected, "const").map((comparand) => differs(value, comparand));
}

/**
 * When the value is none of the enum's primitive members: one `!==` each (joined with `&&`), or
 * one look in a module-scope Set when there are many. Written `a !== x && b !== y`, not
 * `!(a === x || …)`: prettier and the fast formatter break a negated group at the top of an
 * `if` differently (generator/output/format.ts). Shared with the leaf tests of anyOf/oneOf
 * branches (leaf.ts), which so share the Set.
 */
export function primitiveMisses(
  ctx: CompileContext,
  pointer: Pointer,
  schema: SchemaObject,
  members: readonly unknown[],
  value: Code,
): Code[] {
  const primitives = [...new Set(members.filter(isPrimitive))];
  const forms = primitives.map((member) => memberForms(ctx, schema, member));
  const count = forms.reduce((sum, form) => sum + (form === "both" ? 2 : 1), 0);
  if (count <= INLINE_MEMBERS) {
    return primitives.flatMap((member) =>
      primitiveComparands(ctx, pointer, schema, member, members.indexOf(member)).map((comparand) => differs(value, comparand)),
    );
  }
  // In bigint mode the Set holds the bigint forms as well, so its key says so; a constant may
  // not read another (they are declared in name order), hence BigInt(…) written in place.
  const bigints = forms.some((form) => form !== "number");
  const inPlace = primitives.flatMap((member, i) =>
    forms[i] === "number" ? [literal(member)] : formsOf(ctx, pointer, schema, member, members.indexOf(member)),
  );
  const set = ctx.hoist(
    `${bigints ? "enum-bigint" : "enum"}:${JSON.stringify(primitives)}`,
    "allowed",
    () => code`new Set<unknown>([${inPlace}])`,
  );
  return [code`!${set}.has(${value})`];
}

/**
 * `value !== comparand`. `as unknown`: after a sibling `type` narrowed the value, TypeScript
 * rejects comparing it with a constant of another type (TS2367) — yet such a schema is valid and
 * simply never matches.
 */
function differs(value: Code, comparand: Code): Code {
  return code`(${value} as unknown) !== ${comparand}`;
}

/** What a primitive member is compared with (bigints.ts, memberForms): its literal, its bigint constant, or both. */
function primitiveComparands(
  ctx: CompileContext,
  pointer: Pointer,
  schema: SchemaObject,
  member: string | number | boolean | null,
  key: string | number,
): Code[] {
  const forms = memberForms(ctx, schema, member);
  if (forms === "number") return [literal(member)];
  const exact = bigintConstant(ctx, exactOf(ctx, pointer, member as number, key));
  return forms === "bigint" ? [exact] : [literal(member), exact];
}

/** Same, as expressions a module constant's initialiser may hold. */
function formsOf(ctx: CompileContext, pointer: Pointer, schema: SchemaObject, member: unknown, key: number): Code[] {
  const exact = bigintExpression(exactOf(ctx, pointer, member as number, key));
  return memberForms(ctx, schema, member) === "bigint" ? [exact] : [literal(member), exact];
}

/** An integer member's exact value: `const`'s (key "const"), or the enum's member at index `key`. */
function exactOf(ctx: CompileContext, pointer: Pointer, member: number, key: string | number): bigint {
  const exact = typeof key === "number" ? exactInteger(ctx, pointer, key, "enum") : exactInteger(ctx, pointer, key);
  return exact ?? BigInt(member);
}

/** A member as a message shows it: an integer compared as a bigint with the digits the schema wrote. */
function exactMember(
  ctx: CompileContext,
  pointer: Pointer,
  schema: SchemaObject,
  member: unknown,
  key: string | number,
): unknown {
  if (memberForms(ctx, schema, member) === "number") return member;
  return exactOf(ctx, pointer, member as number, key);
}

/** `fail`, or with the `type` test folded in (see `KeywordEmit.typeFolded`). */
function valueFail(k: KeywordEmit, failsWhen: Code, site: KeywordSite, message: Message): Code {
  const folded = k.typeFolded;
  if (folded?.issue === undefined || k.mode.kind === "fast") return fail(k.ctx, k.mode, failsWhen, site, message);
  const typed = code`${folded.failsWhen} ? ${folded.issue} : ${issueExpression(k.ctx, k.mode, site, message)}`;
  const chosen = k.mode.absent === undefined ? typed : code`${k.value} === undefined ? ${k.mode.absent} : ${typed}`;
  return code`if (${failsWhen}) { return [${chosen}]; }`;
}

/**
 * Whether `enum` (or `const`) alone already implies `type`: exactly one of them, every allowed
 * value primitive and of a declared type (an integer value under `integer`).
 */
export function valuesImplyType(schema: SchemaObject, int64: Int64Reading): boolean {
  // At a 64-bit location in bigint mode the members are compared as bigints: no folding there.
  if (readsBigint(schema, int64)) return false;
  const declared = keywordValue(schema, "type");
  const types = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : undefined;
  if (types === undefined) return false;
  const hasEnum = Object.hasOwn(schema, "enum");
  if (hasEnum === Object.hasOwn(schema, "const")) return false;
  const members = hasEnum ? schema.enum : [schema.const];
  if (!Array.isArray(members) || members.length === 0) return false;
  return members.every((member) => {
    if (!isPrimitive(member)) return false;
    if (member === null) return types.includes("null");
    if (typeof member === "number") return types.includes("number") || (types.includes("integer") && Number.isInteger(member));
    return types.includes(typeof member);
  });
}

function isPrimitive(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value !== "object";
}

/** A short JSON rendering for messages; the message is a string literal, so any text is safe. */
function preview(value: unknown): string {
  const text = typeof value === "bigint" ? value.toString() : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
