/** The protocol document's own example manifest (agentcli-jsonrpc-protocol.md, "Envelope"), copied. */
export const DOCUMENT_EXAMPLE_MANIFEST = {
  version: "0.1",
  workflows: [
    {
      id: "w1",
      name: "W",
      tasks: [
        {
          id: "t1",
          name: "T",
          prompt: "hello",
          target: { session_target: "isolated" },
          schedule: { cron: "0 9 * * *" },
        },
      ],
    },
  ],
} as const;

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
