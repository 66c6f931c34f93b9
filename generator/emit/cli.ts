/**
 * Model → cli.ts: the argument table of every tool (params, display types, verbatim keys,
 * validators, the params' Standard JSON Schema `--tools` publishes), a typed parser, and a
 * runnable entry wiring the parser to the generated client. The parsing rules and exit codes
 * themselves are contract-neutral and live in the runtime's cli/ folder.
 */
import type { ContractModel, Method, Namespace } from "../model/types.js";
import { standardSchemaName } from "../naming/binding-names.js";
import { cliToolFacts } from "./cli-table.js";
import { code, docComment, EMPTY, ident, join, literal, member, type Code } from "./code.js";
import type { BindingAnalyses } from "../analyses/binding-analyses.js";
import { renderTemplate } from "./template.js";

const typeName = (model: ContractModel, id: string): string => model.typeNames.get(id) as string;

/** The client member chain of every method: `client.identity.resolve`. */
function callPaths(model: ContractModel): Map<string, Code> {
  const paths = new Map<string, Code>();
  const walk = (namespace: Namespace, at: Code): void => {
    for (const method of namespace.methods) paths.set(method.name, member(at, method.member));
    for (const inner of namespace.namespaces) walk(inner, member(at, inner.member));
  };
  walk(model.tree, code`client`);
  return paths;
}

/** Which connection option the CLI takes, from the binding's transport. */
function connectionOf(model: ContractModel): "suite" | "server" | "none" {
  if (model.transport?.kind === "rightkit-daemon") return "suite";
  if (model.transport?.kind === "jsonrpc-stdio") return "server";
  return "none";
}

function paramsType(model: ContractModel, method: Method): Code {
  return member(code`types`, typeName(model, method.params));
}

function toolEntry(model: ContractModel, analyses: BindingAnalyses, method: Method, toolType: Code): Code {
  const facts = cliToolFacts(model, method);
  const params = facts.params.map(
    (p) => code`{ name: ${p.name}, required: ${p.required}, type: ${p.type}, description: ${p.description} }`,
  );
  const shapes = facts.shapes.map((s) => code`{ name: ${s.name}, type: ${s.type} }`);
  const validate = member(code`validators`, `validate${typeName(model, method.params)}`);
  const integers = analyses.integerShapes.get(method.params);
  return code`{
    method: ${method.cliName},
    tool: ${method.tool},
    summary: ${method.summary ?? ""},
    timeoutMs: ${method.timeoutMs},
    params: [${join(params)}],
    shapes: [${join(shapes)}],
    openKeys: ${facts.openKeys},
    schema: ${member(code`standard`, standardSchemaName(typeName(model, method.params)))},
    validate: ${validate},${
      integers === undefined
        ? EMPTY
        : code`
    integers: ${literal(integers)},`
    }${
      method.sensitiveParams.length === 0
        ? EMPTY
        : code`
    sensitiveParams: ${literal(method.sensitiveParams)},`
    }
  } satisfies ${toolType}`;
}

/** `analyses`: for the params' integer shapes. */
export function emitCli(model: ContractModel, analyses: BindingAnalyses): string {
  const names = model.names;
  const toolTypeOf = (m: Method): Code => code`CliTool<${literal(m.cliName)}, ${literal(m.tool)}, ${paramsType(model, m)}>`;
  const callTypeOf = (m: Method): Code =>
    code`{ tool: ${literal(m.tool)}; method: ${literal(m.cliName)}; params: ${paramsType(model, m)} }`;
  const command = model.cliCommand;
  const calls = callPaths(model);
  const connection = connectionOf(model);
  return renderTemplate("binding/cli.ts.hbs", {
    command: literal(command),
    commandDoc: docComment(`How a person types this CLI: \`${command} <tool> [key=value ... | JSON object]\`.`),
    connection: literal(connection),
    suite: connection === "suite",
    server: connection === "server",
    verbatimKeys: literal(model.verbatimKeys),
    toolUnion: join(model.methods.map(toolTypeOf), code` | `),
    callUnion: join(model.methods.map(callTypeOf), code` | `),
    tools: model.methods.map((m) => toolEntry(model, analyses, m, toolTypeOf(m))),
    cases: model.methods.map((m) => ({ name: literal(m.cliName), call: calls.get(m.name) as Code })),
    clientClass: ident(names.clientClass),
    toolType: ident(names.cliTool),
    parse: ident(names.parseArgs),
    run: ident(names.runCli),
    ioType: ident(names.cliIo),
  });
}
