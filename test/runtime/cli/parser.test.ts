/**
 * The contract's "CLI argument rules", one by one, through the generated parseDemoArgs:
 * verbatim keys keep the text as typed, other values are JSON when they parse, and every
 * refusal is invalid_arguments naming the argument, with a usage line.
 */
import { describe, expect, it } from "vitest";
import { parseDemoArgs, type ParsedCall, type ToolError } from "../../../generated/rightkit.agent.demo.v1/index.js";
import { refusal as refusalOf } from "../../support/refusal.js";

const refusal = (argv: string[]): ToolError => refusalOf(() => parseDemoArgs(argv));

type ParamsByMethod = { [Call in ParsedCall as Call["method"]]: Call["params"] };

/** The params of a call the test knows the tool of, typed as that tool's params. */
function paramsOf<M extends keyof ParamsByMethod>(method: M, args: string[]): ParamsByMethod[M] {
  const call = parseDemoArgs([method, ...args]);
  expect(call.method).toBe(method);
  return call.params as ParamsByMethod[M];
}

const act = (...pairs: string[]) => paramsOf("act", ["token=t", "ref=e1", "op=type", ...pairs]);

describe("verbatim keys keep their value as typed", () => {
  it.each([
    ["text=1e3", "1e3"],
    ["text=true", "true"],
    ["text=", ""],
    ['text="quoted"', '"quoted"'],
    ["text={}", "{}"],
    ["key=null", "null"],
  ])("%s", (pair, expected) => {
    expect(act(pair)).toMatchObject({ [pair.slice(0, pair.indexOf("="))]: expected });
  });

  it("token=null is the string null", () => {
    expect(parseDemoArgs(["snapshot", "token=null"]).params).toEqual({ token: "null" });
  });

  it("app and agent_name too", () => {
    expect(parseDemoArgs(["request", "app=123", "agent_name=false"]).params).toEqual({ app: "123", agent_name: "false" });
  });

  it("ref=[1] stays a string", () => {
    expect(act().ref).toBe("e1");
    expect(paramsOf("act", ["token=t", "ref=[1]", "op=click"]).ref).toBe("[1]");
  });
});

describe("other values are JSON when they are JSON, else strings", () => {
  it("steps=[...] is an array", () => {
    const call = parseDemoArgs(["batch", "token=t", 'steps=[{"ref":"e1","op":"click"}]']);
    expect(call).toEqual({ tool: "demo.batch", method: "batch", params: { token: "t", steps: [{ ref: "e1", op: "click" }] } });
  });

  it('op=click and op="click" are both the string click', () => {
    expect(act().op).toBe("type");
    expect(paramsOf("act", ["token=t", "ref=e1", 'op="click"']).op).toBe("click");
  });

  it("n=5 is the number 5 (and the validator then judges it)", () => {
    const error = refusal(["act", "token=t", "ref=e1", "op=5"]);
    expect(error.message).toMatch(/^act: argument "op" does not match the contract: \/op: /);
    expect(error.details).toMatchObject({ argument: "op", pointer: "/op" });
  });

  it("splits at the first = only, so a value may contain =", () => {
    expect(act("text=a=b==c").text).toBe("a=b==c");
    expect(parseDemoArgs(["batch", "token=t=u", 'steps=[{"ref":"e=1","op":"type","text":"x=y"}]']).params).toEqual({
      token: "t=u",
      steps: [{ ref: "e=1", op: "type", text: "x=y" }],
    });
  });

  it("a value that is not JSON stays a string even for a non-verbatim key", () => {
    const error = refusal(["batch", "token=t", "steps=[not json"]);
    expect(error.details).toMatchObject({ argument: "steps", pointer: "/steps" });
    expect(error.message).toContain("must be array");
  });
});

describe("tools and the JSON object form", () => {
  it("accepts the short and the full tool name", () => {
    expect(parseDemoArgs(["snapshot", "token=t"])).toEqual(parseDemoArgs(["demo.snapshot", "token=t"]));
    expect(parseDemoArgs(["demo.snapshot", "token=t"])).toEqual({
      tool: "demo.snapshot",
      method: "snapshot",
      params: { token: "t" },
    });
  });

  it("takes one JSON object instead of pairs, with JSON types as written", () => {
    expect(parseDemoArgs(["act", '{"token":"t","ref":"e1","op":"type","text":"1e3"}']).params).toEqual({
      token: "t",
      ref: "e1",
      op: "type",
      text: "1e3",
    });
    expect(parseDemoArgs(["apps", " {} "]).params).toEqual({});
  });

  it("takes no arguments for a tool that requires none", () => {
    expect(parseDemoArgs(["apps"])).toEqual({ tool: "demo.apps", method: "apps", params: {} });
  });

  it("refuses a __proto__ key the tool does not declare", () => {
    expect(refusal(["apps", "__proto__=1"]).details).toMatchObject({ argument: "__proto__" });
  });
});

describe("invalid_arguments, naming the argument, with a usage line", () => {
  const cases: [string, string[], RegExp, unknown][] = [
    ["no tool", [], /^no tool given$/, undefined],
    ["unknown tool", ["snap", "token=t"], /^unknown tool "snap" \(tools: act, apps, batch, end, request, snapshot\)$/, "snap"],
    ["duplicate key", ["snapshot", "token=a", "token=b"], /^snapshot: key "token" is given twice$/, "token"],
    ["empty key", ["snapshot", "=t"], /^snapshot: argument 1 has an empty key$/, 1],
    [
      "key the tool does not take",
      ["snapshot", "token=t", "tokn=x"],
      /^snapshot: unknown key "tokn" \(it takes token\)$/,
      "tokn",
    ],
    ["key a tool without params does not take", ["apps", "x=1"], /^apps: unknown key "x" \(it takes no arguments\)$/, "x"],
    ["unknown key in the JSON form", ["snapshot", '{"token":"t","x":1}'], /^snapshot: unknown key "x"/, "x"],
    ["missing required key", ["act", "token=t", "op=click"], /^act: missing required key "ref" \(\/ref\)$/, "ref"],
    ["JSON array argument", ["snapshot", '["t"]'], /^snapshot: the JSON argument must be an object, got an array$/, 1],
    ["JSON scalar argument", ["snapshot", "42"], /^snapshot: argument 1 \(2 characters\) is JSON but not an object$/, 1],
    ["invalid JSON argument", ["snapshot", '{"token":'], /^snapshot: the JSON argument \(9 characters\) is not valid JSON$/, 1],
    ["bare word", ["snapshot", "abc"], /^snapshot: argument 1 \(3 characters\) is neither key=value nor a JSON object$/, 1],
    [
      "JSON mixed with pairs",
      ["snapshot", "token=t", '{"token":"t"}'],
      /^snapshot: a JSON object argument cannot be mixed with key=value pairs$/,
      2,
    ],
    ["two JSON objects", ["snapshot", "{}", "{}"], /^snapshot: only one JSON object argument is allowed, got 2$/, 1],
    [
      "validator failure",
      ["act", "token=t", "ref=e1", "op=drag"],
      /^act: argument "op" does not match the contract: \/op: /,
      "op",
    ],
    [
      "nested validator failure",
      ["batch", "token=t", 'steps=[{"ref":"e1","op":"fly"}]'],
      /^batch: argument "steps" does not match the contract: \/steps\/0\/op: /,
      "steps",
    ],
    [
      "batch of 0 steps",
      ["batch", "token=t", "steps=[]"],
      /^batch: argument "steps" does not match the contract: \/steps: must have at least 1/,
      "steps",
    ],
    [
      "wrong JSON type for a verbatim key",
      ["snapshot", '{"token":5}'],
      /^snapshot: argument "token" does not match the contract: \/token: must be string/,
      "token",
    ],
  ];

  it.each(cases)("%s", (_name, argv, firstLine, argument) => {
    const error = refusal(argv);
    expect(error.code).toBe("invalid_arguments");
    expect(error.retryable).toBe(false);
    const [line, usage, ...more] = error.message.split("\n");
    expect(line).toMatch(firstLine);
    expect(usage).toMatch(/^usage: right-ctl demo /);
    expect(more).toEqual([]);
    expect((error.details as { usage: string }).usage).toBe(usage);
    // undefined: the refusal names no argument (no tool given), and says so by leaving it out.
    expect((error.details as { argument?: unknown }).argument).toBe(argument);
  });

  it("refuses a batch of 21 steps with the pointer of the array", () => {
    const steps = JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ ref: `e${i}`, op: "click" })));
    const error = refusal(["batch", "token=t", `steps=${steps}`]);
    expect(error.message).toMatch(/^batch: argument "steps" does not match the contract: \/steps: must have at most 20 items/);
    expect(error.details).toMatchObject({ pointer: "/steps" });
  });

  it("accepts batches of exactly 1 and 20 steps", () => {
    for (const count of [1, 20]) {
      const steps = Array.from({ length: count }, (_, i) => ({ ref: `e${i}`, op: "press", key: "enter" }));
      expect(paramsOf("batch", ["token=t", `steps=${JSON.stringify(steps)}`]).steps).toHaveLength(count);
    }
  });

  it("gives the tool's own usage line once the tool is known", () => {
    const [, usage] = refusal(["act", "token=t"]).message.split("\n");
    expect(usage).toBe(
      'usage: right-ctl demo act op=<"click" | "type" | "press"> ref=<string> token=<string> [key=<string>] [text=<string>]',
    );
    const [, general] = refusal(["nope"]).message.split("\n");
    expect(general).toBe("usage: right-ctl demo <tool> [key=value ... | JSON object] [options]");
  });

  it("never echoes an argument, so a pasted token is not repeated", () => {
    for (const secret of ["sk-live-SECRETTOKEN", '{"token":"sk-live-SECRETTOKEN"', '"sk-live-SECRETTOKEN"']) {
      expect(refusal(["snapshot", secret]).message).not.toContain("SECRET");
    }
  });

  it("refuses a key given twice in the JSON form, as in the pair form", () => {
    const error = refusal(["act", '{"token":"t","ref":"e1","op":"click","token":"u"}']);
    expect(error.message.split("\n")[0]).toBe('act: key "token" is given twice');
    // A duplicate inside a string value is text, not a key.
    const text = '{"a":1,"a":2}';
    expect(parseDemoArgs(["act", JSON.stringify({ token: "t", ref: "e1", op: "type", text })]).params).toEqual({
      token: "t",
      ref: "e1",
      op: "type",
      text,
    });
  });
});
