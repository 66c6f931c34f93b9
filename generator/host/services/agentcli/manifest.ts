import { check, optional, required, type Findings, type Issue, type Shape } from "./shapes.js";
import { isJsonObject } from "../../../json.js";

/**
 * The manifest as this server checks it: a small, real subset of agentcli's (version, workflows
 * with ids and names, tasks with id, name, prompt, target and schedule). Fields it does not name
 * pass with a warning, so a fuller manifest is not refused for what this server leaves out.
 */
export const MANIFEST_VERSIONS = ["0.1", "0.2"] as const;
export const MANIFEST_VERSION = "0.2";
const CONVERTIBLE_VERSION = "0.1";

const IDENTIFIER: Shape = { kind: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$" };
const TEXT: Shape = { kind: "string", nonEmpty: true };

export const TARGET_SHAPE: Shape = {
  kind: "object",
  title: "target",
  fields: {
    session_target: required({ kind: "string", enum: ["main", "isolated", "shell"] }),
    payload_kind: optional({ kind: "string", enum: ["systemEvent", "agentTurn", "shellCommand"] }),
    agent_id: optional(TEXT),
  },
};

export const SCHEDULE_SHAPE: Shape = {
  kind: "object",
  title: "schedule",
  fields: { cron: required(TEXT), tz: optional(TEXT) },
};

export const TASK_SHAPE: Shape = {
  kind: "object",
  title: "task",
  fields: {
    id: required(IDENTIFIER),
    name: required(TEXT),
    prompt: required(TEXT),
    target: required(TARGET_SHAPE),
    schedule: required(SCHEDULE_SHAPE),
    enabled: optional({ kind: "boolean" }),
  },
};

export const WORKFLOW_SHAPE: Shape = {
  kind: "object",
  title: "workflow",
  fields: {
    id: required(IDENTIFIER),
    name: required(TEXT),
    tasks: required({ kind: "array", items: TASK_SHAPE, minItems: 1 }),
  },
};

export const MANIFEST_SHAPE: Shape = {
  kind: "object",
  title: "manifest",
  fields: {
    version: required({ kind: "string", enum: MANIFEST_VERSIONS }),
    workflows: required({ kind: "array", items: WORKFLOW_SHAPE, minItems: 1 }),
  },
};

/** agentcli.validate's result: failures are a result (`ok: false`), never an RPC error. */
export type Validation = { ok: boolean; errors: Issue[]; warnings: Issue[] };

export function validateManifest(manifest: unknown): Validation {
  const findings = check(MANIFEST_SHAPE, manifest);
  findDuplicateIds(manifest, findings);
  return { ok: findings.errors.length === 0, errors: findings.errors, warnings: findings.warnings };
}

export type Conversion = { ok: true; manifest: Record<string, unknown> } | { ok: false; message: string; issues: Issue[] };

/** v0.1 → v0.2: every field kept, the version raised; anything but a valid v0.1 manifest is refused. */
export function convertManifest(manifest: Record<string, unknown>): Conversion {
  if (manifest["version"] !== CONVERTIBLE_VERSION) {
    return {
      ok: false,
      message: `manifest must be version ${CONVERTIBLE_VERSION} to convert`,
      issues: [{ path: "$.version", message: `must equal ${CONVERTIBLE_VERSION}` }],
    };
  }
  const validation = validateManifest(manifest);
  if (!validation.ok) return { ok: false, message: "manifest is not a valid v0.1 manifest", issues: validation.errors };
  return { ok: true, manifest: { ...manifest, version: MANIFEST_VERSION } };
}

/** Workflow ids are unique in a manifest, task ids in their workflow: no shape can say so. */
function findDuplicateIds(manifest: unknown, findings: Findings): void {
  const workflows = isJsonObject(manifest) && Array.isArray(manifest["workflows"]) ? manifest["workflows"] : [];
  const duplicate = (seen: Set<unknown>, item: unknown, path: string, message: string): void => {
    const id = isJsonObject(item) ? item["id"] : undefined;
    if (typeof id !== "string") return;
    if (seen.has(id)) findings.errors.push({ path: `${path}.id`, message });
    seen.add(id);
  };
  const workflowIds = new Set<unknown>();
  workflows.forEach((workflow: unknown, w) => {
    const at = `$.workflows[${w}]`;
    duplicate(workflowIds, workflow, at, "must be unique");
    const tasks = isJsonObject(workflow) && Array.isArray(workflow["tasks"]) ? workflow["tasks"] : [];
    const taskIds = new Set<unknown>();
    tasks.forEach((task: unknown, t) => duplicate(taskIds, task, `${at}.tasks[${t}]`, "must be unique within the workflow"));
  });
}
