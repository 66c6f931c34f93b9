/** Runs the rightkit-bindgen CLI in-process with captured output. */
import { main } from "../../generator/cli.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(argv: readonly string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

export const EMBEDDED = {
  contract: "contract/rightkit.agent.demo.v1.schema.json",
  binding: "contract/rightkit.agent.demo.v1.binding.json",
} as const;

/** A contract document of our own: prose and examples around a fenced copy of EMBEDDED.contract. */
export const CONTRACT_DOC = "test/fixtures/contract-docs/rightkit.agent.demo.v1.md";
