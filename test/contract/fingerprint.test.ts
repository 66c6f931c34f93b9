/**
 * A pinned fingerprint of the approved upstream schema. When upstream changes the schema, this
 * fails and says what changed; accepting it is an explicit act (docs/testing.md → Golden files):
 *   RIGHTKIT_ACCEPT_SCHEMA=1 npx vitest run test/contract/fingerprint.test.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fingerprintOf, describeFingerprintChange, fingerprintFileFor } from "../../generator/contract/fingerprint.js";
import { loadContract } from "../../generator/load/contract.js";
import { discoverContracts } from "../../generator/load/discover.js";

describe("pinned fingerprint of each upstream schema in ./contract", () => {
  it.each(discoverContracts({}).map((source) => [source.contract, source] as const))(
    "%s matches the approved schema",
    (_, source) => {
      const contract = loadContract(source);
      const actual = fingerprintOf(contract.schema);
      const pinnedFile = fingerprintFileFor(source.contract);
      if (process.env.RIGHTKIT_ACCEPT_SCHEMA === "1") {
        if (process.env.CI === "true")
          throw new Error("RIGHTKIT_ACCEPT_SCHEMA is refused on CI: accept schema changes locally and commit");
        writeFileSync(pinnedFile, `${JSON.stringify(actual, null, 2)}\n`);
      }
      const pinned = JSON.parse(readFileSync(pinnedFile, "utf8"));
      const change = describeFingerprintChange(pinned, actual);
      expect(change, change ?? "").toBeUndefined();
    },
  );
});
