/**
 * Issue 34, "The CLI's edges": the JSON argument's duplicate-key check looked only 64 characters
 * past a key for its colon, so 70 blanks before each colon let a key be given twice and the last
 * value win silently; and `--dry-run` printed sensitive params (the token) in clear, while
 * `conform` and `mcp` redact them. Keys are now found by a scan of the text JSON.parse accepted
 * (`firstDuplicateKey`, core/json-reader.ts), and `--dry-run` prints through `dryRunText`
 * (cli/args.ts), which redacts the tool's `sensitiveParams` from the CLI table.
 */
import { describe, expect, it } from "vitest";
import { parseDemoArgs, runDemoCli } from "../../generated/rightkit.agent.demo.v1/index.js";
import { refusal } from "../support/refusal.js";

describe("the JSON argument's duplicate keys", () => {
  it("70 blanks before each colon: refused, not the last value silently", () => {
    const blanks = " ".repeat(70);
    const arg = `{"token"${blanks}:"t","ref":"e1","op":"click","token"${blanks}:"u"}`;
    const error = refusal(() => parseDemoArgs(["act", arg]));
    expect(error.code).toBe("invalid_arguments");
    expect(error.message.split("\n")[0]).toBe('act: key "token" is given twice');
  });

  it("any blanks JSON allows, on either side of the colon and nested", () => {
    const gap = " \n\t\r".repeat(40);
    const nested = `{"token":"t","steps":[{"op"${gap}:${gap}"click","ref":"e1","op"${gap}:"type"}]}`;
    expect(refusal(() => parseDemoArgs(["batch", nested])).message.split("\n")[0]).toBe('batch: key "op" is given twice');
  });
});

describe("--dry-run", () => {
  it("prints the token as <redacted>, as conform and mcp do, and the rest as parsed", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDemoCli(["snapshot", "token=sk-live-SECRETTOKEN", "--dry-run"], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: {},
    });
    expect([code, err]).toEqual([0, []]);
    expect(out.join("\n")).not.toContain("SECRET");
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([{ tool: "demo.snapshot", params: { token: "<redacted>" } }]);
  });

  it("in the JSON form too, and the call itself still carries the token", async () => {
    const out: string[] = [];
    const arg = '{"token":"sk-live-SECRETTOKEN","ref":"e1","op":"click"}';
    expect(await runDemoCli(["act", arg, "--dry-run"], { out: (line) => out.push(line), err: () => {}, env: {} })).toBe(0);
    expect(JSON.parse(out[0] as string)).toEqual({
      tool: "demo.act",
      params: { token: "<redacted>", ref: "e1", op: "click" },
    });
    expect(parseDemoArgs(["act", arg]).params).toMatchObject({ token: "sk-live-SECRETTOKEN" });
  });
});
