/// <reference types="node" />
import { userInfo } from "node:os";
import { posix, win32 } from "node:path";
import { ToolError } from "../../core/errors.js";

/** What decides the suite root, passed in so the rule is testable on any platform. */
export type SuiteEnvironment = {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The account's home directory from the OS account database, not from `$HOME`. */
  homedir: string;
};

/** The environment variable right-ctl reads when no `--suite-root` is given. */
export const SUITE_ROOT_ENV = "RIGHTKIT_SUITE_ROOT";

// The vendor folder every Right Suite product shares (rightkit-daemon's `Suite::per_user_default`).
const VENDOR_DIR = "Orthic Labs";
const SHARED_DIR = "shared";

/**
 * rightkit-daemon's per-user suite root:
 * - macOS: `<home>/Library/Application Support/Orthic Labs/shared`
 * - Windows: `%LOCALAPPDATA%\Orthic Labs\shared` (else `<home>\AppData\Local\…`)
 * - Linux and other Unix: `<home>/.local/share/Orthic Labs/shared` — `XDG_DATA_HOME` is ignored,
 *   as upstream ignores it.
 */
export function defaultSuiteRoot(where: SuiteEnvironment): string {
  switch (where.platform) {
    case "darwin":
      return posix.join(where.homedir, "Library", "Application Support", VENDOR_DIR, SHARED_DIR);
    case "win32": {
      const localAppData = where.env["LOCALAPPDATA"];
      const base =
        localAppData !== undefined && win32.isAbsolute(localAppData)
          ? localAppData
          : win32.join(where.homedir, "AppData", "Local");
      return win32.join(base, VENDOR_DIR, SHARED_DIR);
    }
    default:
      return posix.join(where.homedir, ".local", "share", VENDOR_DIR, SHARED_DIR);
  }
}

export function currentSuiteEnvironment(): SuiteEnvironment {
  return { platform: process.platform, env: process.env, homedir: accountHome() };
}

/**
 * The option, else `RIGHTKIT_SUITE_ROOT`, else the per-user default. A root that is not an
 * absolute path is refused (`suite_unresolved`) rather than resolved against the caller's
 * working directory: discovery must not depend on where a command happens to run.
 */
export function resolveSuiteRoot(
  option: string | undefined,
  where: SuiteEnvironment = currentSuiteEnvironment(),
): string {
  const source =
    nonEmpty(option) !== undefined
      ? "option"
      : nonEmpty(where.env[SUITE_ROOT_ENV]) !== undefined
        ? SUITE_ROOT_ENV
        : "default";
  const chosen = nonEmpty(option) ?? nonEmpty(where.env[SUITE_ROOT_ENV]) ?? defaultSuiteRoot(where);
  const paths = where.platform === "win32" ? win32 : posix;
  if (!paths.isAbsolute(chosen)) {
    const what =
      source === "default"
        ? "the account has no absolute home directory"
        : "the suite root must be an absolute path";
    throw new ToolError("suite_unresolved", what, { details: { source } });
  }
  return paths.normalize(chosen);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function accountHome(): string {
  try {
    return userInfo().homedir;
  } catch {
    // No passwd entry (some containers): nothing better than the environment is left.
    return process.env["HOME"] ?? process.env["USERPROFILE"] ?? "";
  }
}
