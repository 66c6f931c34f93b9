/**
 * Model → cli.ts: the argument table of every tool (params, display types, verbatim keys,
 * validators, the self-contained params schema `--tools` publishes), a typed parser, and a
 * runnable entry wiring the parser to the generated client. The parsing rules and exit codes
 * themselves are contract-neutral and live in the runtime's cli/ folder.
 */
import type { ContractModel, Method } from "../model/types.js";
import type { SchemaIndex } from "../resolve/index.js";
import { cliToolFacts } from "./cli-table.js";
import { code, docComment, ident, join, literal, member, type Code } from "./code.js";
import { renderTemplate } from "./template.js";
import { selfContainedSchema } from "./tool-schema.js";

const typeName = (model: ContractModel, id: string): string => model.typeNames.get(id) as string;

/** Without a binding the contract id stands in for the command a person types. */
const commandOf = (model: ContractModel): string => model.cliCommand ?? model.id;

function paramsType(model: ContractModel, method: Method): Code {
  return member(code`types`, typeName(model, method.params));
}

function toolEntry(model: ContractModel, index: SchemaIndex, method: Method, toolType: Code): Code {
  const facts = cliToolFacts(model, method);
  const params = facts.params.map(
    (p) => code`{ name: ${p.name}, required: ${p.required}, type: ${p.type}, description: ${p.description} }`,
  );
  const shapes = facts.shapes.map((s) => code`{ name: ${s.name}, type: ${s.type} }`);
  const validate = member(code`validators`, `validate${typeName(model, method.params)}`);
  return code`{
    method: ${method.name},
    tool: ${method.tool},
    summary: ${method.summary ?? ""},
    timeoutMs: ${method.timeoutMs},
    params: [${join(params)}],
    shapes: [${join(shapes)}],
    openKeys: ${facts.openKeys},
    paramsSchema: ${literal(selfContainedSchema(index, method.params))},
    validate: ${validate},
  } satisfies ${toolType}`;
}

/** `index`: the contract schema's resolution index, for the self-contained params schemas. */
export function emitCli(model: ContractModel, index: SchemaIndex): string {
  const names = model.names;
  const toolTypeOf = (m: Method): Code => code`CliTool<${literal(m.name)}, ${literal(m.tool)}, ${paramsType(model, m)}>`;
  const callTypeOf = (m: Method): Code =>
    code`{ tool: ${literal(m.tool)}; method: ${literal(m.name)}; params: ${paramsType(model, m)} }`;
  const command = commandOf(model);
  return renderTemplate("binding/cli.ts.hbs", {
    command: literal(command),
    commandDoc: docComment(`How a person types this CLI: \`${command} <tool> [key=value ... | JSON object]\`.`),
    verbatimKeys: literal(model.verbatimKeys),
    toolUnion: join(model.methods.map(toolTypeOf), code` | `),
    callUnion: join(model.methods.map(callTypeOf), code` | `),
    tools: model.methods.map((m) => toolEntry(model, index, m, toolTypeOf(m))),
    cases: model.methods.map((m) => ({ name: literal(m.name), call: member(code`client`, m.member) })),
    clientClass: ident(names.clientClass),
    toolType: ident(names.cliTool),
    parse: ident(names.parseArgs),
    run: ident(names.runCli),
    ioType: ident(names.cliIo),
  });
}
