/**
 * One definition nested `depth` objects deep (`{ level1: { level2: … { name } } }`, every level
 * required and closed), and the pointer of every level: each a named type, as the naming stage
 * makes inline objects. The shape that shows a cost growing with depth squared.
 */
export function nestedTypes(depth: number): { schema: object; pointers: string[] } {
  let inner: object = { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] };
  for (let level = depth; level >= 1; level--) {
    inner = {
      type: "object",
      properties: { [`level${level}`]: inner },
      required: [`level${level}`],
      additionalProperties: false,
    };
  }
  const pointers: string[] = [];
  let pointer = "#/$defs/Deep";
  for (let level = 1; level <= depth; level++) {
    pointers.push(pointer);
    pointer += `/properties/level${level}`;
  }
  pointers.push(pointer);
  return { schema: { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { Deep: inner } }, pointers };
}

/** A value `depth` levels deep around `{ name }`, as nestedTypes(depth) describes it. */
export function nestedValue(depth: number, name: string): unknown {
  let value: unknown = { name };
  for (let level = depth; level >= 1; level--) value = { [`level${level}`]: value };
  return value;
}
