/**
 * Regression: `mock`, `proxy` and `host` turned anything thrown while they started into "could
 * not start" (exit 1, or 2 for the proxy), so a bug of ours there looked like the user's socket
 * being taken, and the socket it had opened stayed open. Now only a refusal (the host floor's
 * `StartRefusal`, or the system's own I/O error) is "could not start"; anything else reaches the
 * CLI as our bug, exit 3, with what was started closed and removed.
 */
import { access } from "node:fs/promises";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import type { Io } from "../../generator/commands/exit.js";
import { StartRefusal, startRefusal } from "../../generator/host/core/start-refusal.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { AGENTCLI } from "../mock/support.js";

const cleanups = cleanupAfterEach();
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** An Io whose lines are kept, and whose line announcing the host as up throws: a bug of ours, once the socket is open. */
function failingOnceUp(): { io: Io; lines: string[] } {
  const lines: string[] = [];
  const say = (line: string): void => {
    lines.push(line);
    if (/listening on|serving/.test(line)) throw new TypeError("a bug of ours after the socket was opened");
  };
  return { io: { out: say, err: say }, lines };
}

describe("a bug while a host starts is our bug, not a refusal", () => {
  it.each([
    ["mock", (sock: string, _up: string) => ["mock", "--contract", AGENTCLI, "--socket", sock]],
    ["proxy", (sock: string, up: string) => ["proxy", "--contract", AGENTCLI, "--socket", sock, "--upstream-socket", up]],
    ["host", (sock: string, _up: string) => ["host", "--socket", sock]],
  ])("%s: exit 3, internal error, and its socket closed and removed", async (_name, argv) => {
    const dir = await cleanups.dir();
    const socket = join(dir, "host.sock");
    const { io, lines } = failingOnceUp();
    const code = await main(argv(socket, join(dir, "upstream.sock")), io);
    expect(code).toBe(3);
    expect(lines.at(-1)).toContain("internal error: a bug of ours after the socket was opened");
    expect(lines.join("\n")).not.toContain("could not start");
    expect(await exists(socket)).toBe(false);
  });

  it.each([
    ["mock", 1, (sock: string, _up: string) => ["mock", "--contract", AGENTCLI, "--socket", sock]],
    ["proxy", 2, (sock: string, up: string) => ["proxy", "--contract", AGENTCLI, "--socket", sock, "--upstream-socket", up]],
    ["host", 1, (sock: string, _up: string) => ["host", "--socket", sock]],
  ])("%s: a refusal is still 'could not start' (exit %i)", async (_name, exit, argv) => {
    const dir = await cleanups.dir();
    // A file where the socket's directory should be: the system refuses, not our code.
    await writeFile(join(dir, "taken"), "");
    const lines: string[] = [];
    const io: Io = { out: (line) => lines.push(line), err: (line) => lines.push(line) };
    const code = await main(argv(join(dir, "taken", "host.sock"), join(dir, "upstream.sock")), io);
    expect(code).toBe(exit);
    expect(lines.join("\n")).toMatch(/could not start|refusing|ENOTDIR|not a directory/);
    expect(lines.join("\n")).not.toContain("internal error");
  });

  it("names a refusal a refusal and nothing else, whatever it says", () => {
    const errorTypes = [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError] as const;
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...errorTypes),
        fc.option(fc.oneof(fc.constantFrom("EADDRINUSE", "ENOENT", "EACCES"), fc.string()), { nil: undefined }),
        (message, ErrorType, code) => {
          expect(startRefusal(new StartRefusal(message))).toBe(message);
          // Whatever it is called, an error that is no refusal and no failed system call is ours.
          const ours = Object.assign(new ErrorType(message), code === undefined ? {} : { code });
          expect(startRefusal(ours)).toBeUndefined();
          expect(startRefusal(message)).toBeUndefined();
          // A failed system call carries its errno name and the call.
          const system = Object.assign(new Error(message), { code: "EADDRINUSE", errno: -98, syscall: "listen" });
          expect(startRefusal(system)).toBe(message);
        },
      ),
    );
  });
});
