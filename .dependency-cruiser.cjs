/**
 * The house's floors, written as dependency-cruiser rules: test/architecture/layering.test.ts
 * runs them in `npm test`, and `npx depcruise generator templates/runtime` prints the same
 * verdicts. docs/architecture.md says the same in words; when you add a folder, give it a floor
 * here first.
 *
 * The generator is a pipeline, built bottom-up. Each floor may import the floors below it and
 * its own, never one above:
 *
 *   floor      generator/*.ts (json, order, errors, version, package-files, words): generic
 *              helpers and facts about this package; no stage's knowledge
 *   schema     the keyword and dialect tables, and what they imply (subschema positions,
 *              refusals, docs words); read by every stage, so it sits right above the floor
 *   load       files → checked JSON with positions; meta-schema and binding checks
 *   resolve    $id/$anchor/$ref resolution within one document
 *   contract   a contract's shape: methods, notifications, paths, error model, fingerprint
 *   model      the IR, built in named steps; names still requests
 *   naming     every final name: identifier rules, the type-name planner, the binding's own names
 *   analyses   named analyses of the resolved schema, plain data out: bundling a location into a
 *              self-contained schema, integer shapes; what the emitters and the tools above read
 *   emit       model and analyses in, code out, through the one door (emit/code.ts)
 *   output     header, format, type check, API surface, write and compare
 *   pipeline   generator/pipeline.ts: the one stage order
 *   values     generator/values/: what the tools that make and judge values share: schema →
 *              fast-check arbitraries, link pointers read at run time, the contract's own
 *              validators compiled in process (conform tests a host with them, mock serves one),
 *              the link ledger, the checks, frames read for them, and the report's shape and
 *              renderers (conform and the proxy judge and report alike)
 *   above      evolution/, introspect/, conform/, mock/, proxy/, mcp/, openrpc/: tools over the
 *              pipeline; they do not import each other
 *   commands   generator/commands/: one file per command, its options, output and exit code
 *   entry      generator/cli.ts (dispatch), generator/index.ts (the programmatic API)
 *
 * The tools above read analyses, never emitters: only values/, conform/ and mock/ reach into
 * emit/, for the validator emitter they run (the proxy compiles its validators through values/),
 * and anyone may write code through the code door (emit/code.ts).
 *
 * Beside the pipeline: the conformance host (generator/host/) imports only the floor; it shares
 * no code with the client it tests, and only commands/ and the entries may start it. The
 * generated runtime (templates/runtime/, copied into generated/runtime/) imports nothing of
 * the generator, and has floors of its own (RUNTIME_FLOORS): core (calls, errors, JSON, the
 * validation and Standard Schema types) < framing < protocols < transports < cli; its entries
 * (index.ts, internal.ts) stand above them all. Nothing anywhere imports in a circle, type-only
 * imports included.
 */
const FLOORS = [
  ["floor", "^generator/(?!cli\\.ts$|index\\.ts$|pipeline\\.ts$)[^/]+\\.ts$"],
  ["schema", "^generator/schema/"],
  ["load", "^generator/load/"],
  ["resolve", "^generator/resolve/"],
  ["contract", "^generator/contract/"],
  ["model", "^generator/model/"],
  ["naming", "^generator/naming/"],
  ["analyses", "^generator/analyses/"],
  ["emit", "^generator/emit/"],
  ["output", "^generator/output/"],
  ["pipeline", "^generator/pipeline\\.ts$"],
  ["values", "^generator/values/"],
  ["above", "^generator/(evolution|introspect|conform|mock|proxy|mcp|openrpc)/"],
  ["commands", "^generator/commands/"],
  ["entry", "^generator/(cli|index)\\.ts$"],
];

/** The runtime's floors, in templates/runtime/ and in every copy of it (a generation's runtime/). */
const RUNTIME = "^(?:templates/runtime|generated/runtime|.*/generated/runtime)/";
const RUNTIME_FLOORS = [
  ["runtime-core", `${RUNTIME}core/`],
  ["runtime-framing", `${RUNTIME}framing/`],
  ["runtime-protocols", `${RUNTIME}protocols/`],
  ["runtime-transports", `${RUNTIME}transports/`],
  ["runtime-cli", `${RUNTIME}cli/`],
];

/** One rule per floor of `floors`: nothing on it imports a floor above it. */
const upwardIn = (floors) =>
  floors.slice(0, -1).map(([name, path], i) => ({
    name: `${name}-imports-only-below`,
    comment: `${name} may import only the floors below it (${
      floors
        .slice(0, i)
        .map(([below]) => below)
        .join(", ") || "none"
    }) and itself`,
    severity: "error",
    from: { path },
    to: {
      path: floors
        .slice(i + 1)
        .map(([, above]) => `(${above})`)
        .join("|"),
    },
  }));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circle anywhere, type-only imports included",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...upwardIn(FLOORS),
    ...upwardIn(RUNTIME_FLOORS),
    {
      name: "stages-read-the-graph-not-the-document-index",
      comment:
        "resolve/document-index.ts is the resolve stage's own: every later stage reads the schema graph (resolve/index.ts)",
      severity: "error",
      from: { path: "^generator/", pathNot: "^generator/resolve/" },
      to: { path: "^generator/resolve/document-index\\.ts$" },
    },
    {
      name: "emitters-read-the-graph-not-the-document",
      comment: "no emitter resolves a reference or reads a dialect itself: the graph's nodes carry both",
      severity: "error",
      from: { path: "^generator/emit/" },
      to: { path: "^generator/(resolve/|schema/dialect-view\\.ts$)", pathNot: "^generator/resolve/index\\.ts$" },
    },
    {
      name: "only-the-validator-compiler-reads-the-graph",
      comment:
        "the emitters take the model and the analyses (analyses/binding-analyses.ts), plain data; binding.ts hands the graph to the validator compiler",
      severity: "error",
      from: { path: "^generator/emit/", pathNot: "^generator/emit/(validators/|binding\\.ts$)" },
      to: { path: "^generator/resolve/" },
    },
    {
      name: "tools-read-analyses-not-emitters",
      comment: "evolution/, introspect/, proxy/, mcp/ and openrpc/ read analyses, never an emitter; the code door is everyone's",
      severity: "error",
      from: { path: "^generator/(evolution|introspect|proxy|mcp|openrpc)/" },
      to: { path: "^generator/emit/", pathNot: "^generator/emit/code\\.ts$" },
    },
    {
      name: "conform-reaches-only-the-validator-emitter",
      comment: "values/, conform/ and mock/ run the validator emitter; every other emitter is off limits, the code door aside",
      severity: "error",
      from: { path: "^generator/(values|conform|mock)/" },
      to: { path: "^generator/emit/", pathNot: "^generator/emit/(code\\.ts$|validators/)" },
    },
    {
      name: "tools-above-the-pipeline-stand-apart",
      comment: "evolution/, introspect/, mcp/, openrpc/, conform/, mock/ and proxy/ each build on the pipeline, not on one another",
      severity: "error",
      from: { path: "^generator/(evolution|introspect|conform|mock|proxy|mcp|openrpc)/" },
      to: { path: "^generator/(evolution|introspect|conform|mock|proxy|mcp|openrpc)/", pathNot: "^generator/$1/" },
    },
    {
      name: "host-stands-beside",
      comment: "The conformance host imports only the floor: it shares no code with the client or the generator",
      severity: "error",
      from: { path: "^generator/host/" },
      to: { path: "^(generator/(?!host/)[^/]+/|generated/|templates/)" },
    },
    {
      name: "only-commands-start-the-host",
      comment: "Only commands/ and the entries reach into the host",
      severity: "error",
      from: { path: "^generator/", pathNot: "^generator/(commands/|host/|cli\\.ts$|index\\.ts$)" },
      to: { path: "^generator/host/" },
    },
    {
      name: "runtime-imports-nothing-of-the-generator",
      comment: "The generated runtime is the user's code: it imports only itself and Node's standard library",
      severity: "error",
      from: { path: "^(templates/runtime|generated)/" },
      to: { path: "^(generator|test|scripts)/" },
    },
    {
      name: "runtime-has-no-npm-dependency",
      comment: "Generated runtime code has zero npm dependencies",
      severity: "error",
      from: { path: "^(templates/runtime|generated)/" },
      // `/// <reference types="node" />` names Node's own types, nothing that runs: a file that uses
      // Node says so, and a consumer's tsconfig need not list "node" (TypeScript 6 and 7 list none).
      to: {
        dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"],
        dependencyTypesNot: ["triple-slash-type-reference"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports are imports too: a circle through types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs"] },
  },
};
