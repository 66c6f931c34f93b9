/**
 * The facts of the upstream contract documents, as scripts/contract-facts.mjs extracted them into
 * test/fixtures/contract-facts/<document>.json (the documents stay upstream). Each lookup names
 * the document's section and throws when the fixture has no such fact, so a missing fact fails
 * the test that wanted it.
 */
import { readFileSync } from "node:fs";

export interface DocumentedParam {
  readonly name: string;
  readonly required: boolean;
  readonly type?: string | readonly string[];
  readonly minimum?: number;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
}

export interface DocumentedEntry {
  readonly name: string;
  /** Absent when the document gives the entry no `Params:`; empty for `- none`. */
  readonly params?: readonly DocumentedParam[];
  readonly result?: Record<string, unknown>;
}

export interface DocumentedSchema {
  readonly $id: string;
  readonly sha256: string;
  readonly bytes: number;
}

export interface FactsSection {
  readonly heading: string;
  readonly entries?: readonly DocumentedEntry[];
  readonly tables?: readonly { readonly column: string; readonly values: readonly string[] }[];
  readonly rpcErrorCodes?: readonly number[];
  readonly schemas?: readonly DocumentedSchema[];
  readonly examples?: readonly Record<string, unknown>[];
}

export interface ContractFacts {
  readonly document: { readonly file: string; readonly title: string; readonly version: string; readonly sha256: string };
  readonly extractedBy: string;
  readonly sections: readonly FactsSection[];
}

export const FACTS_DIR = new URL("../fixtures/contract-facts/", import.meta.url);

/** The committed facts of one upstream document, by its file name without `.md`. */
export function contractFacts(document: "rightkit-agent-demo-contract-v1" | "agentcli-jsonrpc-protocol"): ContractFacts {
  return JSON.parse(readFileSync(new URL(`${document}.json`, FACTS_DIR), "utf8")) as ContractFacts;
}

/** One kind of fact of one `## heading` section, present and not empty. */
export function fact<K extends Exclude<keyof FactsSection, "heading">>(
  facts: ContractFacts,
  heading: string,
  kind: K,
): NonNullable<FactsSection[K]> {
  const found = facts.sections.find((section) => section.heading === heading)?.[kind];
  if (found === undefined || found.length === 0)
    throw new Error(`${facts.document.file} has no ${kind} in "## ${heading}" (test/fixtures/contract-facts)`);
  return found as NonNullable<FactsSection[K]>;
}

/** Every JSON example of the document, in document order, whatever its section. */
export function examples(facts: ContractFacts): Record<string, unknown>[] {
  return facts.sections.flatMap((section) => section.examples ?? []);
}
