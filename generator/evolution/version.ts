/**
 * Major versions in a contract `$id`. Two spellings are understood: a `vN` token
 * (`rightkit.agent.demo.v1`, `…/v2/schema.json`) and a semver `N.M.P`. Minor parts after `vN`
 * (`v1.2`) are minor. An `$id` with neither is its own family: any change of it is major.
 */

export interface IdVersion {
  /** The `$id` with its version token blanked: ids of one contract share a family. */
  readonly family: string;
  readonly major: string | undefined;
}

const V_TOKEN = /(^|[^A-Za-z0-9])v(\d+)((?:\.\d+)*)(?=$|[^0-9.])/gi;
const SEMVER = /(^|[^0-9.])(\d+)\.(\d+)\.(\d+)(?=$|[^0-9.])/g;

export function versionOf(id: string): IdVersion {
  for (const pattern of [V_TOKEN, SEMVER]) {
    const matches = [...id.matchAll(pattern)];
    const last = matches[matches.length - 1];
    if (last === undefined) continue;
    const start = last.index + (last[1] ?? "").length;
    const end = last.index + last[0].length;
    return { family: `${id.slice(0, start)}{version}${id.slice(end)}`, major: last[2] };
  }
  return { family: id, major: undefined };
}

/** True when `after` is a different contract family or a different major version of `before`. */
export function isMajorChange(before: string, after: string): boolean {
  if (before === after) return false;
  const a = versionOf(before);
  const b = versionOf(after);
  return a.family !== b.family || a.major !== b.major;
}
