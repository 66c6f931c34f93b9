/**
 * `const` and `enum`: deep JSON equality. Primitive members are compared with `===` (few) or a
 * module-scope Set (many: constant time however large the enum); container members go through
 * the iterative deepEqual helper.
 */
import { sortKeys } from "../../../json.js";
import { code, join, literal, type Code } from "../../code.js";
import { fail, issueExpression, said, type KeywordSite, type Message } from "../mode.js";
import { keywordValue, type KeywordEmit, type SchemaObject } from "./emit.js";

/** Up to this many primitive members are tested with `===`; more go through a Set. */
const INLINE_MEMBERS = 6;

export function emitConst(k: KeywordEmit): Code[] {
  if (!Object.hasOwn(k.schema, "const")) return [];
  const expected = k.schema.const;
  const site = { pointer: k.pointer, keyword: "const" };
  const message = said(`must be equal to constant ${preview(expected)}`);
  // `as unknown`: after a sibling `type` narrowed the value, TypeScript rejects comparing it with a
  // constant of another type (TS2367) — yet such a schema is valid and simply never matches.
  if (isPrimitive(expected)) return [valueFail(k, code`(${k.value} as unknown) !== ${literal(expected)}`, site, message)];
  const canonical = sortKeys(expected);
  const constant = k.ctx.hoist(`const:${JSON.stringify(canonical)}`, "constant", () => literal(canonical));
  return [fail(k.ctx, k.mode, code`!${k.ctx.helper("deepEqual")}(${k.value}, ${constant})`, site, message)];
}

export function emitEnum(k: KeywordEmit): Code[] {
  const members = keywordValue(k.schema, "enum");
  if (!Array.isArray(members)) return [];
  const site = { pointer: k.pointer, keyword: "enum" };
  const message = said(
    `must be equal to one of the allowed values: ${members.slice(0, 8).map(preview).join(", ")}${members.length > 8 ? ", …" : ""}`,
  );
  const primitives = [...new Set(members.filter(isPrimitive))];
  const containers = members.filter((member) => !isPrimitive(member)).map(sortKeys);
  // Each entry fails when the value is not among its members; the value fails when it is in none.
  // Written `a !== x && b !== y`, not `!(a === x || …)`: prettier and the fast formatter break a
  // negated group at the top of an `if` differently (generator/output/format.ts).
  const misses: Code[] = [];
  if (primitives.length > INLINE_MEMBERS) {
    const set = k.ctx.hoist(
      `enum:${JSON.stringify(primitives)}`,
      "allowed",
      () => code`new Set<unknown>([${primitives.map(literal)}])`,
    );
    misses.push(code`!${set}.has(${k.value})`);
  } else {
    misses.push(...primitives.map((member) => code`(${k.value} as unknown) !== ${literal(member)}`));
  }
  if (containers.length > 0) {
    const list = k.ctx.hoist(`enum-containers:${JSON.stringify(containers)}`, "allowedContainers", () => literal(containers));
    const deepEqual = k.ctx.helper("deepEqual");
    misses.push(code`!${list}.some((member: unknown) => ${deepEqual}(${k.value}, member))`);
  }
  const failsWhen = misses.length === 0 ? code`true` : join(misses, code` && `);
  return [valueFail(k, failsWhen, site, message)];
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
export function valuesImplyType(schema: SchemaObject): boolean {
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
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
