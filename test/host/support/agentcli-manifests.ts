import { contractFacts, examples } from "../../support/contract-facts.js";

interface ExampleTask {
  readonly id: string;
  readonly name: string;
  readonly prompt: string;
  readonly target: { readonly session_target: string };
  readonly schedule: { readonly cron: string };
}

/** One workflow of one task, as the document's example is. */
interface ExampleManifest {
  readonly version: string;
  readonly workflows: readonly [{ readonly id: string; readonly name: string; readonly tasks: readonly [ExampleTask] }];
}

/** The protocol document's own example manifest: its "Envelope" request's, from the document's contract facts. */
export const DOCUMENT_EXAMPLE_MANIFEST = documentExampleManifest();

function documentExampleManifest(): ExampleManifest {
  const request = examples(contractFacts("agentcli-jsonrpc-protocol")).find(
    (frame) => frame["method"] === "agentcli.validate" && "id" in frame,
  );
  const manifest = (request?.["params"] as { manifest?: ExampleManifest } | undefined)?.manifest;
  if (manifest?.workflows.length !== 1 || manifest.workflows[0].tasks.length !== 1)
    throw new Error("the agentcli document's example request has no manifest of one workflow of one task");
  return manifest;
}

/** A v0.2 manifest with two workflows, optional fields, and one field this server does not know. */
export const FULLER_MANIFEST = {
  version: "0.2",
  workflows: [
    {
      id: "daily",
      name: "Daily",
      tasks: [
        {
          id: "report",
          name: "Report",
          prompt: "write the report",
          target: { session_target: "main", payload_kind: "agentTurn" },
          schedule: { cron: "0 7 * * 1-5", tz: "Europe/Berlin" },
          enabled: true,
        },
      ],
    },
    {
      id: "weekly",
      name: "Weekly",
      owner: "ops",
      tasks: [
        { id: "sum", name: "Sum", prompt: "sum up", target: { session_target: "isolated" }, schedule: { cron: "0 8 * * 1" } },
      ],
    },
  ],
} as const;
