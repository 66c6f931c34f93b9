/** `type`: the first check of every schema, and the source of the type knowledge guards use. */
import { BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../json.js";
import { code, join, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import { ALWAYS, said, type Message } from "../mode.js";
import { ALL_TYPES, keywordValue, type JsonType, type SchemaObject } from "./emit.js";
import { typeMiss } from "./guard.js";
import { readsBigint } from "./bigints.js";

type TypeName = JsonType | "integer";

const TYPE_NAMES: ReadonlySet<string> = new Set<TypeName>(["null", "boolean", "number", "integer", "string", "array", "object"]);

export interface TypeCheck {
  /** When the instance fails `type`; undefined when the schema has no `type`. */
  readonly failsWhen: Code | undefined;
  readonly message: Message;
  readonly known: ReadonlySet<JsonType>;
}

export function typeCheck(ctx: CompileContext, schema: SchemaObject, pointer: string, value: Code): TypeCheck {
  const declared = keywordValue(schema, "type");
  if (declared === undefined) return { failsWhen: undefined, message: said(""), known: ALL_TYPES };
  const names = (Array.isArray(declared) ? declared : [declared]).map((name: unknown) => {
    if (typeof name !== "string" || !TYPE_NAMES.has(name)) {
      throw new BindgenError("meta_schema", `type ${JSON.stringify(name)} is not a JSON Schema type`, {
        file: ctx.graph.file,
        pointer: appendPointer(pointer, "type"),
        keyword: "type",
      });
    }
    return name as TypeName;
  });
  // integer is subsumed by number: testing both would only slow the check down.
  const tested = names.filter((name) => !(name === "integer" && names.includes("number")));
  // A bigint counts as a number for the keywords after `type`: the numeric ones apply to it.
  const known = new Set<JsonType>(tested.map((name) => (name === "integer" ? "number" : name)));
  // At a 64-bit location in bigint mode, `integer` is a bigint, and only a bigint (bigints.ts).
  const bigint = readsBigint(ctx, schema);
  // The value fails when it misses every listed type (`&&` of misses, see typeMiss).
  const misses = tested.map((name) =>
    bigint && name === "integer" ? code`typeof ${value} !== "bigint"` : typeMiss(value, name),
  );
  const failsWhen =
    misses.length === 0 ? ALWAYS : misses.length === 1 && tested[0] === "object" ? objectFails(value) : join(misses, code` && `);
  const expected = [...new Set(names)].map((name) => (bigint && name === "integer" ? "bigint" : name));
  const message = said(`must be ${expected.join(" or ")}, got `, code`${ctx.helper("kindOf")}(${value})`);
  return { failsWhen, message, known };
}

function objectFails(value: Code): Code {
  return code`typeof ${value} !== "object" || ${value} === null || Array.isArray(${value})`;
}
