/**
 * A walk over every schema in the document before conversion: refuses keywords no emitter can
 * honour, checks that every `$ref` lands inside the document and every pattern is a valid
 * ECMA-262 (`u` flag) regular expression. Keywords the spec does not define are annotations.
 */
import { BindgenError } from "../errors.js";
import type { SchemaIndex } from "../resolve/index.js";
import { REFUSED_KEYWORDS, SCHEMA_ARRAY_VALUED, SCHEMA_MAP_VALUED, SCHEMA_VALUED } from "../resolve/keywords.js";
import { appendPointer, isJsonObject, type Pointer } from "../resolve/pointer.js";

export function checkPattern(pattern: string, file: string | undefined, pointer: Pointer): void {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    throw new BindgenError("bad_pattern", `not a valid ECMA-262 regular expression (u flag): ${(error as Error).message}`, {
      file,
      pointer,
    });
  }
}

/** Visits every schema reachable from the root, plus the parts of methods and notifications (`params`, `result`, `notification`). */
export function checkSchemas(index: SchemaIndex, partPointers: readonly Pointer[]): void {
  const seen = new Set<Pointer>();
  const visit = (schema: unknown, pointer: Pointer): void => {
    if (!isJsonObject(schema) || seen.has(pointer)) return;
    seen.add(pointer);
    for (const keyword of Object.keys(schema)) {
      if (REFUSED_KEYWORDS.has(keyword)) {
        throw new BindgenError("unsupported_keyword", `keyword ${keyword} is not supported`, {
          file: index.file,
          pointer: appendPointer(pointer, keyword),
          keyword,
        });
      }
    }
    if (typeof schema.$ref === "string") index.resolveRef(schema.$ref, pointer);
    if (typeof schema.pattern === "string") checkPattern(schema.pattern, index.file, appendPointer(pointer, "pattern"));
    if (isJsonObject(schema.patternProperties)) {
      for (const key of Object.keys(schema.patternProperties))
        checkPattern(key, index.file, appendPointer(pointer, "patternProperties", key));
    }
    for (const keyword of SCHEMA_VALUED) {
      if (!Object.hasOwn(schema, keyword)) continue;
      const child = schema[keyword];
      if (Array.isArray(child)) child.forEach((item, i) => visit(item, appendPointer(pointer, keyword, i)));
      else visit(child, appendPointer(pointer, keyword));
    }
    for (const keyword of SCHEMA_MAP_VALUED) {
      const map = Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
      if (isJsonObject(map)) for (const key of Object.keys(map)) visit(map[key], appendPointer(pointer, keyword, key));
    }
    for (const keyword of SCHEMA_ARRAY_VALUED) {
      const list = Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
      if (Array.isArray(list)) list.forEach((item, i) => visit(item, appendPointer(pointer, keyword, i)));
    }
  };
  visit(index.root, "#");
  for (const part of partPointers) visit(index.schemaAt(part), part);
}
