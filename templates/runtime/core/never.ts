/** The end of an exhaustive switch: reached only if a case was added and not handled, which is a bug here. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
