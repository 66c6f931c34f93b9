/**
 * Model → client.ts: constants (service, tools, timeouts), one call spec per method and a client
 * class with one typed method per tool. The caller-side rules themselves live in the runtime's
 * `callTool`; this file only supplies each tool's facts.
 */
import type { ContractModel, Method } from "../model/types.js";
import { code, docComment, EMPTY, ident, join, literal, member, objectKey, type Code } from "./code.js";
import { renderTemplate } from "./template.js";

const typeName = (model: ContractModel, id: string): string => model.typeNames.get(id) as string;

function constant(doc: string, name: string, value: Code): Code {
  return code`${docComment(doc)}\nexport const ${ident(name)} = ${value};`;
}

function record(entries: readonly (readonly [string, Code])[]): Code {
  return code`{ ${join(entries.map(([key, value]) => code`${objectKey(key)}: ${value}`))} } as const`;
}

function constants(model: ContractModel): Code[] {
  const optional: Code[] = [];
  if (model.service !== undefined)
    optional.push(constant("The daemon service that serves this contract.", "SERVICE", literal(model.service)));
  if (model.clientApp !== undefined)
    optional.push(constant("The client app label callers present to the daemon.", "CLIENT_APP", literal(model.clientApp)));
  if (model.fixtureAppId !== undefined)
    optional.push(
      constant(
        "The fixture app, defined only for this contract's tests and demos.",
        "FIXTURE_APP_ID",
        literal(model.fixtureAppId),
      ),
    );
  return [
    ...optional,
    constant(
      "Tool (wire method) name per method.",
      "TOOLS",
      record(model.methods.map((m) => [m.name, literal(m.tool)] as const)),
    ),
    constant(
      "Default timeout per method, in milliseconds; each call may override it.",
      "TIMEOUTS_MS",
      record(model.methods.map((m) => [m.name, literal(m.timeoutMs)] as const)),
    ),
    constant(
      "Methods whose params carry the session token.",
      "TOKEN_METHODS",
      code`[${model.methods.filter((m) => m.carriesToken).map((m) => m.name)}] as const`,
    ),
    constant(
      "The error codes this contract documents, with their meaning.",
      "ERROR_CODES",
      record(model.errorCodes.map((e) => [e.code, literal(e.meaning)] as const)),
    ),
  ];
}

function spec(model: ContractModel, method: Method): Code {
  const params = ident(typeName(model, method.params));
  const result = ident(typeName(model, method.result));
  const rule = method.failClosed;
  const failClosed =
    rule === undefined
      ? EMPTY
      : code`, failClosed: { field: ${rule.field}, expected: ${literal(rule.expected)}, code: ${rule.code}, message: ${rule.message} }`;
  const route = routed(model) ? code`, route: ROUTE` : EMPTY;
  return code`{ method: ${method.tool}, timeoutMs: ${method.timeoutMs}, validateParams: ${ident(`validate${params}`)}, validateResult: ${ident(`validate${result}`)}${failClosed}${route} } satisfies ToolSpec<${params}, ${result}>`;
}

/** A binding that names its service and app label is reached through rightkit-daemon by default. */
function routed(model: ContractModel): model is ContractModel & { service: string; clientApp: string } {
  return model.service !== undefined && model.clientApp !== undefined;
}

function methodDoc(method: Method): Code {
  const timeout = method.timeoutMs % 1000 === 0 ? `${method.timeoutMs / 1000} s` : `${method.timeoutMs} ms`;
  const notes = [
    `Calls \`${method.tool}\`. Default timeout ${timeout}.`,
    method.carriesToken ? "Carries the session token; the client never stores it." : undefined,
    method.failClosed === undefined
      ? undefined
      : `Fails closed: an answer whose \`${method.failClosed.field}\` is not ${JSON.stringify(method.failClosed.expected)} becomes \`${method.failClosed.code}\`, and nothing of it is returned.`,
  ].filter((n): n is string => n !== undefined);
  return docComment(
    method.summary,
    notes.join(" "),
    "@throws ToolError with a contract error code, or a code passed through from the host.",
  );
}

export function emitClient(model: ContractModel): string {
  const typeImports = [...new Set(model.methods.flatMap((m) => [typeName(model, m.params), typeName(model, m.result)]))].sort();
  const methods = model.methods.map((method) => {
    const params = ident(typeName(model, method.params));
    return {
      key: objectKey(method.name),
      specRef: member(code`SPECS`, method.name),
      member: ident(method.member),
      spec: spec(model, method),
      doc: methodDoc(method),
      paramsDecl: method.paramsOptional ? code`params: ${params} = {}` : code`params: ${params}`,
      resultType: ident(typeName(model, method.result)),
    };
  });
  const daemon = routed(model);
  const runtimeImports = [
    code`callTool`,
    ...(daemon ? [code`DaemonTransport`] : []),
    code`ToolError`,
    ...(daemon ? [code`type ServiceRoute`] : []),
    code`type ToolCallOptions`,
    code`type ToolSpec`,
    code`type Transport`,
  ];
  return renderTemplate("binding/client.ts.hbs", {
    runtimeImports: join(runtimeImports),
    route: daemon ? code`{ service: SERVICE, app: CLIENT_APP } as const satisfies ServiceRoute` : false,
    transportParam: daemon ? code`transport: Transport = new DaemonTransport()` : code`transport: Transport`,
    constructorDoc: daemon
      ? docComment(
          [
            "Without a transport, the host is found through rightkit-daemon discovery",
            "(`<suite>/runtime/<service>/service.json`) under `RIGHTKIT_SUITE_ROOT` or the per-user",
            "default; pass `new DaemonTransport({ suiteRoot })` to name the suite root.",
          ].join("\n"),
        )
      : docComment("The transport that reaches the host."),
    typeImports: join([...typeImports, "ToolErrorCode"].map(ident)),
    validatorImports: join(typeImports.map((name) => ident(`validate${name}`))),
    constants: constants(model),
    methods,
    className: ident(model.names.clientClass),
    classDoc: docComment(
      `Client for ${model.id}. Params are validated before anything is sent, results before anything is returned.`,
    ),
  });
}
