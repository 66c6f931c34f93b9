import { once } from "node:events";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  effectiveUid,
  judgePeer,
  linuxPeerCheck,
  peerPids,
  platformPeerCheck,
  type PeerVerdict,
} from "../../generator/host/core/peer.js";
import { DaemonFixtures, HELLO } from "./support/daemon.js";

const fixtures = new DaemonFixtures();
afterEach(() => fixtures.cleanup());

// What `ss -xpnH` printed for a connected pair: the host's end (inode 19743) and the client's (19742).
const SS = [
  'u_str LISTEN 0      511    /tmp/rk/host.sock 19740 * 0     users:(("node",pid=8217,fd=19))',
  'u_str ESTAB 0      0      /tmp/rk/host.sock 19743 * 19742 users:(("node",pid=8217,fd=21))',
  'u_str ESTAB 0      0                      * 19742 * 19743 users:(("right-ctl",pid=9001,fd=20),("sh",pid=9000,fd=3))',
  "u_str ESTAB 0      0      /run/dbus/system bus 555 * 556",
].join("\n");

describe("judgePeer", () => {
  it("admits a peer whose every holder runs as this user", () => {
    expect(judgePeer([{ pid: 9001, uid: 1000 }], 1000)).toEqual({ ok: true, peers: [{ pid: 9001, uid: 1000 }] });
  });

  it("refuses a foreign uid, even beside this user's", () => {
    expect(
      judgePeer(
        [
          { pid: 9001, uid: 1000 },
          { pid: 9002, uid: 1001 },
        ],
        1000,
      ),
    ).toEqual({ ok: false, reason: "peer pid 9002 runs as uid 1001, not 1000" });
  });

  it("refuses when no holder could be seen (fail closed)", () => {
    expect(judgePeer([], 1000)).toMatchObject({ ok: false });
  });
});

describe("reading ss and /proc", () => {
  it("finds every pid holding the peer of our socket", () => {
    expect(peerPids(SS, 19743)).toEqual([9001, 9000]);
  });

  it.each([
    ["our end is not listed", SS, 4242],
    ["the peer shows no process (another user's, unreadable)", `${SS}\nu_str ESTAB 0 0 * 31 * 30`, 30],
    ["two sockets claim the peer", `${SS}\nu_str ESTAB 0 0 * 19744 * 19743 users:(("x",pid=1,fd=1))`, 19743],
    ["a process name crafted to look like an entry", 'u_str ESTAB 0 0 * 8 * 7 users:(("x",pid=1,fd=1)",pid=666,fd=3))', 7],
  ])("gives up when %s", (_, output, inode) => {
    expect(peerPids(output, inode)).toBeUndefined();
  });

  it("reads local addresses with spaces", () => {
    expect(peerPids('u_str ESTAB 0 0 /tmp/with space.sock 61 * 60 users:(("a",pid=5,fd=1))', 60)).toEqual([5]);
  });

  it("takes the effective uid from /proc/<pid>/status", () => {
    expect(effectiveUid("Name:\tnode\nUid:\t1000\t1001\t1002\t1003\nGid:\t1\t1\t1\t1\n")).toBe(1001);
    expect(effectiveUid("Name:\tnode\n")).toBeUndefined();
  });

  it("refuses every peer where no check exists", async () => {
    expect(await platformPeerCheck("darwin")({} as Socket)).toEqual({
      ok: false,
      reason: "the peer uid cannot be checked on darwin",
    });
  });
});

describe("the check on a live socket", () => {
  it("admits a client of this process as this user", async () => {
    const path = join(await fixtures.suite(), "peer.sock");
    const verdicts: PeerVerdict[] = [];
    const server = createServer({ pauseOnConnect: true }, (socket) => {
      void linuxPeerCheck(socket).then((verdict) => {
        verdicts.push(verdict);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const client = await fixtures.connect(path);
    await client.closed();
    await new Promise((resolve) => server.close(resolve));
    expect(verdicts).toEqual([{ ok: true, peers: [{ pid: process.pid, uid: process.geteuid?.() }] }]);
  });

  it("runs before a byte is read: a refused peer is closed unread, and is never a connection", async () => {
    let bytesReadAtVerdict = -1;
    let helloSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (helloSent = resolve));
    const host = await fixtures.host({
      peerCheck: async (socket) => {
        await sent;
        bytesReadAtVerdict = socket.bytesRead;
        return { ok: false, reason: "a stranger" };
      },
    });
    let connections = 0;
    host.events.on("connection", () => (connections += 1));
    const refused = once(host.events, "peer");
    const client = await fixtures.connect(host.endpoint);
    client.send(HELLO);
    helloSent();
    await client.closed();
    expect(await refused).toEqual([{ ok: false, reason: "a stranger", ms: expect.any(Number) }]);
    expect(bytesReadAtVerdict).toBe(0);
    expect(client.received()).toBe("");
    expect(connections).toBe(0);
  });

  it("is the platform check by default, reported per accept with its cost", async () => {
    const host = await fixtures.host();
    const checked = once(host.events, "peer");
    const { hello } = await fixtures.helloed(host);
    expect(hello).toMatchObject({ status: "ok" });
    const [verdict] = (await checked) as [PeerVerdict & { ms: number }];
    expect(verdict).toMatchObject({ ok: true, peers: [{ pid: process.pid }] });
  });

  it("can be switched off (peerCheck: false): then no verdict is asked for", async () => {
    const host = await fixtures.host({ peerCheck: false });
    let verdicts = 0;
    host.events.on("peer", () => (verdicts += 1));
    const { hello } = await fixtures.helloed(host);
    expect(hello).toMatchObject({ status: "ok" });
    expect(verdicts).toBe(0);
  });
});
