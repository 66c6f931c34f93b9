/**
 * A service published in a suite by a process that serves it without being its host (the
 * proxy): the same 0700 tree, socket place and service.json as a daemon host's, written once the
 * caller listens and removed on exit while it is still this process's. It never takes a service
 * over: a live host already holding the record is a refusal, not a hand-off.
 */
import { resolve } from "node:path";
import { GENERATOR_VERSION } from "../version.js";
import { preparePrivateTree } from "./core/daemon-host.js";
import { chooseEndpoint } from "./core/endpoint.js";
import { PROTOCOL_MAJOR, PROTOCOL_MINOR } from "./core/protocols/daemon.js";
import { StartRefusal } from "./core/start-refusal.js";
import {
  processStartedMs,
  readRecord,
  recordIsLive,
  removeRecordIfOurs,
  servicePaths,
  writeRecord,
  type ServiceRecord,
} from "./core/record.js";
import { DEFAULT_RANK } from "./start.js";

export interface Publication {
  /** The socket to listen on before publishing. */
  readonly endpoint: string;
  readonly recordPath: string;
  /** Writes service.json, naming `role`: call once listening. */
  publish(role: string): Promise<void>;
  /** Removes the record (only while it is still ours) and what choosing the socket made. */
  withdraw(): Promise<void>;
}

export async function preparePublication(suiteRoot: string, service: string): Promise<Publication> {
  const paths = servicePaths(resolve(suiteRoot), service);
  await preparePrivateTree(paths);
  const found = await readRecord(paths.recordPath);
  if (found !== undefined && (await recordIsLive(found)))
    throw new StartRefusal(`${paths.recordPath} names a live host of ${service} (pid ${found.pid})`);
  const endpoint = await chooseEndpoint(paths.serviceDir, undefined);
  let published: ServiceRecord | undefined;
  return {
    endpoint: endpoint.path,
    recordPath: paths.recordPath,
    publish: async (role) => {
      published = {
        protocol_major: PROTOCOL_MAJOR,
        protocol_minor: PROTOCOL_MINOR,
        service,
        role,
        rank: DEFAULT_RANK,
        pid: process.pid,
        endpoint: endpoint.path,
        version: GENERATOR_VERSION,
        started_ms: Date.now(),
        process_started_ms: processStartedMs(),
      };
      await writeRecord(paths.recordPath, published);
    },
    withdraw: async () => {
      if (published !== undefined) await removeRecordIfOurs(paths.recordPath, published);
      await endpoint.release();
    },
  };
}
