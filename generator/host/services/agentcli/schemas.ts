import { MANIFEST_SHAPE, MANIFEST_VERSION, SCHEDULE_SHAPE, TARGET_SHAPE, TASK_SHAPE, WORKFLOW_SHAPE } from "./manifest.js";
import type { SchemaTarget } from "./surface.js";
import { optional, required, toJsonSchema, toLegacyDescriptor, type Shape } from "./shapes.js";

/**
 * What agentcli.schema returns per target. The manifest, workflow and task fragments are the
 * shapes agentcli.validate checks; the others are this server's own small fragments of the
 * documents agentcli compiles to and speaks, not agentcli's full schemas.
 */
const TEXT: Shape = { kind: "string", nonEmpty: true };
const RPC_ID: Shape = { kind: "anyOf", of: [{ kind: "string" }, { kind: "integer" }] };

const SCHEMA_SHAPES: Readonly<Record<SchemaTarget, Shape>> = {
  manifest: MANIFEST_SHAPE,
  workflow: WORKFLOW_SHAPE,
  task: TASK_SHAPE,
  schedulerJob: {
    kind: "object",
    title: "schedulerJob",
    fields: {
      name: required(TEXT),
      schedule: required(SCHEDULE_SHAPE),
      target: required(TARGET_SHAPE),
      prompt: optional(TEXT),
      enabled: optional({ kind: "boolean" }),
    },
  },
  standalonePlan: {
    kind: "object",
    title: "standalonePlan",
    fields: {
      target: required({ kind: "string", enum: ["standalone"] }),
      manifest_version: required({ kind: "string", enum: [MANIFEST_VERSION] }),
      jobs: required({
        kind: "array",
        items: {
          kind: "object",
          fields: { workflow_id: required(TEXT), task_id: required(TEXT), schedule: required(SCHEDULE_SHAPE) },
        },
      }),
    },
  },
  handoffV4: {
    kind: "object",
    title: "handoffV4",
    fields: {
      field_version: required({ kind: "string", enum: ["4"] }),
      projected_fields: required({ kind: "integer", minimum: 0 }),
      job: required({ kind: "object", fields: {} }),
    },
  },
  rpcRequest: {
    kind: "object",
    title: "rpcRequest",
    fields: {
      jsonrpc: required({ kind: "string", enum: ["2.0"] }),
      id: optional(RPC_ID),
      method: required(TEXT),
      params: optional({ kind: "object", fields: {} }),
    },
  },
  rpcResponse: {
    kind: "object",
    title: "rpcResponse",
    fields: {
      jsonrpc: required({ kind: "string", enum: ["2.0"] }),
      id: required({ kind: "anyOf", of: [RPC_ID, { kind: "null" }] }),
      result: optional({ kind: "object", fields: { ok: optional({ kind: "boolean" }) } }),
      error: optional({
        kind: "object",
        fields: { code: required({ kind: "integer" }), message: required({ kind: "string" }), data: optional({ kind: "any" }) },
      }),
    },
  },
};

export const SCHEMA_FORMAT = { current: "json-schema-draft-2020-12", legacy: "agentcli-legacy" } as const;

export function schemaOf(target: SchemaTarget, legacy: boolean): { schema_format: string; schema: Record<string, unknown> } {
  const shape = SCHEMA_SHAPES[target];
  return legacy
    ? { schema_format: SCHEMA_FORMAT.legacy, schema: { name: target, ...toLegacyDescriptor(shape) } }
    : { schema_format: SCHEMA_FORMAT.current, schema: toJsonSchema(shape) };
}
