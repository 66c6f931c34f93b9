/** The one app the demo catalog holds, and the element tree every fixture session shows. */
export const FIXTURE_APP_ID = "app.orthiclabs.demo-fixture";
export const FIXTURE_APP_NAME = "Demo Fixture";

export type ElementOp = "click" | "type" | "press";
export const ELEMENT_OPS: readonly ElementOp[] = ["click", "type", "press"];

export type FixtureElement = {
  /** Suffix of the element's ref; the session prefixes it, so refs die with their session. */
  id: string;
  role: string;
  label: string;
  ops: readonly ElementOp[];
  /** A secure or credential field: the host gate refuses it with target_blocked. */
  secure: boolean;
};

// Labels carry multi-byte UTF-8 on purpose, so split-write tests cut characters in half.
export const FIXTURE_ELEMENTS: readonly FixtureElement[] = [
  { id: "e1", role: "text_field", label: "Name — full", ops: ["type"], secure: false },
  { id: "e2", role: "button", label: "Submit ✓", ops: ["click"], secure: false },
  { id: "e3", role: "secure_text_field", label: "Password", ops: ["type"], secure: true },
  { id: "e4", role: "search_field", label: "Search", ops: ["type", "press"], secure: false },
];
