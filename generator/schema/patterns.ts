/**
 * How a JSON Schema `pattern` (or `patternProperties` key) is compiled: ECMA-262 with the `u`
 * flag, as the specification asks; a pattern valid only without it — schemars output such as
 * tauri's `^[^/\\:*?"<>|]+$`, whose `\:` is an identity escape the `u` flag forbids — falls back
 * to the non-`u` form, which is how most JSON Schema tools (Ajv's default included) read it.
 * One reading, for the model (which warns) and the validator compiler (which compiles it).
 */
export type PatternReading =
  | { readonly ok: true; readonly flags: "u" }
  | { readonly ok: true; readonly flags: ""; readonly why: string }
  | { readonly ok: false; readonly why: string };

export function readPattern(source: string): PatternReading {
  const unicodeError = compileError(source, "u");
  if (unicodeError === undefined) return { ok: true, flags: "u" };
  const plainError = compileError(source, "");
  if (plainError === undefined) return { ok: true, flags: "", why: unicodeError };
  return { ok: false, why: plainError };
}

function compileError(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
