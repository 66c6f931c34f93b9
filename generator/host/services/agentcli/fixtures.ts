/**
 * The fixed registries this offline server lists: compile targets, identity providers,
 * authorization proof methods, authorization and evidence providers. Names follow agentcli's
 * own; the capabilities are this fixture's, small and stable so tests can name them.
 */
export type CompileTarget = {
  name: string;
  description: string;
  capabilities: readonly string[];
  features: Readonly<Record<string, boolean>>;
};

export const COMPILE_TARGETS: readonly CompileTarget[] = [
  {
    name: "standalone",
    description: "A self-contained plan of the manifest's jobs, for runtimes without a scheduler of their own.",
    capabilities: ["schedule", "prompt"],
    features: { schedule: true, trigger: false, approval: false, shell: true },
  },
  {
    name: "openclaw-scheduler",
    description: "Jobs for the OpenClaw Scheduler, written by agentcli.apply.",
    capabilities: ["schedule", "trigger", "approval", "prompt"],
    features: { schedule: true, trigger: true, approval: true, shell: true },
  },
];

type Capabilities = Readonly<Record<string, unknown>>;

/** A registry entry: `name` and `capabilities` are listed; `detail` answers the entry's *.schema lookup. */
export type Registered<Detail> = { name: string; capabilities: Capabilities; detail: Detail };

export const IDENTITY_PROVIDERS: readonly Registered<undefined>[] = [
  { name: "none", capabilities: { presentation: [], delegation: false, network: false }, detail: undefined },
  { name: "env-bearer", capabilities: { presentation: ["env"], delegation: false, network: false }, detail: undefined },
  {
    name: "oidc-client-credentials",
    capabilities: { presentation: ["env", "header"], delegation: false, network: true },
    detail: undefined,
  },
];

/** `detail` is the verifier agentcli.authorizationProof.schema names. */
export const AUTHORIZATION_PROOF_METHODS: readonly Registered<string>[] = [
  { name: "none", capabilities: { cryptographic: false, network: false }, detail: "none" },
  { name: "jwt", capabilities: { cryptographic: true, network: true }, detail: "jwt-compact-jws" },
  { name: "detached-signature", capabilities: { cryptographic: true, network: false }, detail: "ssh-detached-signature" },
];

export const AUTHORIZATION_PROVIDERS: readonly Registered<undefined>[] = [
  { name: "none", capabilities: { decisions: ["allow"], network: false }, detail: undefined },
  { name: "opa", capabilities: { decisions: ["allow", "deny"], network: true }, detail: undefined },
];

/** `detail` is the methods agentcli.evidence.schema lists. */
export const EVIDENCE_PROVIDERS: readonly Registered<readonly string[]>[] = [
  { name: "none", capabilities: { signs: false }, detail: [] },
  { name: "ssh", capabilities: { signs: true }, detail: ["ssh-signature"] },
];

/** What a listing shows of each entry. */
export function listed(entries: readonly Registered<unknown>[]): { name: string; capabilities: Capabilities }[] {
  return entries.map(({ name, capabilities }) => ({ name, capabilities }));
}

export function lookUp<Detail>(entries: readonly Registered<Detail>[], name: string): Registered<Detail> | undefined {
  return entries.find((entry) => entry.name === name);
}
