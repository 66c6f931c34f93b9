/** `type`: the first check of every schema, and the source of the type knowledge guards use. */
import { BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../resolve/pointer.js";
import { code, join, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import { said, type Message } from "../mode.js";
import { ALL_TYPES, keywordValue, type JsonType, type SchemaObject } from "./emit.js";
import { typeTest } from "./guard.js";

type TypeName = JsonType | "integer";

const TYPE_NAMES: ReadonlySet<string> = new Set<TypeName>(["null", "boolean", "number", "integer", "string", "array", "object"]);

export interface TypeCheck {
  /** When the instance fails `type`; undefined when the schema has no `type`. */
  readonly failsWhen: Code | undefined;
  /** When it passes (the same test, not negated twice); undefined when the schema has no `type`. */
  readonly passesWhen: Code | undefined;
  readonly message: Message;
  readonly known: ReadonlySet<JsonType>;
}

export function typeCheck(ctx: CompileContext, schema: SchemaObject, pointer: string, value: Code): TypeCheck {
  const declared = keywordValue(schema, "type");
  if (declared === undefined) return { failsWhen: undefined, passesWhen: undefined, message: said(""), known: ALL_TYPES };
  const names = (Array.isArray(declared) ? declared : [declared]).map((name: unknown) => {
    if (typeof name !== "string" || !TYPE_NAMES.has(name)) {
      throw new BindgenError("meta_schema", `type ${JSON.stringify(name)} is not a JSON Schema type`, {
        file: ctx.index.file,
        pointer: appendPointer(pointer, "type"),
        keyword: "type",
      });
    }
    return name as TypeName;
  });
  // integer is subsumed by number: testing both would only slow the check down.
  const tested = names.filter((name) => !(name === "integer" && names.includes("number")));
  const known = new Set<JsonType>(tested.map((name) => (name === "integer" ? "number" : name)));
  const tests = tested.map((name) => (name === "integer" ? integerTest(value) : typeTest(value, name)));
  const failsWhen =
    tests.length === 0
      ? code`true`
      : tests.length === 1 && tested[0] === "object"
        ? objectFails(value)
        : code`!(${join(tests, code` || `)})`;
  const passesWhen =
    tests.length === 0 ? code`false` : tests.length === 1 ? (tests[0] as Code) : code`(${join(tests, code` || `)})`;
  const message = said(`must be ${[...new Set(names)].join(" or ")}, got `, code`${ctx.helper("kindOf")}(${value})`);
  return { failsWhen, passesWhen, message, known };
}

/** A mathematical integer: 1.0 is one; NaN and the infinities are not numbers at all. */
function integerTest(value: Code): Code {
  return code`(typeof ${value} === "number" && Number.isInteger(${value}))`;
}

function objectFails(value: Code): Code {
  return code`typeof ${value} !== "object" || ${value} === null || Array.isArray(${value})`;
}
