/**
 * Regression: a binding's `client.constants` entry named like a constant the generated client
 * declares (`TOOLS`, `SPECS`, …) made two declarations of one name, and `generate` exited 3. It is
 * bad input now (exit 2, naming the binding entry). The list of generated names is checked
 * against what the client module really declares, so the two cannot drift apart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { CLIENT_MODULE_CONSTANTS } from "../../generator/naming/binding-names.js";
import { EMBEDDED, runCli } from "../support/bindgen.js";

const dir = mkdtempSync(join(tmpdir(), "rightkit-bindgen-constants-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("declares exactly the listed constants in the generated clients (besides the binding's own)", () => {
  for (const client of ["generated/rightkit.agent.demo.v1/client.ts", "generated/agentcli.v0.2/client.ts"]) {
    const declared = [...readFileSync(client, "utf8").matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*) =/gm)].map((m) => m[1]);
    const own = client.includes("demo") ? ["FIXTURE_APP_ID"] : [];
    for (const name of declared) expect([...CLIENT_MODULE_CONSTANTS, ...own], `${client}: ${name}`).toContain(name);
  }
});

it.each(["TOOLS", "SPECS", "CLI_EXIT", "CLI_TABLE"])(
  "refuses a binding constant named %s: exit 2, naming the entry",
  async (name) => {
    const binding = JSON.parse(readFileSync(EMBEDDED.binding, "utf8")) as { client: { constants: Record<string, unknown> } };
    binding.client.constants[name] = { value: "x", description: "Clashes." };
    const file = join(dir, `${name}.binding.json`);
    writeFileSync(file, JSON.stringify(binding));
    const run = await runCli(["generate", "--contract", EMBEDDED.contract, "--binding", file, "--out", join(dir, name)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${file}:#/client/constants/${name}: client.constants: ${name} is a name the generated client declares itself`,
    );
  },
);
