/** Contract discovery: every contract in ./contract, or the one --contract names by file or by $id. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverContract, discoverContracts } from "../../generator/load/discover.js";

let repo: string;
let home: string;
beforeEach(() => {
  home = process.cwd();
  repo = mkdtempSync(join(tmpdir(), "bindgen-discover-"));
  process.chdir(repo);
});
afterEach(() => {
  process.chdir(home);
  rmSync(repo, { recursive: true, force: true });
});

function contract(name: string, id: string, binding = false): void {
  mkdirSync("contract", { recursive: true });
  writeFileSync(join("contract", `${name}.schema.json`), JSON.stringify({ $id: id, $defs: {} }));
  if (binding) writeFileSync(join("contract", `${name}.binding.json`), "{}");
}

describe("discoverContracts", () => {
  it("finds every contract in ./contract, sorted, each with its binding file when it has one", () => {
    contract("zeta", "zeta.v1", true);
    contract("alpha", "alpha.v2");
    expect(discoverContracts({})).toEqual([
      { contract: join("contract", "alpha.schema.json"), binding: undefined },
      { contract: join("contract", "zeta.schema.json"), binding: join("contract", "zeta.binding.json") },
    ]);
  });

  it("takes --contract as a file, or as the $id of a contract here", () => {
    contract("zeta", "zeta.v1", true);
    contract("alpha", "alpha.v2");
    expect(discoverContracts({ contract: "zeta.v1" })).toEqual([
      { contract: join("contract", "zeta.schema.json"), binding: join("contract", "zeta.binding.json") },
    ]);
    expect(discoverContracts({ contract: join("contract", "alpha.schema.json") })).toHaveLength(1);
  });

  it("refuses an id no contract has, naming both places it looked; passes a path on for the loader; --binding needs --contract", () => {
    contract("alpha", "alpha.v2");
    expect(() => discoverContracts({ contract: "beta.v1" })).toThrow(
      /cannot read: no such file, and no \*\.schema\.json in \.\/contract or in .* has this \$id/,
    );
    expect(discoverContracts({ contract: "beta/x.json" })).toEqual([{ contract: "beta/x.json", binding: undefined }]);
    expect(() => discoverContracts({ binding: "b.json" })).toThrow(/--binding goes with --contract/);
  });

  it("refuses an empty ./contract", () => {
    expect(() => discoverContracts({})).toThrow(/holds no \*\.schema\.json file/);
  });
});

describe("discoverContract (one contract, for update)", () => {
  it("is the only contract, or the one named; several need --contract, listing their ids", () => {
    contract("alpha", "alpha.v2");
    expect(discoverContract({}).contract).toBe(join("contract", "alpha.schema.json"));
    contract("zeta", "zeta.v1");
    expect(() => discoverContract({})).toThrow(/holds 2 contracts \(alpha\.v2, zeta\.v1\)/);
    expect(discoverContract({ contract: "zeta.v1" }).contract).toBe(join("contract", "zeta.schema.json"));
  });
});
