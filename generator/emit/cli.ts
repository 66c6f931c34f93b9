/**
 * Model → cli.ts: the argument table of every tool (params, display types, verbatim keys,
 * validators), a typed parser, and a runnable entry wiring the parser to the generated client.
 * The parsing rules themselves are contract-neutral and live in the runtime's cli-args.ts.
 */
import type { ContractModel, Method } from "../model/types.js";
import { cliToolFacts } from "./cli-table.js";
import { code, docComment, ident, join, literal, member, type Code } from "./code.js";
import { renderTemplate } from "./template.js";

const typeName = (model: ContractModel, id: string): string => model.typeNames.get(id) as string;

/** Without a binding the contract id stands in for the command a person types. */
const commandOf = (model: ContractModel): string => model.cliCommand ?? model.id;

function paramsType(model: ContractModel, method: Method): Code {
  return member(code`types`, typeName(model, method.params));
}

function toolEntry(model: ContractModel, method: Method, toolType: Code): Code {
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
    validate: ${validate},
  } satisfies ${toolType}`;
}

export function emitCli(model: ContractModel): string {
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
    tools: model.methods.map((m) => toolEntry(model, m, toolTypeOf(m))),
    cases: model.methods.map((m) => ({ name: literal(m.name), call: member(code`client`, m.member) })),
    clientClass: ident(names.clientClass),
    toolType: ident(names.cliTool),
    parse: ident(names.parseArgs),
    run: ident(names.runCli),
    ioType: ident(names.cliIo),
  });
}
