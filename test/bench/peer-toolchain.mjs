// The toolchain a binding-repo author would otherwise run, as one whole process: the peer of
// `rightkit-bindgen generate` in test/bench/peer.bench.ts (issue 36). json-schema-to-typescript
// (its defaults, prettier formatting included) writes the types of the root and of every
// `$defs`/`definitions` entry (`unreachableDefinitions: true`: one compile of the whole document,
// as its README's `--unreachableDefinitions` does); Ajv's standalone code generation writes their
// validators (ajv-setup.mjs, the anchor ajv-standalone.mjs runs alone). Both files land in OUTDIR.
// Plain JavaScript, so no TypeScript loader is timed. Usage: node peer-toolchain.mjs SCHEMA OUTDIR
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { compile } from "json-schema-to-typescript";
import { ajvStandalone } from "./ajv-setup.mjs";

const [schemaFile, outDir] = process.argv.slice(2);
const text = readFileSync(schemaFile, "utf8");
mkdirSync(outDir, { recursive: true });
// json-schema-to-typescript dereferences its input in place: each tool gets its own parse.
const types = await compile(JSON.parse(text), basename(schemaFile, ".json"), {
  cwd: dirname(resolve(schemaFile)),
  declareExternallyReferenced: true,
  unreachableDefinitions: true,
});
writeFileSync(join(outDir, "types.d.ts"), types);
writeFileSync(join(outDir, "validators.mjs"), ajvStandalone(JSON.parse(text)));
