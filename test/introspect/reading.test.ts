/** The pure readers: the --stdio words, one line of server output, the names an answer lists. */
import { describe, expect, it } from "vitest";
import { BindgenError } from "../../generator/errors.js";
import { readMessage } from "../../generator/introspect/jsonrpc.js";
import { listedNames, serverNames } from "../../generator/introspect/listing.js";
import { serverCommand, showCommand } from "../../generator/introspect/server-command.js";
import { versionRefusal } from "../../generator/introspect/target.js";

function thrown(run: () => unknown): BindgenError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BindgenError);
    return error as BindgenError;
  }
  throw new Error("expected a BindgenError");
}

describe("serverCommand", () => {
  it("splits words at any whitespace, with no shell: quotes and $ stay as they are", () => {
    expect(serverCommand("  agentcli\tserve \n --x '$HOME' ")).toEqual(["agentcli", "serve", "--x", "'$HOME'"]);
  });

  it("takes a JSON array of strings when the value starts with [", () => {
    expect(serverCommand(' ["/opt/my tools/agentcli", "serve", "a b"]')).toEqual(["/opt/my tools/agentcli", "serve", "a b"]);
  });

  it.each([
    ["", "--stdio needs a command"],
    ["   ", "--stdio needs a command"],
    ["[not json", "--stdio is not a JSON array of strings"],
    ["[]", "--stdio needs a JSON array of non-empty strings"],
    ['["a", 1]', "--stdio needs a JSON array of non-empty strings"],
    ['["a", ""]', "--stdio needs a JSON array of non-empty strings"],
  ])("refuses %j", (value, message) => {
    const error = thrown(() => serverCommand(value));
    expect(error.code).toBe("bad_argument");
    expect(error.message).toBe(message);
  });

  it("shows the command on one line, quoting the words that would not read back", () => {
    expect(showCommand(["node", "bin.js", "--scenario", "x"])).toBe("`node bin.js --scenario x`");
    expect(showCommand(["/my dir/node", "a\nb", ""])).toBe('`"/my dir/node" "a\\nb" ""`');
  });
});

describe("readMessage", () => {
  it.each([
    [
      '{"jsonrpc":"2.0","method":"agentcli.ready","params":{"ok":true}}',
      { kind: "notification", method: "agentcli.ready", params: { ok: true } },
    ],
    ['{"jsonrpc":"2.0","id":7,"method":"ask"}', { kind: "request", method: "ask" }],
    ['{"jsonrpc":"2.0","id":1,"result":{"a":1}}\r', { kind: "result", id: 1, result: { a: 1 } }],
    ['{"jsonrpc":"2.0","id":1,"result":null}', { kind: "result", id: 1, result: null }],
    ['{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}', { kind: "error", id: 1, code: -32601, message: "no" }],
  ])("reads %s", (line, message) => {
    expect(readMessage(line)).toEqual(message);
  });

  it.each([
    ["this is not json {", "is not JSON"],
    ["[1]", "not an object"],
    ['{"id":1,"result":{}}', '"jsonrpc":"2.0"'],
    ['{"jsonrpc":"1.0","id":1,"result":{}}', '"jsonrpc":"2.0"'],
    ['{"jsonrpc":"2.0","method":3}', "method that is not a string"],
    ['{"jsonrpc":"2.0","result":{}}', "neither a request"],
    ['{"jsonrpc":"2.0","id":1}', "both or neither"],
    ['{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', "both or neither"],
    ['{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"y"}}', "integer code"],
    ['{"jsonrpc":"2.0","id":1,"error":"boom"}', "integer code"],
  ])("calls %s malformed", (line, why) => {
    const message = readMessage(line);
    expect(message.kind).toBe("malformed");
    expect(message.kind === "malformed" && message.why).toContain(why);
  });
});

describe("listedNames", () => {
  const answer = "the result of describe";

  it("takes names, or objects with a string method, else a string name", () => {
    const result = { description: { methods: ["a", { method: "b", summary: "x" }, { name: "c" }, { method: 1, name: "d" }] } };
    expect(listedNames(result, "/description/methods", answer)).toEqual(["a", "b", "c", "d"]);
  });

  it("follows escaped pointer segments and array indices, and the empty pointer is the whole result", () => {
    expect(listedNames({ "a/b": [{ "~": ["x"] }] }, "/a~1b/0/~0", answer)).toEqual(["x"]);
    expect(listedNames(["y"], "", answer)).toEqual(["y"]);
  });

  it.each([
    [{}, "/methods", "the result of describe has nothing at /methods"],
    [{ methods: {} }, "/methods", "the result of describe has no array at /methods"],
    [
      { methods: ["a", 2] },
      "/methods",
      "the result of describe at /methods/1 is neither a name nor an object with a string method or name",
    ],
    [{ methods: [{ summary: "x" }] }, "/methods", "at /methods/0 is neither"],
    [{ methods: [""] }, "/methods", "at /methods/0 is neither"],
    [null, "/methods", "has nothing at /methods"],
  ])("refuses %j at %s", (result, pointer, message) => {
    const error = thrown(() => listedNames(result, pointer, answer));
    expect(error.code).toBe("io");
    expect(error.message).toContain(message);
  });

  it("reads notifications only where the binding points to them", () => {
    const result = { methods: ["a"], notifications: ["n"] };
    expect(serverNames(result, { method: "describe", methods: "/methods" }, answer)).toEqual({
      methods: ["a"],
      notifications: undefined,
    });
    expect(serverNames(result, { method: "describe", methods: "/methods", notifications: "/notifications" }, answer)).toEqual({
      methods: ["a"],
      notifications: ["n"],
    });
  });
});

describe("versionRefusal", () => {
  const ready = { notification: "x.ready", versionField: "manifest_version", version: "0.2" };

  it("accepts a version of the contract version's major, and anything when the binding names no version", () => {
    expect(versionRefusal(ready, { manifest_version: "0.2" })).toBeUndefined();
    expect(versionRefusal(ready, { manifest_version: "0.9.1" })).toBeUndefined();
    expect(versionRefusal({ notification: "x.ready" }, "anything")).toBeUndefined();
  });

  it.each([
    [{ manifest_version: "1.0" }, 'its x.ready reports manifest_version "1.0"; the contract is for 0.2 (major 0)'],
    [{ manifest_version: 0.2 }, "its x.ready reports manifest_version 0.2; the contract is for 0.2 (major 0)"],
    [{}, "its x.ready reports no manifest_version; the contract is for 0.2 (major 0)"],
    [null, "its x.ready reports no manifest_version; the contract is for 0.2 (major 0)"],
  ])("refuses %j", (params, message) => {
    expect(versionRefusal(ready, params)).toBe(message);
  });
});
