/**
 * The type-name planner: every contract type asks for names (candidates in order of preference)
 * and one pass decides them all. Fixed names (methods, `$defs`) are placed before inline shapes;
 * within a priority, requests are taken in pointer order. A taken or unusable candidate moves on
 * to the next; only when every candidate is taken does a number get appended. Same input, same
 * names.
 *
 * One of two planners, on purpose. These names are the binding's API: a reader sees them in
 * hovers and errors, so the readable candidate wins, and the first-placed request keeps it
 * (`Token` stays `Token` however many inline shapes also ask for it). The validators' planner
 * (emit/validators/names.ts) names module-private functions met during compilation: there a
 * contested name is given up by every symbol wanting it, and hashed suffixes keep one added
 * method from renaming the rest; readability matters less than a small diff.
 */
import { isIdentifier } from "./identifiers.js";
import type { NameRequest, TypeId } from "../model/types.js";

/** `taken`: names the binding declares itself (naming/binding-names.ts), which no contract type may have. */
export function planNames(requests: ReadonlyMap<TypeId, NameRequest>, taken: ReadonlySet<string>): Map<TypeId, string> {
  const usable = (name: string): boolean => name !== "" && isIdentifier(name) && !taken.has(name);
  const order = [...requests.entries()].sort(([idA, a], [idB, b]) => {
    if (a.priority !== b.priority) return a.priority === "fixed" ? -1 : 1;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  const chosen = new Set<string>();
  const names = new Map<TypeId, string>();
  for (const [id, request] of order) {
    const candidates = request.candidates.filter(usable);
    let name = candidates.find((candidate) => !chosen.has(candidate));
    if (name === undefined) {
      const stem = candidates[0] ?? "Type";
      for (let n = 2; name === undefined; n++) if (!chosen.has(`${stem}${n}`)) name = `${stem}${n}`;
    }
    chosen.add(name);
    names.set(id, name);
  }
  return names;
}
