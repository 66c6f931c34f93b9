/**
 * The host's peer check against a real process of another user. Everywhere else in this suite
 * the peer is ourselves; here a child runs as uid 65534 (the suite runs as root, as CI does) and
 * connects to a socket it is allowed to reach, so only the peer check stands in its way.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { linuxPeerCheck, type PeerVerdict } from "../../generator/host/core/peer.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const NOBODY = 65534;
const cleanups = cleanupAfterEach();

it("refuses a peer that runs as another user, naming its uid", async () => {
  // World-reachable on purpose: the 0700 directory the host really uses would stop the peer first.
  const dir = await mkdtemp(join(tmpdir(), "rk-peer-"));
  cleanups.add(() => rm(dir, { recursive: true, force: true }));
  await chmod(dir, 0o777);
  const path = join(dir, "peer.sock");
  const verdicts: PeerVerdict[] = [];
  const judged = new Promise<void>((resolve) => {
    const server = createServer({ pauseOnConnect: true }, (socket: Socket) => {
      void linuxPeerCheck(socket).then((verdict) => {
        verdicts.push(verdict);
        socket.destroy();
        resolve();
      });
    });
    cleanups.add(() => new Promise<void>((closed) => server.close(() => closed())));
    server.listen(path, () => void chmod(path, 0o777).then(() => start()));
  });
  let child: ReturnType<typeof spawn> | undefined;
  const start = (): void => {
    // The child holds its end open until the host has judged it, then exits on its own.
    child = spawn(
      process.execPath,
      [
        "-e",
        `const s = require("node:net").connect(${JSON.stringify(path)}); s.on("error", () => {}); s.on("close", () => process.exit(0));`,
      ],
      { uid: NOBODY, gid: NOBODY, stdio: "ignore" },
    );
  };
  await judged;
  if (child !== undefined && child.exitCode === null) await once(child, "exit");
  expect(verdicts).toEqual([{ ok: false, reason: expect.stringContaining(`uid ${NOBODY}`) }]);
});
