// Ajv's standalone code generation for one schema, as a whole process: the anchor of the
// `generate` rows (test/bench/scaling.bench.ts, test/bench/peer.bench.ts). What is generated and
// how Ajv is configured: ajv-setup.mjs. The module is written to a file. Plain JavaScript, so no
// TypeScript loader is timed. Usage: node ajv-standalone.mjs SCHEMA OUT
import { readFileSync, writeFileSync } from "node:fs";
import { ajvStandalone } from "./ajv-setup.mjs";

const [schemaFile, outFile] = process.argv.slice(2);
writeFileSync(outFile, ajvStandalone(JSON.parse(readFileSync(schemaFile, "utf8"))));
