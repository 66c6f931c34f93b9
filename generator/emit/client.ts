/**
 * Model → client.ts: constants, one call spec per method, and a client class whose members
 * mirror the method tree (namespaces for dotted names below the binding's root). What the
 * binding says about the transport decides the constructor's default and whether there is a
 * `spawn()`; notifications give `on()`; the error model decides RpcError or ToolError. The
 * caller-side rules themselves live in the runtime's `callTool`; this file only supplies facts.
 */
import type { TransportBinding } from "../load/binding.js";
import type { ContractModel, Method, Namespace } from "../model/types.js";
import { camelCase } from "../naming/identifiers.js";
import type { BindingAnalyses } from "../analyses/binding-analyses.js";
import { code, docComment, EMPTY, ident, join, literal, member, objectKey, type Code } from "./code.js";
import { renderTemplate } from "./template.js";

const typeName = (model: ContractModel, id: string): string => model.typeNames.get(id) as string;

type Daemon = Extract<TransportBinding, { kind: "rightkit-daemon" }>;
type Stdio = Extract<TransportBinding, { kind: "jsonrpc-stdio" }>;

const daemonOf = (model: ContractModel): Daemon | undefined =>
  model.transport?.kind === "rightkit-daemon" ? model.transport : undefined;
const stdioOf = (model: ContractModel): Stdio | undefined =>
  model.transport?.kind === "jsonrpc-stdio" ? model.transport : undefined;

/** The ready rule needs the notification's validator; the model guarantees the notification exists. */
function readyOf(model: ContractModel): { ready: NonNullable<Stdio["ready"]>; params: string } | undefined {
  const ready = stdioOf(model)?.ready;
  const notification = model.notifications.find((n) => n.name === ready?.notification);
  return ready === undefined || notification === undefined ? undefined : { ready, params: typeName(model, notification.params) };
}

function constant(doc: string, name: string, value: Code): Code {
  return code`${docComment(doc)}\nexport const ${ident(name)} = ${value};`;
}

function record(entries: readonly (readonly [string, Code])[]): Code {
  return code`{ ${join(entries.map(([key, value]) => code`${objectKey(key)}: ${value}`))} } as const`;
}

function transportConstants(model: ContractModel): Code[] {
  const daemon = daemonOf(model);
  if (daemon !== undefined) {
    return [
      constant("The daemon service that serves this contract.", "SERVICE", literal(daemon.service)),
      constant("The client app label callers present to the daemon.", "CLIENT_APP", literal(daemon.app)),
    ];
  }
  const stdio = stdioOf(model);
  if (stdio === undefined) return [];
  return [
    constant("The server command `spawn()` starts by default.", "COMMAND", literal(stdio.command)),
    constant("Its arguments.", "ARGS", code`${literal(stdio.args ?? [])} as const`),
  ];
}

function constants(model: ContractModel): Code[] {
  const sensitive = model.methods.filter((m) => m.sensitiveParams.length > 0);
  const errorsDoc =
    model.errors.kind === "jsonrpc"
      ? "The JSON-RPC error codes this contract documents, with their meaning."
      : "The error codes this contract documents, with their meaning.";
  return [
    ...transportConstants(model),
    ...model.constants.map((c) => constant(c.description, c.name, literal(c.value))),
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
      "Params that carry a secret, per method; the client never stores them.",
      "SENSITIVE_PARAMS",
      record(sensitive.map((m) => [m.name, code`${literal(m.sensitiveParams)}`] as const)),
    ),
    constant(errorsDoc, "ERROR_CODES", record(model.errors.codes.map((e) => [e.code, literal(e.meaning)] as const))),
  ];
}

function spec(model: ContractModel, analyses: BindingAnalyses, method: Method): Code {
  const params = ident(typeName(model, method.params));
  const result = ident(typeName(model, method.result));
  const rule = method.failClosed;
  const failClosed =
    rule === undefined
      ? EMPTY
      : code`, failClosed: { field: ${rule.field}, expected: ${literal(rule.expected)}, code: ${rule.code}, message: ${rule.message} }`;
  const route = daemonOf(model) === undefined ? EMPTY : code`, route: ROUTE`;
  const rpcErrors = model.errors.kind === "jsonrpc" ? code`, rpcErrors: INVALID_PARAMS` : EMPTY;
  const paramsShape = analyses.integerShapes.get(method.params);
  const resultShape = analyses.integerShapes.get(method.result);
  const integers = code`${paramsShape === undefined ? EMPTY : code`, paramsIntegers: ${literal(paramsShape)}`}${resultShape === undefined ? EMPTY : code`, resultIntegers: ${literal(resultShape)}`}`;
  return code`{ method: ${method.tool}, timeoutMs: ${method.timeoutMs}, validateParams: ${ident(`validate${params}`)}, validateResult: ${ident(`validate${result}`)}${failClosed}${route}${rpcErrors}${integers} } satisfies ToolSpec<${params}, ${result}>`;
}

function methodDoc(model: ContractModel, method: Method): Code {
  const timeout = method.timeoutMs % 1000 === 0 ? `${method.timeoutMs / 1000} s` : `${method.timeoutMs} ms`;
  const secrets = method.sensitiveParams.map((name) => `\`${name}\``).join(", ");
  // The member the method's name asks for, when naming had to give it another (naming/binding-names.ts).
  const asked = camelCase(method.path[method.path.length - 1] ?? "").replace(/_$/, "");
  const notes = [
    `Calls \`${method.tool}\`. Default timeout ${timeout}.`,
    asked === "" || asked === method.member
      ? undefined
      : `Named \`${method.member}\`: \`${asked}\` is taken (by the client itself, by JavaScript, or by another method).`,
    method.sensitiveParams.length === 0 ? undefined : `Carries a secret in ${secrets}; the client never stores it.`,
    method.failClosed === undefined
      ? undefined
      : `Fails closed: an answer whose \`${method.failClosed.field}\` is not ${JSON.stringify(method.failClosed.expected)} becomes \`${method.failClosed.code}\`, and nothing of it is returned.`,
    model.okEnvelope ? "A result with `ok: false` is returned, never thrown." : undefined,
  ].filter((n): n is string => n !== undefined);
  const throws =
    model.errors.kind === "jsonrpc"
      ? "@throws RpcError when the server (or the client's own params check) refuses the call; ToolError when no answer came."
      : "@throws ToolError with a contract error code, or a code passed through from the host.";
  return docComment(method.summary, notes.join(" "), throws);
}

function signature(model: ContractModel, method: Method): { params: Code; result: Code } {
  const params = ident(typeName(model, method.params));
  return {
    params: method.paramsOptional ? code`params: ${params} = {}` : code`params: ${params}`,
    result: ident(typeName(model, method.result)),
  };
}

/** A namespace's methods as arrow functions in an object literal, nested namespaces inside. */
function namespaceBody(model: ContractModel, namespace: Namespace): Code {
  const members = [
    ...namespace.namespaces.map((inner) => code`${ident(inner.member)}: ${namespaceBody(model, inner)}`),
    ...namespace.methods.map((method) => {
      const { params, result } = signature(model, method);
      return code`${methodDoc(model, method)}\n${ident(method.member)}: (${params}, options?: ToolCallOptions): Promise<${result}> =>\ncallTool(this.#transport, ${member(code`SPECS`, method.name)}, params, options)`;
    }),
  ];
  return code`{\n${join(members, code`,\n`)},\n}`;
}

function namespaceFields(model: ContractModel): Code[] {
  return model.tree.namespaces.map((namespace) => {
    const doc = docComment(`The \`${namespace.member}\` methods.`);
    return code`${doc}\nreadonly ${ident(namespace.member)} = ${namespaceBody(model, namespace)} as const;`;
  });
}

function notificationsTable(model: ContractModel): Code {
  const entries = model.notifications.map(
    (n) => code`${objectKey(n.event)}: { method: ${n.name}, validate: ${ident(`validate${typeName(model, n.params)}`)} }`,
  );
  return code`{ ${join(entries)} } as const`;
}

function eventsType(model: ContractModel): Code {
  const entries = model.notifications.map(
    (n) => code`${docComment(n.summary)}\n${objectKey(n.event)}: ${ident(typeName(model, n.params))};`,
  );
  return code`{\n${join(entries, code`\n`)}\n}`;
}

function constructorParts(model: ContractModel): { param: Code; doc: Code } {
  if (daemonOf(model) !== undefined) {
    return {
      param: code`transport: Transport = new DaemonTransport()`,
      doc: docComment(
        [
          "Without a transport, the host is found through rightkit-daemon discovery",
          "(`<suite>/runtime/<service>/service.json`) under `RIGHTKIT_SUITE_ROOT` or the per-user",
          "default; pass `new DaemonTransport({ suiteRoot })` to name the suite root.",
        ].join("\n"),
      ),
    };
  }
  if (stdioOf(model) !== undefined) {
    return {
      param: code`transport: Transport`,
      doc: docComment("The transport that reaches the server; `spawn()` starts one over stdio and waits until it is ready."),
    };
  }
  return { param: code`transport: Transport`, doc: docComment("The transport that reaches the host.") };
}

export function emitClient(model: ContractModel, analyses: BindingAnalyses): string {
  const methodTypes = model.methods.flatMap((m) => [typeName(model, m.params), typeName(model, m.result)]);
  const notificationTypes = model.notifications.map((n) => typeName(model, n.params));
  const typeImports = [...new Set([...methodTypes, ...notificationTypes])].sort();
  const daemon = daemonOf(model);
  const stdio = stdioOf(model);
  const ready = readyOf(model);
  const rpc = model.errors.kind === "jsonrpc";
  const hasNotifications = model.notifications.length > 0;
  const runtimeImports = [
    code`callTool`,
    ...(daemon ? [code`DaemonTransport`] : []),
    ...(rpc ? [code`RpcError`] : []),
    ...(stdio ? [code`spawnTransport`, code`startOrClose`] : []),
    code`ToolError`,
    ...(rpc ? [code`type InvalidParamsRule`] : []),
    ...(ready ? [code`type ReadyRule`] : []),
    ...(stdio ? [code`type ServerDefaults`] : []),
    ...(daemon ? [code`type ServiceRoute`] : []),
    ...(stdio ? [code`type SpawnOptions`] : []),
    code`type ToolCallOptions`,
    code`type ToolSpec`,
    code`type Transport`,
  ];
  const className = ident(model.names.clientClass);
  const versionGetter = ready === undefined || model.names.versionGetter === undefined ? false : ident(model.names.versionGetter);
  const constructorPart = constructorParts(model);
  const invalidParams = model.errors.kind === "jsonrpc" ? model.errors.invalidParams : undefined;
  return renderTemplate("binding/client.ts.hbs", {
    runtimeImports: join(runtimeImports),
    typeImports: join([...typeImports, "ToolErrorCode"].map(ident)),
    validatorImports: join(typeImports.map((name) => ident(`validate${name}`))),
    constants: constants(model),
    route: daemon ? code`{ service: SERVICE, app: CLIENT_APP } as const satisfies ServiceRoute` : false,
    invalidParams:
      invalidParams === undefined
        ? false
        : code`{ code: ${invalidParams.code}, data: ${literal(invalidParams.data)}, issuesField: ${invalidParams.issuesField} } as const satisfies InvalidParamsRule`,
    ready:
      ready === undefined
        ? false
        : code`{ notification: ${ready.ready.notification}, validate: ${ident(`validate${ready.params}`)}${
            ready.ready.versionField === undefined || ready.ready.version === undefined
              ? EMPTY
              : code`, version: { field: ${ready.ready.versionField}, expected: ${ready.ready.version} }`
          } } as const satisfies ReadyRule`,
    server: stdio
      ? code`{ command: COMMAND, args: ARGS${ready === undefined ? EMPTY : code`, ready: READY`}${
          ready?.ready.timeoutMs === undefined ? EMPTY : code`, readyTimeoutMs: ${ready.ready.timeoutMs}`
        } } as const satisfies ServerDefaults`
      : false,
    notifications: hasNotifications ? notificationsTable(model) : false,
    eventsType: hasNotifications ? eventsType(model) : false,
    events: ident(model.names.events),
    rpc,
    specs: model.methods.map((method) => ({ key: objectKey(method.name), spec: spec(model, analyses, method) })),
    namespaces: namespaceFields(model),
    methods: model.tree.methods.map((method) => {
      const { params, result } = signature(model, method);
      return {
        doc: methodDoc(model, method),
        member: ident(method.member),
        specRef: member(code`SPECS`, method.name),
        paramsDecl: params,
        resultType: result,
      };
    }),
    className,
    classDoc: docComment(
      `Client for ${model.id}. Params are validated before anything is sent, results before anything is returned.`,
    ),
    transportParam: constructorPart.param,
    constructorDoc: constructorPart.doc,
    spawn: stdio !== undefined,
    versionGetter,
    versionType: ready === undefined ? false : code`${ident(ready.params)}[${literal(ready.ready.versionField ?? "")}]`,
  });
}
