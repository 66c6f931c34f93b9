/**
 * A pinned fingerprint of the approved upstream schema. When upstream changes the schema, this
 * fails and says what changed; accepting it is an explicit act (see the README):
 *   RIGHTKIT_ACCEPT_SCHEMA=1 npx vitest run test/generator/fingerprint.test.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fingerprintOf, describeFingerprintChange, fingerprintFileFor } from "../../generator/load/fingerprint.js";
import { loadContract } from "../../generator/load/contract.js";
import { EMBEDDED } from "../support/bindgen.js";

describe("pinned fingerprint of the upstream schema", () => {
  it("matches the approved schema", () => {
    const contract = loadContract(EMBEDDED);
    const actual = fingerprintOf(contract.schema);
    const pinnedFile = fingerprintFileFor(EMBEDDED.contract);
    if (process.env.RIGHTKIT_ACCEPT_SCHEMA === "1") {
      if (process.env.CI === "true")
        throw new Error("RIGHTKIT_ACCEPT_SCHEMA is refused on CI: accept schema changes locally and commit");
      writeFileSync(pinnedFile, `${JSON.stringify(actual, null, 2)}\n`);
    }
    const pinned = JSON.parse(readFileSync(pinnedFile, "utf8"));
    const change = describeFingerprintChange(pinned, actual);
    expect(change, change ?? "").toBeUndefined();
  });
});
