/**
 * The first step of the model: what the binding file says about the contract's shape must hold
 * in the schema (every method has both parts, the ready notification exists, an `ok` envelope is
 * declared, a fail-closed field is a result property, the binding and the schema name the same
 * methods). Each refusal names the binding's (or the schema's) file and pointer.
 */
import type { ContractShape, MethodEntry } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { appendPointer, isJsonObject } from "../json.js";
import type { Binding } from "../load/binding.js";
import { byCodeUnits } from "../order.js";

/** The contract's methods, each with both parts: a method without one is bad input, named by its pointer. */
export function checkMethodParts(shape: ContractShape, file: string): void {
  for (const method of shape.methods) {
    const part = method.missing[0];
    if (part !== undefined) {
      throw new BindgenError("bad_contract", `method ${JSON.stringify(method.name)} has no ${part} schema`, {
        file,
        pointer: method.pointer,
      });
    }
  }
}

/** Facts the binding states about the contract's shape must hold in the schema. */
export function checkBinding(shape: ContractShape, binding: Binding, bindingFile: string): void {
  const transport = binding.transport;
  const ready = transport?.kind === "jsonrpc-stdio" ? transport.ready : undefined;
  if (ready !== undefined && !shape.notifications.some((n) => n.name === ready.notification)) {
    throw new BindgenError(
      "bad_binding",
      `transport.ready.notification ${JSON.stringify(ready.notification)} is not a notification of the schema`,
      { file: bindingFile, pointer: "#/transport/ready/notification" },
    );
  }
  if (binding.results?.okEnvelope === true) {
    for (const method of shape.methods) {
      if (!declaresOk(method.entry.result)) {
        throw new BindgenError("bad_binding", `results.okEnvelope: ${method.name}'s result does not require a boolean "ok"`, {
          file: bindingFile,
          pointer: "#/results/okEnvelope",
        });
      }
    }
  }
  checkFailClosedFields(shape.methods, binding, bindingFile);
  checkSameMethods(shape.methods, binding, bindingFile);
}

/** A result schema that requires `ok` and declares it boolean (or a boolean const). */
function declaresOk(result: unknown): boolean {
  if (!isJsonObject(result) || !isJsonObject(result.properties)) return false;
  const ok = result.properties.ok;
  const required = Array.isArray(result.required) && result.required.includes("ok");
  return required && isJsonObject(ok) && (ok.type === "boolean" || typeof ok.const === "boolean");
}

function checkFailClosedFields(methods: readonly MethodEntry[], binding: Binding, bindingFile: string): void {
  for (const method of methods) {
    const field = binding.methods[method.name]?.failClosed?.field;
    const result = method.entry.result;
    const declared = isJsonObject(result) && isJsonObject(result.properties) && Object.hasOwn(result.properties, field ?? "");
    if (field !== undefined && !declared) {
      throw new BindgenError(
        "bad_binding",
        `failClosed.field ${JSON.stringify(field)} is not a property of ${method.name}'s result`,
        { file: bindingFile, pointer: appendPointer("#/methods", method.name, "failClosed", "field") },
      );
    }
  }
}

/** The binding has an entry for every method of the schema, and for nothing else. */
function checkSameMethods(methods: readonly MethodEntry[], binding: Binding, bindingFile: string): void {
  const inSchema = new Set(methods.map((m) => m.name));
  for (const name of Object.keys(binding.methods).sort(byCodeUnits)) {
    if (!inSchema.has(name)) {
      throw new BindgenError("bad_binding", `binding names method ${JSON.stringify(name)}, which the schema does not define`, {
        file: bindingFile,
        pointer: appendPointer("#/methods", name),
      });
    }
  }
  for (const method of methods) {
    if (!Object.hasOwn(binding.methods, method.name)) {
      throw new BindgenError("bad_binding", `binding has no entry for method ${JSON.stringify(method.name)}`, {
        file: bindingFile,
        pointer: "#/methods",
      });
    }
  }
}
