import { execFile } from "node:child_process";
import { readFile, readlink } from "node:fs/promises";
import type { Socket } from "node:net";

/**
 * The user-only rule on every accept (rightkit-daemon's verify_peer_is_current_user), second to
 * the 0700 directory. Node has no SO_PEERCRED, so on Linux the peer is found without native code:
 * our end's inode from /proc/self/fd, the process holding the other end from `ss -xpn` (which
 * reads the kernel's unix-diag peer inode), and that process's effective uid from
 * /proc/<pid>/status. It fails closed: anything it cannot see is a refusal, never a pass.
 * Unlike SO_PEERCRED this looks at who holds the peer socket now, not who connected; a socket
 * passed to another user's process is judged by every holder, all of whom must be this user.
 */

export type PeerProcess = { pid: number; uid: number };

export type PeerVerdict = { ok: true; peers: readonly PeerProcess[] } | { ok: false; reason: string };

/** Decides whether the peer of an accepted, still paused, socket may speak to the host. */
export type PeerCheck = (socket: Socket) => Promise<PeerVerdict>;

/** The rule itself: at least one holder, and every holder runs as `ownUid`. */
export function judgePeer(peers: readonly PeerProcess[], ownUid: number): PeerVerdict {
  if (peers.length === 0) return { ok: false, reason: "no process holding the peer socket could be seen" };
  const stranger = peers.find((peer) => peer.uid !== ownUid);
  if (stranger) return { ok: false, reason: `peer pid ${stranger.pid} runs as uid ${stranger.uid}, not ${ownUid}` };
  return { ok: true, peers };
}

/** The peer check for this platform: Linux checks; any other platform refuses every peer (fail closed). */
export function platformPeerCheck(platform: NodeJS.Platform = process.platform): PeerCheck {
  if (platform === "linux") return linuxPeerCheck;
  return () => Promise.resolve({ ok: false, reason: `the peer uid cannot be checked on ${platform}` });
}

/** Why the platform check cannot work here, so startHost refuses at once rather than every client later. */
export async function peerCheckUnavailable(platform: NodeJS.Platform = process.platform): Promise<string | undefined> {
  if (platform !== "linux") return `the peer uid cannot be checked on ${platform}`;
  try {
    await run("ss", ["-V"]);
    return undefined;
  } catch (error) {
    return `the peer check needs ss (iproute2): ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function linuxPeerCheck(socket: Socket): Promise<PeerVerdict> {
  const ownUid = process.geteuid?.();
  if (ownUid === undefined) return { ok: false, reason: "this process has no uid" };
  try {
    const inode = await ownInode(socket);
    if (inode === undefined) return { ok: false, reason: "the accepted socket has no inode" };
    const pids = peerPids(await run("ss", ["-xpnH"]), inode);
    if (pids === undefined) return { ok: false, reason: `ss shows no single peer of socket ${inode}` };
    const peers: PeerProcess[] = [];
    for (const pid of pids) {
      const uid = effectiveUid(await readFile(`/proc/${pid}/status`, "utf8"));
      if (uid === undefined) return { ok: false, reason: `no Uid line for pid ${pid}` };
      peers.push({ pid, uid });
    }
    return judgePeer(peers, ownUid);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Our end's inode. Node exposes the descriptor only on its internal handle; no fd means no check. */
async function ownInode(socket: Socket): Promise<number | undefined> {
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  if (typeof fd !== "number" || fd < 0) return undefined;
  const match = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/self/fd/${fd}`));
  return match ? Number(match[1]) : undefined;
}

// `u_str ESTAB 0 0 <local address> <local inode> <peer address> <peer inode> [users:(...)]`; the
// local address may hold spaces (a path), so the line is read from its end.
const SS_LINE = /^u_str\s+\S+\s+\d+\s+\d+\s+.*?\s(\d+)\s+\S+\s+(\d+)(?:\s+(users:\(.*\)))?\s*$/;
const USERS = /^users:\((\("(?:[^"\\]|\\.)*",pid=\d+,fd=\d+\)(?:,\("(?:[^"\\]|\\.)*",pid=\d+,fd=\d+\))*)\)$/;
const USER = /\("(?:[^"\\]|\\.)*",pid=(\d+),fd=\d+\)/g;

/**
 * The pids holding the socket whose peer is `inode`, or undefined unless exactly one such socket
 * is listed with a well-formed process list. The list is matched as a whole, so a process name
 * crafted to look like an entry cannot hide the real holder.
 */
export function peerPids(ssOutput: string, inode: number): number[] | undefined {
  const lines = ssOutput.split("\n").flatMap((text) => {
    const match = SS_LINE.exec(text);
    return match && Number(match[2]) === inode && Number(match[1]) !== inode ? [match] : [];
  });
  if (lines.length !== 1) return undefined;
  const users = lines[0]?.[3];
  const list = users === undefined ? undefined : USERS.exec(users)?.[1];
  if (list === undefined) return undefined;
  const pids = [...list.matchAll(USER)].map((entry) => Number(entry[1]));
  return pids.length > 0 ? [...new Set(pids)] : undefined;
}

/** The effective uid (the one SO_PEERCRED reports) from /proc/<pid>/status. */
export function effectiveUid(status: string): number | undefined {
  const match = /^Uid:\s+\d+\s+(\d+)/m.exec(status);
  return match ? Number(match[1]) : undefined;
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 5000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}
