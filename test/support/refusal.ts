import { expect } from "vitest";
import { ToolError } from "./runtime.js";

/** The ToolError a synchronous parse throws; fails the test if it returns instead. */
export function refusal(parse: () => unknown): ToolError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return error as ToolError;
  }
  throw new Error("the arguments were accepted");
}
