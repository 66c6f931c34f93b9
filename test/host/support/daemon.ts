import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { CONTROL_APP, startHost, type DaemonHostHandle, type DaemonHostOptions } from "../../../generator/host/index.js";
import { privateTempDir } from "../../support/host.js";
import { RawClient } from "./raw-client.js";

export const HELLO = { type: "hello", app: "right-ctl", protocol_major: 1, protocol_minor: 0 } as const;

/** Hosts and clients a test opened; `cleanup()` closes them all (clients first) and removes the suites. */
export class DaemonFixtures {
  readonly #clients: RawClient[] = [];
  readonly #hosts: DaemonHostHandle[] = [];
  readonly #dirs: (() => Promise<void>)[] = [];

  /** A fresh private suite directory. */
  async suite(): Promise<string> {
    const temp = await privateTempDir();
    this.#dirs.push(temp.remove);
    return temp.dir;
  }

  /** A daemon host in a fresh suite, or in `options.suiteRoot`. */
  async host(options: Partial<DaemonHostOptions> = {}): Promise<DaemonHostHandle> {
    const host = await startHost({ ...options, suiteRoot: options.suiteRoot ?? (await this.suite()) });
    this.#hosts.push(host);
    return host;
  }

  /** Closes `host` at cleanup too (one started by startHost itself). */
  adopt(host: DaemonHostHandle): DaemonHostHandle {
    this.#hosts.push(host);
    return host;
  }

  async connect(path: string): Promise<RawClient> {
    const client = await RawClient.connect(path);
    this.#clients.push(client);
    return client;
  }

  /** A connection that has said hello as `app`, with the host's hello read. */
  async helloed(host: DaemonHostHandle, app = "right-ctl"): Promise<{ client: RawClient; hello: Record<string, unknown> }> {
    const client = await this.connect(host.endpoint);
    client.send({ ...HELLO, app });
    return { client, hello: await client.nextFrame() };
  }

  async cleanup(): Promise<void> {
    for (const client of this.#clients.splice(0)) await client.close();
    for (const host of this.#hosts.splice(0)) await host.close();
    for (const remove of this.#dirs.splice(0).reverse()) await remove();
  }
}

/** Sends one request and collects its events up to (and with) its response. */
export async function call(
  client: RawClient,
  id: number,
  method: string,
  params: unknown = {},
): Promise<{ events: unknown[]; response: Record<string, unknown> }> {
  client.send({ type: "request", id, method, params });
  const events: unknown[] = [];
  for (;;) {
    const frame = await client.nextFrame();
    if (frame["type"] !== "event") return { events, response: frame };
    events.push(frame["event"]);
  }
}

/** The kill control, as the CLI end-to-end tests pull it from outside. */
export async function killFromOutside(host: DaemonHostHandle, fixtures: DaemonFixtures, session?: string): Promise<unknown> {
  const { client } = await fixtures.helloed(host, CONTROL_APP);
  const { response } = await call(client, 1, "host.kill", session === undefined ? {} : { session });
  return response;
}

export async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
}

/** A pid that was alive a moment ago and is not any more. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return child.pid ?? 0;
}
