import type { Outcome } from "./outcome.js";
import type { JsonRpcDialect } from "./protocols/jsonrpc.js";

/** What a service sees of the call it is handling, whichever protocol carried it. */
export type CallContext = {
  /** The app label the caller declared in its hello (already allowlisted); "" over JSON-RPC, which has no hello. */
  readonly app: string;
  /** Sends an event frame for this request while it is in flight; a no-op once it is answered, and over JSON-RPC. */
  emit(event: unknown): void;
  /**
   * Aborted once a takeover asks this host to hand its service over. A long call (demo.request
   * waiting for consent) answers host_handoff at its next safe point instead of running on.
   */
  readonly handoff: AbortSignal;
  /** Closes the connection without an answer, as a host whose handler crashed on this call would. */
  drop(): void;
};

/** One service a host serves; the protocol adapters turn its outcomes into frames. */
export interface Service {
  /** The daemon service name, e.g. rightkit.agent.demo. */
  readonly name: string;
  handle(method: string, params: unknown, context: CallContext): Outcome | Promise<Outcome>;
  /** Ends the service's own waits and timers, so a closed host leaves nothing running. */
  stop(): void;
  /** How this service's server speaks JSON-RPC (what it says first, its error data); absent: the plain dialect. */
  readonly jsonRpc?: JsonRpcDialect;
}
