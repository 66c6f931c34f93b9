/**
 * Hostile schemas shared by the hostile-input test and the type-check test. Built as JSON text
 * and parsed, so `__proto__` is an own key exactly as it would be in a schema file.
 */

/** Strings that break naive code generation: quotes, backslashes, template syntax, line separators. */
export const NASTY_STRINGS: readonly string[] = [
  'say "hi"',
  "it's",
  "back`tick`",
  "${process.exit(1)}",
  "line\nbreak",
  "para\u2028graph\u2029",
  "*/ /* comment",
  "back\\slash",
  "</script>",
  "\u0000nul",
  "😀 emoji",
];

export const NASTY_NAMES: readonly string[] = [
  "__proto__",
  "constructor",
  "toString",
  "default",
  "a-b",
  "0x",
  "",
  "a/b~c",
  ...NASTY_STRINGS,
];

export function nestedProperties(depth: number): object {
  let schema: object = { type: "integer" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema }, required: ["a"] };
  return schema;
}

export function nestedAllOf(depth: number): object {
  let schema: object = { minimum: 0 };
  for (let i = 0; i < depth; i++) schema = { allOf: [schema] };
  return schema;
}

export const TREE_SCHEMA = {
  $defs: {
    node: {
      type: "object",
      properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
      required: ["value"],
    },
  },
  $ref: "#/$defs/node",
};

export const LINKED_LIST_SCHEMA = {
  type: "object",
  properties: { next: { anyOf: [{ type: "null" }, { $ref: "#" }] } },
  required: ["next"],
};

export function hugeEnum(size: number): object {
  return { enum: Array.from({ length: size }, (_, i) => `value-${i}`) };
}

export function nastySchemas(): readonly object[] {
  const properties = Object.fromEntries(NASTY_NAMES.map((name) => [name, { type: "string" }]));
  return [
    JSON.parse(JSON.stringify({ type: "object", properties, required: NASTY_NAMES, additionalProperties: false })) as object,
    { enum: NASTY_STRINGS },
    ...NASTY_STRINGS.map((value) => ({ const: value })),
    { const: Object.fromEntries(NASTY_NAMES.map((name) => [name, name])) },
    {
      type: "object",
      patternProperties: { "^\\$\\{.*\\}$": { type: "integer" }, "`": { const: "`${x}`" } },
      additionalProperties: { type: "boolean" },
    },
    { type: "string", pattern: "^\"[`$]\\{\u2028\\}'$" },
  ];
}
