/**
 * Issue 34, "A FIFO named service.json hangs the client for good": `readOwnedFile` opened the
 * record before looking at what it was, and opening a FIFO blocks in libuv's thread pool until a
 * writer comes. right-ctl printed its typed timeout and never exited; four such calls used up
 * the pool, and every later file read of the process hung. The record is now opened with
 * O_NONBLOCK | O_NOFOLLOW and judged on the handle (templates/runtime/transports/daemon/record.ts):
 * anything but a regular file is `record_malformed` at once, and nothing is left waiting.
 *
 * Each case runs in a child process, waited for by its exit event (no sleeps): a process that
 * cannot exit is the bug.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { rejection } from "../support/rejection.js";
import { readServiceRecord, recordPath } from "../support/runtime.js";

const SERVICE = "rightkit.agent.demo";
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RIGHT_CTL = join(ROOT, "generator/bin/right-ctl.js");
const cleanups = cleanupAfterEach();

type Kind = "fifo" | "symlink" | "socket" | "directory" | "device";
const KINDS: readonly Kind[] =
  process.getuid?.() === 0 ? ["fifo", "symlink", "socket", "directory", "device"] : ["fifo", "symlink", "socket", "directory"];

/** A suite root whose service.json is a `kind`; a symlink points at a record that would be valid. */
async function suiteWith(kind: Kind): Promise<string> {
  const root = await cleanups.dir();
  const path = recordPath(root, SERVICE);
  await mkdir(join(root, "runtime", SERVICE), { recursive: true, mode: 0o700 });
  switch (kind) {
    case "fifo":
      execFileSync("mkfifo", ["-m", "600", path]);
      break;
    case "symlink": {
      const target = join(root, "elsewhere.json");
      const record = {
        protocol_major: 1,
        service: SERVICE,
        pid: process.pid,
        endpoint: join(root, "daemon.sock"),
      };
      await writeFile(target, JSON.stringify(record), { mode: 0o600 });
      await symlink(target, path);
      break;
    }
    case "socket": {
      const server: Server = createServer();
      server.listen(path);
      await once(server, "listening");
      cleanups.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
      break;
    }
    case "directory":
      await mkdir(path, { mode: 0o700 });
      break;
    case "device":
      // /dev/null's numbers: reading it gives nothing, but it is no record either.
      execFileSync("mknod", ["-m", "600", path, "c", "1", "3"]);
      break;
  }
  return root;
}

type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** Runs a child to its exit; the test's own timeout is what a hang runs into. */
async function run(args: readonly string[]): Promise<Exit> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== "RIGHTKIT_SUITE_ROOT" && key !== "RIGHTKIT_SOCKET"),
  );
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (child.stdout.readable) await once(child.stdout, "close");
  if (child.stderr.readable) await once(child.stderr, "close");
  return { code, signal, stdout, stderr };
}

describe("a service.json that is not a regular file", () => {
  for (const kind of KINDS) {
    it(`a ${kind}: record_malformed at once, not retryable`, { timeout: 10_000 }, async () => {
      const root = await suiteWith(kind);
      const error = await rejection(readServiceRecord(root, SERVICE));
      expect(error.toJSON()).toMatchObject({
        code: "service_unavailable",
        retryable: false,
        details: { reason: "record_malformed" },
      });
    });

    it(`a ${kind}: right-ctl prints the typed error within its deadline and exits by itself`, { timeout: 30_000 }, async () => {
      const root = await suiteWith(kind);
      const exit = await run([RIGHT_CTL, "demo", "apps", "--suite-root", root, "--timeout", "5000"]);
      expect(exit.signal).toBeNull();
      expect(exit.stdout).toBe("");
      expect(JSON.parse(exit.stderr)).toEqual({
        error: {
          code: "service_unavailable",
          message: expect.stringContaining("is not a record"),
          retryable: false,
        },
      });
      expect(exit.code).toBe(1);
    });
  }

  it(
    "five calls on a FIFO leave libuv's thread pool free: a later file read completes and the process exits",
    { timeout: 30_000 },
    async () => {
      const root = await suiteWith("fifo");
      // A client with a deadline shorter than any hang would be, then a read that needs the pool.
      const script = `
      import { readFile } from "node:fs/promises";
      import { DaemonTransport, DemoClient } from "./generated/rightkit.agent.demo.v1/index.ts";
      const client = new DemoClient(new DaemonTransport({ suiteRoot: ${JSON.stringify(root)} }));
      const codes = await Promise.all(
        Array.from({ length: 5 }, () => client.apps({}, { timeoutMs: 2000 }).then(() => "ok", (error) => error.details?.reason ?? error.code)),
      );
      await readFile("package.json", "utf8");
      process.stdout.write(JSON.stringify(codes));
    `;
      const exit = await run(["--import", "tsx", "--input-type=module", "-e", script]);
      expect(exit.stderr).toBe("");
      expect(JSON.parse(exit.stdout)).toEqual(Array.from({ length: 5 }, () => "record_malformed"));
      expect(exit.code).toBe(0);
    },
  );
});
