// Ajv's standalone code generation for one schema document, as the `generate` benches run it
// (ajv-standalone.mjs alone; peer-toolchain.mjs beside json-schema-to-typescript): every
// `$defs`/`definitions` entry and the root exported; Ajv of the schema's draft, configured as the
// differential test configures it (test/support/ajv-dialect.ts: `strict: false`, formats not
// validated, draft-07 `$ref` alone, a pattern without `u` when only that compiles). Plain
// JavaScript, so no TypeScript loader is timed.
import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";

const standaloneCode = standaloneModule.default ?? standaloneModule;

function regExp(pattern, flags) {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return new RegExp(pattern, flags.replace("u", ""));
  }
}
regExp.code = "(function (p, f) { try { return new RegExp(p, f) } catch (e) { return new RegExp(p, f.replace('u', '')) } })";

/** The module's source: `validateRoot` and one `validate<n>` per definition. */
export function ajvStandalone(schema) {
  const uri = String(schema.$schema ?? "");
  const draft = uri.includes("draft-07") ? "draft-07" : uri.includes("2019-09") ? "2019-09" : "2020-12";
  const options = {
    strict: false,
    validateFormats: false,
    logger: false,
    code: { source: true, regExp },
    ...(draft === "draft-07" ? { ignoreKeywordsWithRef: true } : {}),
  };
  const ajv = draft === "draft-07" ? new Ajv(options) : draft === "2019-09" ? new Ajv2019(options) : new Ajv2020(options);
  const key = "bench:schema";
  ajv.addSchema(schema, key);
  const refs = { validateRoot: `${key}#` };
  let n = 0;
  for (const keyword of ["$defs", "definitions"])
    for (const name of Object.keys(schema[keyword] ?? {}))
      refs[`validate${n++}`] = `${key}#/${keyword}/${name.split("~").join("~0").split("/").join("~1")}`;
  return standaloneCode(ajv, refs);
}
