/**
 * The CLI for a contract without a binding file: names follow the model (client class,
 * contract id as the command), hostile keys stay data, and the generated parser runs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFiles, type Generated } from "../../generator/pipeline.js";
import { privateTempDir } from "../support/host.js";

let generated: Generated;
let temp: { dir: string; remove(): Promise<void> };
let cli: Record<string, unknown>;

beforeAll(async () => {
  generated = await generateFiles({ contract: "test/fixtures/hostile/schema.json" }, { typeCheck: "always" });
  temp = await privateTempDir();
  for (const [path, text] of generated.files) {
    const file = join(temp.dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  cli = (await import(pathToFileURL(join(temp.dir, "hostile.v1/cli.ts")).href)) as Record<string, unknown>;
});

afterAll(() => temp.remove());

type Table = {
  command: string;
  verbatimKeys: string[];
  tools: { method: string; tool: string; params: { name: string; type: string }[]; shapes: { name: string; type: string }[] }[];
};

describe("a contract without a binding", () => {
  it("names the CLI after the model: parseHostileArgs, runHostileCli, the contract id as command", () => {
    expect(Object.keys(cli).sort()).toEqual(["CLI_COMMAND", "CLI_EXIT", "CLI_TABLE", "parseHostileArgs", "runHostileCli"]);
    expect(cli["CLI_COMMAND"]).toBe("hostile.v1");
    expect((cli["CLI_TABLE"] as Table).verbatimKeys).toEqual([]);
  });

  it("spells out hostile shapes as text, never as code", () => {
    const [tool] = (cli["CLI_TABLE"] as Table).tools;
    expect(tool).toMatchObject({ method: "call", tool: "call" });
    expect(tool?.params).toEqual([
      { name: "k", required: false, type: "Keys", description: "" },
      { name: "r", required: false, type: '{"__proto__":{"polluted":true},"nested":["`","${x}"]}', description: "" },
    ]);
    expect(tool?.shapes[0]?.name).toBe("Keys");
    expect(tool?.shapes[0]?.type).toContain('"*/"?: string');
    expect(tool?.shapes[0]?.type).toContain("__proto__: string");
  });

  it("parses with every value JSON-if-JSON, validated by the generated validator", () => {
    const parse = cli["parseHostileArgs"] as (argv: string[]) => unknown;
    expect(parse(["call", 'k={"__proto__":"p","constructor":1,"a-b":"x\'y","":"e"}'])).toEqual({
      tool: "call",
      method: "call",
      params: { k: JSON.parse('{"__proto__":"p","constructor":1,"a-b":"x\'y","":"e"}') as unknown },
    });
    expect(() => parse(["call", "k=1"])).toThrow(
      /^call: argument "k" does not match the contract: \/k: .*\nusage: hostile\.v1 call \[k=<Keys>\] \[r=/,
    );
  });
});
