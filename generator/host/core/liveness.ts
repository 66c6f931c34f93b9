import { createConnection } from "node:net";
import { errnoCode } from "./errno.js";

/** Whether a process with this pid exists (EPERM still means it does, only someone else's). */
export function pidAlive(pid: number): boolean {
  // 0 and negative pids name process groups for kill(); they are never a host's pid.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
}

/**
 * Whether something accepts connections on this Unix socket. Connecting is the whole probe: a
 * host that accepts answers; a dead host's socket file refuses (ECONNREFUSED) or is gone.
 */
export function endpointAnswers(socketPath: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((settle) => {
    const probe = createConnection(socketPath);
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(answered: boolean): void {
      clearTimeout(timer);
      probe.destroy();
      settle(answered);
    }
    probe.once("connect", () => done(true));
    probe.once("error", () => done(false));
  });
}
