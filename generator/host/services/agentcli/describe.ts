import { COMPILE_TARGETS } from "./fixtures.js";
import { MANIFEST_SHAPE, TASK_SHAPE, WORKFLOW_SHAPE } from "./manifest.js";
import type { DescribeTarget, Surface } from "./surface.js";
import type { Shape } from "./shapes.js";
import { assertNever } from "../../../errors.js";

/**
 * agentcli.describe's metadata. Everything a topic lists is derived: the document topics from
 * the shapes agentcli.validate checks, `commands` and `rpc` from the method table in force, so
 * what describe says and what the server does are one fact.
 */
export function describe(target: DescribeTarget, surface: Surface): Record<string, unknown> {
  switch (target) {
    case "manifest":
      return document("manifest", "Top-level document: a manifest version and its workflows.", MANIFEST_SHAPE);
    case "workflow":
      return document("workflow", "A named collection of tasks with workflow-local ids.", WORKFLOW_SHAPE);
    case "task":
      return document("task", "A unit of work: a prompt, where it runs (target) and when (schedule).", TASK_SHAPE);
    case "targets":
      return { name: "targets", summary: "Available compilation targets.", items: COMPILE_TARGETS };
    case "commands":
      return { name: "commands", summary: "The agentcli commands in front of this server's methods.", items: commands(surface) };
    case "rpc":
      return {
        name: "rpc",
        summary: "Line-delimited JSON-RPC methods served over stdio.",
        methods: surface.methods.map(({ name, summary }) => ({ method: name, summary })),
        notifications: surface.notifications.map(({ name, summary, params }) => ({ method: name, summary, params })),
      };
    default:
      return assertNever(target, "describe target");
  }
}

function document(name: string, summary: string, shape: Shape): Record<string, unknown> {
  const fields = shape.kind === "object" ? Object.entries(shape.fields) : [];
  return {
    name,
    summary,
    required_fields: fields.filter(([, field]) => field.required).map(([field]) => field),
    optional_fields: fields.filter(([, field]) => !field.required).map(([field]) => field),
  };
}

/** `agentcli.authorizationProof.schema` is the command `authorization-proof`; in table order, each once. */
function commands(surface: Surface): { command: string; methods: string[] }[] {
  const byCommand = new Map<string, string[]>();
  for (const { name } of surface.methods) {
    const segment = name.split(".")[1] ?? name;
    const command = segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    byCommand.set(command, [...(byCommand.get(command) ?? []), name]);
  }
  return [...byCommand].map(([command, methods]) => ({ command, methods }));
}
