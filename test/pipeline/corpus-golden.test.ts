/**
 * Goldens for a few small schemas of the real corpus, so a reviewer sees the types they produce:
 * test/fixtures/corpus/<file>.json are the corpus (each file's source in PROVENANCE.tsv, the
 * licences in LICENSES/), and test/fixtures/corpus/expected/ holds what the generator makes of
 * each — `types.ts` for every one, `validators.ts` too for schemars' enum snapshots — laid out as
 * `generated/` is. Nothing rewrites them during `npm test` or on CI; refresh them, after review, with
 *   RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/pipeline/corpus-golden.test.ts
 *
 * Every golden also compiles — the committed files, in one program under the pipeline's strict
 * options (and `tsc -p .` sees them too, under test/) — and runs: the committed validators agree
 * with Ajv on seeded instances, as the whole corpus does in real-world.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareGeneration, writeGeneration } from "../../generator/output/files.js";
import { typeCheck } from "../../generator/output/typecheck.js";
import { generateFiles } from "../../generator/pipeline.js";
import { LATEST } from "../support/compilers.js";
import { corpusDifferential, describeMismatch } from "../support/corpus-differential.js";

const FIXTURES = "test/fixtures/corpus";
const EXPECTED = `${FIXTURES}/expected`;
/** PROVENANCE.tsv's columns, as the corpus was delivered. */
const PROVENANCE_COLUMNS = [
  "file",
  "repo",
  "path",
  "commit",
  "license",
  "draft",
  "generator-evidence",
  "notes",
  "bytes",
  "last-commit-touching-path",
] as const;
const UPDATE_COMMAND = "RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/pipeline/corpus-golden.test.ts";

const folderOf = (name: string): string => name.replace(/\.(schema\.)?json$/, "");
const corpus = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".json"))
  .sort();
/** The corpus schemas with a golden: those with a folder in expected/ (to add one, make the folder and refresh). */
const schemas = corpus.filter((name) => existsSync(`${EXPECTED}/${folderOf(name)}`));

/** Which generated files are committed: types for all, validators for the enum snapshots the issue names. */
function kept(name: string, path: string): boolean {
  if (path.endsWith("/types.ts")) return true;
  return path.endsWith("/validators.ts") && /_enums(_flattened)?\.rs_/.test(name);
}

const provenance = (file: string): Map<string, string> =>
  new Map(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => [line.split("\t")[0] as string, line]),
  );

describe("golden: small corpus schemas", () => {
  it("has the schemars enum snapshots and a few more", () => {
    expect(schemas.filter((name) => /_enums(_flattened)?\.rs_/.test(name)).length).toBeGreaterThanOrEqual(5);
    expect(schemas.length).toBeGreaterThanOrEqual(8);
  });

  it("has a provenance row for every copy, and no expected folder without its schema", () => {
    const rows = provenance(`${FIXTURES}/PROVENANCE.tsv`);
    expect([...rows.keys()].slice(1).sort()).toEqual(corpus);
    const folders = new Set(corpus.map(folderOf));
    for (const folder of readdirSync(EXPECTED)) expect(folders, `${EXPECTED}/${folder} has no schema`).toContain(folder);
  });

  it("every provenance row names a commit and the file's length, and every source repository has its licence", () => {
    const [header, ...rows] = [...provenance(`${FIXTURES}/PROVENANCE.tsv`).values()].map((line) => line.split("\t"));
    expect(header).toEqual(PROVENANCE_COLUMNS);
    const column = (row: string[], name: (typeof PROVENANCE_COLUMNS)[number]): string =>
      row[PROVENANCE_COLUMNS.indexOf(name)] ?? "";
    // LICENSES/ names each text after its repository, owner__name.LICENSE (or .LICENSE-MIT, .NOTICE, …).
    const stems = new Set(rows.map((row) => `${column(row, "repo").replace("/", "__")}.`));
    const licences = readdirSync(`${FIXTURES}/LICENSES`).filter((file) => file !== "README.txt");
    const licensed = (stem: string): string[] => licences.filter((licence) => licence.startsWith(stem));
    for (const row of rows) {
      const file = column(row, "file");
      expect(row, file).toHaveLength(PROVENANCE_COLUMNS.length);
      expect(column(row, "commit"), file).toMatch(/^[0-9a-f]{40}$/);
      // Named bytes, the column counts characters (code points): 9 files hold non-ASCII text and have more bytes.
      expect([...readFileSync(`${FIXTURES}/${file}`, "utf8")].length, file).toBe(Number(column(row, "bytes")));
    }
    for (const stem of stems) expect(licensed(stem), `no licence for ${stem} in LICENSES/`).not.toEqual([]);
    expect(licences.filter((licence) => ![...stems].some((stem) => licence.startsWith(stem)))).toEqual([]);
  });

  for (const name of schemas) {
    it(`${name}: expected/ matches the generator, and its validators agree with Ajv`, async () => {
      const path = `${FIXTURES}/${name}`;
      // Compiled below, once for all goldens, from what is committed.
      const { model, files } = await generateFiles({ contract: path }, { typeCheck: "never" });
      const golden = new Map([...files].filter(([file]) => kept(name, file)));
      if (process.env.RIGHTKIT_UPDATE_GOLDEN === "1") {
        if (process.env.CI === "true")
          throw new Error("RIGHTKIT_UPDATE_GOLDEN is refused on CI: update goldens locally and commit");
        writeGeneration(EXPECTED, golden);
      }
      const drift = compareGeneration(EXPECTED, golden);
      expect(drift.map((d) => d.patch).join("\n"), `${EXPECTED} is stale: run \`${UPDATE_COMMAND}\` and commit`).toBe("");

      const committed = [...golden.keys()].find((file) => file.endsWith("/validators.ts"));
      if (committed === undefined) return;
      const { mismatches } = corpusDifferential(name, path, model.types, readFileSync(`${EXPECTED}/${committed}`, "utf8"), {
        instances: 200,
        seed: 20_261_201,
      });
      expect(mismatches.map((m) => describeMismatch(name, path, m)).slice(0, 5)).toEqual([]);
    });
  }

  it("every committed golden compiles under the pipeline's strict options", async () => {
    const committed = new Map<string, string>();
    for (const entry of readdirSync(EXPECTED, { recursive: true, encoding: "utf8" }).sort())
      if (entry.endsWith(".ts")) committed.set(entry, readFileSync(join(EXPECTED, entry), "utf8"));
    expect(committed.size).toBeGreaterThanOrEqual(schemas.length);
    await expect(typeCheck(committed, LATEST)).resolves.toBeUndefined();
  });
});
