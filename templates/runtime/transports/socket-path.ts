/// <reference types="node" />
import type { Stats } from "node:fs";
import { lstat, realpath, stat } from "node:fs/promises";
import { userInfo } from "node:os";
import { dirname, join } from "node:path";
import { errnoCode, ToolError } from "../core/errors.js";

/** What decides the default path, passed in so the rule is testable on any platform. */
export type SocketPathEnvironment = {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  uid: number;
  username: string;
};

/**
 * The daemon's user-only endpoint when neither the option nor `RIGHTKIT_SOCKET` names one:
 * - Windows: `\\.\pipe\rightkit-<username>\daemon`
 * - macOS: `$TMPDIR/rightkit/daemon.sock` ($TMPDIR is per user there), else `/tmp/rightkit-<uid>/daemon.sock`
 * - other Unix: `$XDG_RUNTIME_DIR/rightkit/daemon.sock`, else `/tmp/rightkit-<uid>/daemon.sock`
 * Relative directories in the environment are ignored: a socket path must not depend on the
 * caller's working directory.
 */
export function defaultSocketPath(where: SocketPathEnvironment): string {
  if (where.platform === "win32") return `\\\\.\\pipe\\rightkit-${where.username}\\daemon`;
  const perUserDir = where.platform === "darwin" ? where.env["TMPDIR"] : where.env["XDG_RUNTIME_DIR"];
  if (perUserDir !== undefined && perUserDir.startsWith("/"))
    return join(perUserDir, "rightkit", "daemon.sock");
  return `/tmp/rightkit-${where.uid}/daemon.sock`;
}

export function currentSocketPathEnvironment(): SocketPathEnvironment {
  return {
    platform: process.platform,
    env: process.env,
    uid: process.getuid?.() ?? -1,
    username: safeUsername(),
  };
}

/** The option, else `RIGHTKIT_SOCKET`, else the per-platform default. */
export function resolveSocketPath(
  option: string | undefined,
  where: SocketPathEnvironment = currentSocketPathEnvironment(),
): string {
  if (option !== undefined && option !== "") return option;
  const fromEnv = where.env["RIGHTKIT_SOCKET"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return defaultSocketPath(where);
}

/** Why a socket fails the user-only rule, if it does. */
export type SocketDistrust = "socket_not_owned" | "directory_not_owned" | "directory_writable_by_others";

/** The facts the user-only rule looks at, gathered by `assertSocketTrusted`. */
export type SocketOwnership = { uid: number; socketUid: number; dirUid: number; dirMode: number };

/**
 * The daemon's user-only rule: the socket must be owned by the current user, and its
 * directory must be owned by the current user or root and not writable by group or others —
 * otherwise someone else could have put a socket there to collect our calls.
 */
export function judgeSocket(facts: SocketOwnership): SocketDistrust | undefined {
  if (facts.socketUid !== facts.uid) return "socket_not_owned";
  if (facts.dirUid !== facts.uid && facts.dirUid !== 0) return "directory_not_owned";
  if ((facts.dirMode & 0o022) !== 0) return "directory_writable_by_others";
  return undefined;
}

/**
 * Checks the user-only rule on the real files before connecting on Unix (symlinks resolved
 * first) and returns the resolved path, which is what the caller must connect to: checking one
 * path and connecting through another would leave a window to swap the link. A missing socket
 * means no host: service_unavailable, retryable. A socket that fails the rule is
 * service_unavailable too, not retryable, with `details.reason` naming the rule. Named pipes on
 * Windows carry their own ACLs and are not checked here.
 */
export async function assertSocketTrusted(
  socketPath: string,
  platform: NodeJS.Platform = process.platform,
  uid: number | undefined = process.getuid?.(),
): Promise<string> {
  if (platform === "win32" || uid === undefined) return socketPath;
  let resolved: string;
  let socket: Stats;
  let dir: Stats;
  try {
    resolved = await realpath(socketPath);
    socket = await stat(resolved);
    dir = await lstat(dirname(resolved));
  } catch (error) {
    // Gone between two looks (a host going away) is the same as gone: retryable.
    throw new ToolError("service_unavailable", `no host is listening at ${socketPath}`, {
      retryable: true,
      details: { reason: errnoCode(error) ?? "unreachable", socketPath },
      cause: error,
    });
  }
  const distrust = judgeSocket({ uid, socketUid: socket.uid, dirUid: dir.uid, dirMode: dir.mode });
  if (distrust !== undefined) refuse(distrust, socketPath);
  return resolved;
}

const DISTRUST_TEXT: Record<SocketDistrust, string> = {
  socket_not_owned: "the socket belongs to another user",
  directory_not_owned: "the socket's directory belongs to another user",
  directory_writable_by_others: "the socket's directory is writable by other users",
};

function refuse(reason: SocketDistrust, socketPath: string): never {
  throw new ToolError(
    "service_unavailable",
    `refusing to connect to ${socketPath}: ${DISTRUST_TEXT[reason]}`,
    {
      retryable: false,
      details: { reason, socketPath },
    },
  );
}

function safeUsername(): string {
  try {
    return userInfo().username;
  } catch {
    // No passwd entry (some containers): the uid still makes the name unique.
    return `uid-${process.getuid?.() ?? "unknown"}`;
  }
}
