/**
 * Which methods each calling app may use, keyed by the app label of its hello (rightkit-daemon's
 * Allowlist). A pattern is an exact method, `prefix.*`, or `*` for every method; the app key `*`
 * covers every app without an entry of its own. `ping` is always allowed to an app the list
 * knows, and an app it does not know is refused at hello.
 */
export type Allowlist = Readonly<Record<string, readonly string[]>>;

/** The label of the host's own control client; the kill control is allowed to it alone by default. */
export const CONTROL_APP = "rightkit-host-control";

export const PING = "ping";

/** The host's own levers (host.kill); faults never get in their way, so a test can always pull them. */
export function isControlMethod(method: string): boolean {
  return method.startsWith("host.");
}

export function appKnown(allowlist: Allowlist, app: string): boolean {
  return Object.hasOwn(allowlist, app) || Object.hasOwn(allowlist, "*");
}

export function permits(allowlist: Allowlist, app: string, method: string): boolean {
  if (!appKnown(allowlist, app)) return false;
  if (method === PING) return true;
  const patterns = Object.hasOwn(allowlist, app) ? allowlist[app] : allowlist["*"];
  return (patterns ?? []).some((pattern) => matches(pattern, method));
}

function matches(pattern: string, method: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) {
    const prefix = pattern.slice(0, -1);
    return method.startsWith(prefix) && method.length > prefix.length;
  }
  return pattern === method;
}
