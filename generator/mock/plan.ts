/**
 * What `mock` knows of the contract it serves, read once through the pipeline's own model: what
 * every tool reads (values/served-contract.ts), which methods wait for a person, whether results
 * carry an `ok` envelope, and the transport the binding declares without the command a client
 * would start it with. Nothing here names a product: every fact comes from the contract and its
 * binding file.
 */
import type { Pointer } from "../json.js";
import type { ReadyBinding } from "../load/binding.js";
import { servedContract, servedMethod, servedPlan, type ServedMethod, type ServedPlan } from "../values/served-contract.js";

export interface MockMethod extends ServedMethod {
  /** The binding marks the method as waiting for a person (consent): `--wait` delays its answer. */
  readonly waitsForPerson: boolean;
}

export type MockTransport =
  | { readonly kind: "rightkit-daemon"; readonly service: string; readonly app: string }
  | { readonly kind: "jsonrpc-stdio"; readonly ready: (ReadyBinding & { readonly params: Pointer }) | undefined };

export interface MockPlan extends ServedPlan<MockTransport> {
  /** Sorted by name. */
  readonly methods: readonly MockMethod[];
  /** Every result carries a boolean `ok` (binding `results.okEnvelope`): the mock answers `ok: true`. */
  readonly okEnvelope: boolean;
}

export function mockPlan(choice: { readonly contract?: string | undefined }): MockPlan {
  const served = servedContract(choice, "mock needs one to serve");
  // The mock is the server: the command a client would start it with is not its to know.
  const transport: MockTransport =
    served.transport.kind === "rightkit-daemon"
      ? served.transport
      : { kind: served.transport.kind, ready: served.transport.ready };
  return {
    ...servedPlan(served, transport),
    methods: served.model.methods.map((method) => ({ ...servedMethod(method), waitsForPerson: method.waitsForPerson })),
    okEnvelope: served.model.okEnvelope,
  };
}

/** The method a wire name or a schema key names, if the contract has it. */
export function methodNamed(plan: MockPlan, name: string): MockMethod | undefined {
  return plan.methods.find((method) => method.tool === name || method.name === name);
}
