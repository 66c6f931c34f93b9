/**
 * A value to JSON text, as `JSON.stringify` writes it, with a `bigint` written as its digits.
 *
 * A binding that reads 64-bit integers as `bigint` (binding `numbers.int64`) hands the wire
 * bigints in params, and a CLI prints answers holding them; `JSON.stringify` throws on a bigint.
 * The common message holds none and costs exactly `JSON.stringify`: only a message it refuses is
 * written again, by the walk below, which follows `JSON.stringify`'s rules (`toJSON`, skipped
 * `undefined` and functions in objects, `null` for them in arrays and for non-finite numbers).
 */

/** JSON text for `value`; a bigint is written as its digits. Throws TypeError for a cycle, as `JSON.stringify` does. */
export function writeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !holdsBigint(value, new Set())) throw error;
    return write(value, new Set());
  }
}

function holdsBigint(value: unknown, seen: Set<object>): boolean {
  if (typeof value === "bigint") return true;
  if (typeof value !== "object" || value === null || seen.has(value)) return false;
  seen.add(value);
  for (const child of Array.isArray(value) ? value : Object.values(value))
    if (holdsBigint(child, seen)) return true;
  return false;
}

function write(value: unknown, open: Set<object>): string | undefined {
  if (typeof value === "bigint") return value.toString();
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === "function") return write((json as () => unknown).call(value), open);
  if (open.has(value)) throw new TypeError("Converting circular structure to JSON");
  open.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item: unknown) => write(item, open) ?? "null").join(",")}]`;
  } else {
    const members: string[] = [];
    for (const [key, child] of Object.entries(value)) {
      const written = write(child, open);
      if (written !== undefined) members.push(`${JSON.stringify(key)}:${written}`);
    }
    text = `{${members.join(",")}}`;
  }
  open.delete(value);
  return text;
}
