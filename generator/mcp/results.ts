/**
 * What a tool call answers the MCP client. A result is `structuredContent` (when it is an
 * object) plus its JSON as text, as MCP asks of tools with an output schema. A failure is a
 * tool result with `isError: true`, never a protocol error: the agent reads it and decides.
 * Its text is the one JSON line the generated CLIs print for a failure: the ToolError's
 * `{code, message, retryable}` (with `details` when it has some, such as the issues naming a
 * bad argument), or the JSON-RPC error exactly as the server sent it. A failure carries no
 * `structuredContent`: MCP clients check that against the tool's output schema.
 */
import type { BindingModule } from "./binding-module.js";
import { isJsonObject } from "../json.js";

export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

export interface ToolAnswer {
  readonly content: TextContent[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: true;
}

export function resultAnswer(value: unknown): ToolAnswer {
  const content: TextContent[] = [{ type: "text", text: JSON.stringify(value) }];
  return isJsonObject(value) ? { content, structuredContent: value } : { content };
}

/** A failure the generated client raised: its own error types, read from the binding that raised them. */
export function failureAnswer(binding: BindingModule, error: unknown): ToolAnswer {
  return { content: [{ type: "text", text: JSON.stringify({ error: failureJson(binding, error) }) }], isError: true };
}

export function isKnownFailure(binding: BindingModule, error: unknown): boolean {
  return error instanceof binding.ToolError || error instanceof binding.RpcError;
}

function failureJson(binding: BindingModule, error: unknown): unknown {
  if (error instanceof binding.RpcError) return (error as unknown as { toJSON(): unknown }).toJSON();
  if (error instanceof binding.ToolError) {
    const { code, message, retryable, details } = error as unknown as {
      code: string;
      message: string;
      retryable: boolean;
      details?: unknown;
    };
    return details === undefined ? { code, message, retryable } : { code, message, retryable, details };
  }
  // A throw the client did not turn into its own error is a bug: said as one, never as the contract's code.
  const message = error instanceof Error ? error.message : String(error);
  return { code: "internal_error", message, retryable: false };
}
