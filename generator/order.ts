/**
 * The one ordering for names everywhere in output: by UTF-16 code unit. Not `localeCompare`,
 * whose answer depends on the machine's locale and ICU data.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
