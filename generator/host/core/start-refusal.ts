/**
 * Why a host (the conformance host, the mock, the proxy) could not start: the one type its
 * expected refusals are thrown as. A command turns these, and the system's own I/O errors (a
 * socket taken, a directory it may not write), into "could not start"; anything else thrown
 * while starting is our bug and reaches the CLI as one (exit 3), never dressed as a refusal.
 */
import { errnoCode } from "./errno.js";

export class StartRefusal extends Error {
  override readonly name = "StartRefusal";
}

/** The message to show for a host that could not start, or undefined when `error` is not a refusal (so: our bug). */
export function startRefusal(error: unknown): string | undefined {
  if (error instanceof StartRefusal) return error.message;
  // Node's system errors carry the call that failed (listen, mkdir, open, …) beside their errno name.
  const systemError = error instanceof Error && errnoCode(error)?.startsWith("E") === true && "syscall" in error;
  return systemError ? error.message : undefined;
}
