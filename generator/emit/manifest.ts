/**
 * Model → manifest.ts: the generator's name and version and the inputs' hashes, kept out of the
 * per-file headers so that a release, or a change to one method, does not rewrite every file.
 * `check` still fails when a generator of another version made the files: this file differs.
 */
import type { ContractModel } from "../model/types.js";
import { GENERATOR_NAME, GENERATOR_VERSION } from "../version.js";
import { code, literal } from "./code.js";
import { renderTemplate } from "./template.js";

export function emitManifest(model: ContractModel): string {
  const manifest = literal({
    generator: GENERATOR_NAME,
    generatorVersion: GENERATOR_VERSION,
    contract: model.id,
    schemaSha256: model.schemaSha256,
    bindingSha256: model.bindingSha256 ?? null,
    // Only a binding that reads 64-bit integers as bigint says so: every other manifest stays as it was.
    ...(model.int64 === "bigint" ? { numbers: { int64: "bigint" } } : {}),
  });
  return renderTemplate("binding/manifest.ts.hbs", { manifest: code`${manifest} as const` });
}
