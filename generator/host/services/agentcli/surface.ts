/**
 * What the agentcli test server's answers see of it: the targets agentcli.schema and
 * agentcli.describe take, and the shape of the method table in force (methods.ts holds the
 * table; describe.ts and schemas.ts read these shapes without reaching back into it).
 */
import type { Outcome } from "../../core/outcome.js";
import type { ParamSpecs } from "./params.js";

/** agentcli.schema's targets, and the kebab-case spellings it also accepts. */
export const SCHEMA_TARGETS = [
  "manifest",
  "workflow",
  "task",
  "schedulerJob",
  "standalonePlan",
  "handoffV4",
  "rpcRequest",
  "rpcResponse",
] as const;
export const SCHEMA_TARGET_ALIASES = {
  "scheduler-job": "schedulerJob",
  "standalone-plan": "standalonePlan",
  "handoff-v4": "handoffV4",
  "rpc-request": "rpcRequest",
  "rpc-response": "rpcResponse",
} as const satisfies Readonly<Record<string, SchemaTarget>>;
export const DESCRIBE_TARGETS = ["manifest", "workflow", "task", "targets", "commands", "rpc"] as const;

export type SchemaTarget = (typeof SCHEMA_TARGETS)[number];
export type DescribeTarget = (typeof DESCRIBE_TARGETS)[number];

/** What an answer may look at besides its params: the methods and notifications in force. */
export type Surface = { readonly methods: readonly ServedMethod[]; readonly notifications: readonly SentNotification[] };

/** A notification this server sends, with the params it sends it with. */
export type SentNotification = { readonly name: string; readonly summary: string; readonly params: unknown };

export type ServedMethod = {
  readonly name: string;
  readonly summary: string;
  readonly params: ParamSpecs;
  answer(params: Readonly<Record<string, unknown>>, surface: Surface): Outcome;
};
