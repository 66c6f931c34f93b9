import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  startHost,
  type DaemonHostHandle,
  type DaemonHostOptions,
  type HostHandle,
  type HostOptions,
} from "../../generator/host/index.js";
import { DaemonTransport, JsonRpcSocketTransport, type DaemonTransportOptions } from "./runtime.js";

export type HostFixture = {
  host: HostHandle;
  transport: JsonRpcSocketTransport;
  dir: string;
  /** Closes the transport, waits until the host saw every connection go, stops the host. */
  dispose(): Promise<void>;
};

/** A private temp directory (0700) that `remove` deletes with everything in it. */
export async function privateTempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "rk-bindgen-"));
  await chmod(dir, 0o700);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A host on a fresh socket and a transport pointed at it. */
export async function startHostFixture(options: Omit<HostOptions, "socketPath"> = {}): Promise<HostFixture> {
  const temp = await privateTempDir();
  const host = await startHost({ ...options, socketPath: join(temp.dir, "daemon.sock") });
  const transport = new JsonRpcSocketTransport({ socketPath: host.socketPath });
  return {
    host,
    transport,
    dir: temp.dir,
    dispose: async () => {
      await transport.close();
      await host.idle();
      await host.close();
      await temp.remove();
    },
  };
}

/** Counts live handles of one kind ("Timeout", "PipeWrap", ...), to prove nothing leaked. */
export function activeResources(kind: string): number {
  return process.getActiveResourcesInfo().filter((name) => name === kind).length;
}

export type DaemonFixture = {
  host: DaemonHostHandle;
  /** The suite root the host published its record in (a private temp directory). */
  suiteRoot: string;
  transport: DaemonTransport;
  /** Closes the transport, waits until the host saw every connection go, stops the host. */
  dispose(): Promise<void>;
};

/** A rightkit-daemon host publishing in a fresh suite root, and a DaemonTransport discovering it there. */
export async function startDaemonFixture(
  options: Omit<DaemonHostOptions, "suiteRoot"> = {},
  transportOptions: Omit<DaemonTransportOptions, "suiteRoot"> = {},
): Promise<DaemonFixture> {
  const temp = await privateTempDir();
  const host = await startHost({ ...options, suiteRoot: temp.dir });
  const transport = new DaemonTransport({ ...transportOptions, suiteRoot: temp.dir });
  return {
    host,
    suiteRoot: temp.dir,
    transport,
    dispose: async () => {
      await transport.close();
      await host.idle();
      await host.close();
      await temp.remove();
    },
  };
}
