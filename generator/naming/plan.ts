/**
 * The naming planner: every type asks for names (candidates in order of preference) and one
 * pass decides them all. Fixed names (methods, `$defs`) are placed before inline shapes; within
 * a priority, requests are taken in pointer order. A taken or unusable candidate moves on to the
 * next; only when every candidate is taken does a number get appended. Same input, same names.
 */
import { isIdentifier } from "../emit/code.js";
import type { NameRequest, TypeId } from "../model/types.js";
import { TAKEN_TYPE_NAMES } from "./identifiers.js";

const usable = (name: string): boolean => name !== "" && isIdentifier(name) && !TAKEN_TYPE_NAMES.has(name);

export function planNames(requests: ReadonlyMap<TypeId, NameRequest>): Map<TypeId, string> {
  const order = [...requests.entries()].sort(([idA, a], [idB, b]) => {
    if (a.priority !== b.priority) return a.priority === "fixed" ? -1 : 1;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  const taken = new Set<string>();
  const names = new Map<TypeId, string>();
  for (const [id, request] of order) {
    const candidates = request.candidates.filter(usable);
    let name = candidates.find((candidate) => !taken.has(candidate));
    if (name === undefined) {
      const stem = candidates[0] ?? "Type";
      for (let n = 2; name === undefined; n++) if (!taken.has(`${stem}${n}`)) name = `${stem}${n}`;
    }
    taken.add(name);
    names.set(id, name);
  }
  return names;
}
