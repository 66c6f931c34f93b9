import { chmod, mkdir, realpath, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startHost, type HostHandle } from "../../../generator/host/index.js";
import { privateTempDir } from "../../support/host.js";
import {
  assertSocketTrusted,
  defaultSocketPath,
  JsonRpcSocketTransport,
  judgeSocket,
  resolveSocketPath,
  ToolError,
} from "../../support/runtime.js";

const unix = { platform: "linux" as const, env: {}, uid: 1000, username: "ada" };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("defaultSocketPath", () => {
  it("uses $XDG_RUNTIME_DIR on Linux and a per-uid /tmp directory without it", () => {
    expect(defaultSocketPath({ ...unix, env: { XDG_RUNTIME_DIR: "/run/user/1000" } })).toBe(
      "/run/user/1000/rightkit/daemon.sock",
    );
    expect(defaultSocketPath(unix)).toBe("/tmp/rightkit-1000/daemon.sock");
    expect(defaultSocketPath({ ...unix, env: { XDG_RUNTIME_DIR: "relative/dir" } })).toBe("/tmp/rightkit-1000/daemon.sock");
  });

  it("uses the per-user $TMPDIR on macOS", () => {
    expect(defaultSocketPath({ ...unix, platform: "darwin", env: { TMPDIR: "/var/folders/x/T/" } })).toBe(
      "/var/folders/x/T/rightkit/daemon.sock",
    );
    expect(defaultSocketPath({ ...unix, platform: "darwin" })).toBe("/tmp/rightkit-1000/daemon.sock");
  });

  it("names a per-user pipe on Windows", () => {
    expect(defaultSocketPath({ ...unix, platform: "win32" })).toBe("\\\\.\\pipe\\rightkit-ada\\daemon");
  });
});

describe("resolveSocketPath", () => {
  it("prefers the option, then RIGHTKIT_SOCKET, then the default", () => {
    const env = { RIGHTKIT_SOCKET: "/srv/rk.sock", XDG_RUNTIME_DIR: "/run/user/1000" };
    expect(resolveSocketPath("/opt/given.sock", { ...unix, env })).toBe("/opt/given.sock");
    expect(resolveSocketPath(undefined, { ...unix, env })).toBe("/srv/rk.sock");
    expect(resolveSocketPath(undefined, { ...unix, env: { XDG_RUNTIME_DIR: "/run/user/1000" } })).toBe(
      "/run/user/1000/rightkit/daemon.sock",
    );
  });
});

describe("the user-only rule before connecting", () => {
  async function hostIn(mode: number): Promise<{ host: HostHandle; dir: string }> {
    const temp = await privateTempDir();
    cleanups.push(temp.remove);
    const dir = join(temp.dir, "sockets");
    await mkdir(dir, { mode: 0o700 });
    const host = await startHost({ socketPath: join(dir, "daemon.sock") });
    cleanups.push(() => host.close());
    await chmod(dir, mode);
    return { host, dir };
  }

  async function refusal(socketPath: string): Promise<ToolError> {
    const error = await assertSocketTrusted(socketPath).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ToolError);
    return error as ToolError;
  }

  it("accepts the host's own socket in a 0700 directory, and names the resolved path to connect to", async () => {
    const { host } = await hostIn(0o700);
    await expect(assertSocketTrusted(host.socketPath)).resolves.toBe(await realpath(host.socketPath));
  });

  it("resolves a symlink to the socket it checked, so the checked path is the one connected to", async () => {
    const { host } = await hostIn(0o700);
    const link = `${host.socketPath}.link`;
    await symlink(host.socketPath, link);
    await expect(assertSocketTrusted(link)).resolves.toBe(await realpath(host.socketPath));
  });

  it.each([0o777, 0o770, 0o702])("refuses a socket in a directory with mode %o without connecting", async (mode) => {
    const { host } = await hostIn(mode);
    let connections = 0;
    host.events.on("connection", () => (connections += 1));
    expect(await refusal(host.socketPath)).toMatchObject({
      code: "service_unavailable",
      retryable: false,
      details: { reason: "directory_writable_by_others" },
    });
    const transport = new JsonRpcSocketTransport({ socketPath: host.socketPath });
    await expect(transport.call("demo.apps", {}, { timeoutMs: 2000 })).rejects.toMatchObject({
      code: "service_unavailable",
      details: { reason: "directory_writable_by_others" },
    });
    await transport.close();
    expect(connections).toBe(0);
  });

  it("refuses a socket owned by someone other than the caller", async () => {
    const { host } = await hostIn(0o700);
    const someoneElse = (process.getuid?.() ?? 0) + 4242;
    const error = await assertSocketTrusted(host.socketPath, "linux", someoneElse).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ code: "service_unavailable", details: { reason: "socket_not_owned" } });
  });
});

describe("judgeSocket", () => {
  const mine = { uid: 1000, socketUid: 1000, dirUid: 1000, dirMode: 0o40700 };

  it("trusts a socket of mine in a private directory of mine or root's", () => {
    expect(judgeSocket(mine)).toBeUndefined();
    expect(judgeSocket({ ...mine, dirUid: 0, dirMode: 0o40755 })).toBeUndefined();
  });

  it.each([
    [{ socketUid: 1001 }, "socket_not_owned"],
    [{ dirUid: 1001 }, "directory_not_owned"],
    [{ dirMode: 0o40720 }, "directory_writable_by_others"],
    [{ dirMode: 0o41777 }, "directory_writable_by_others"],
  ] as const)("%o is %s", (change, reason) => {
    expect(judgeSocket({ ...mine, ...change })).toBe(reason);
  });
});
