/** The errno name (ENOENT, EADDRINUSE, ...) of a Node I/O error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return undefined;
}
