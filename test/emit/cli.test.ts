/**
 * The CLI for a contract without a binding file: names follow the model (client class,
 * contract id as the command), hostile keys stay data, and the generated parser runs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFiles, type Generated } from "../../generator/pipeline.js";
import { privateTempDir } from "../support/host.js";
import type { CliTool } from "../support/runtime.js";
import { paramsSchemaOf } from "../support/stated-schema.js";

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

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
  tools: {
    method: string;
    tool: string;
    params: { name: string; type: string }[];
    shapes: { name: string; type: string }[];
    schema: CliTool["schema"];
    validate(value: unknown): { ok: boolean };
  }[];
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

  it("publishes the hostile params schema as inert data: keys, refs and values exactly as written", () => {
    const [tool] = (cli["CLI_TABLE"] as Table).tools;
    const schema = paramsSchemaOf(tool) as Record<string, unknown>;
    // Exact text: key order is the loader's sorted order, so this is what --tools prints.
    expect(JSON.stringify(schema)).toBe(
      [
        '{"$schema":"https://json-schema.org/draft/2020-12/schema",',
        '"properties":{"k":{"$ref":"#/$defs/keys"},"r":{"$ref":"#/$defs/a~0b~1c"}},"type":"object",',
        '"$defs":{"a~b/c":{"const":{"__proto__":{"polluted":true},"nested":["`","${x}"]}},',
        '"keys":{"properties":{"":{"type":"string"},"*/":{"type":"string"},"0x":{"type":"null"},',
        '"__proto__":{"description":"must stay an own property","type":"string"},"a-b":{"const":"x\'y"},',
        '"class":{"type":"string"},"constructor":{"type":"integer"},"default":{"type":"boolean"}},',
        '"required":["__proto__","constructor","a-b",""],"type":"object"}}}',
      ].join(""),
    );
    const defs = schema["$defs"] as Record<string, Record<string, unknown>>;
    expect(Object.hasOwn(defs["keys"]?.["properties"] as object, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(defs["a~b/c"]?.["const"])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    const ajv = new Ajv2020({ strictTypes: false, logger: false }).compile(schema);
    const keys = JSON.parse('{"__proto__":"p","constructor":1,"a-b":"x\'y","":"e"}') as unknown;
    for (const sample of [
      { k: keys },
      { k: {} },
      { r: JSON.parse('{"__proto__":{"polluted":true},"nested":["`","${x}"]}') },
      { r: 1 },
    ]) {
      expect(ajv(sample), JSON.stringify(sample)).toBe(tool?.validate(sample).ok);
    }
    expect(ajv({ k: keys })).toBe(true);
  });
});
