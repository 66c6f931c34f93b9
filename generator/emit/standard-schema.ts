/**
 * Model → standard-schema.ts: every named type's Standard Schema v1 object (`standard<Name>`),
 * which wraps its `validate<Name>` and states its JSON Schema (the Standard JSON Schema
 * extension). The interfaces and the adapter are the runtime's (core/standard-schema.ts); what is
 * emitted here is one line per type and the table of definitions the types' schemas share
 * (analyses/bundle.ts `sharedSchemas`), so the file grows with the contract, not with types times
 * what each reaches. It is the binding's one copy of its schemas: the CLI's `--tools` reads it.
 */
import type { ContractModel, NamedType } from "../model/types.js";
import { standardSchemaName } from "../naming/binding-names.js";
import { code, docLine, ident, join, jsonTemplate, type Code } from "./code.js";
import { renderTemplate } from "./template.js";
import type { SharedRoot } from "../analyses/bundle.js";
import type { BindingAnalyses } from "../analyses/binding-analyses.js";

export function emitStandardSchema(model: ContractModel, analyses: BindingAnalyses): string {
  const shared = analyses.typeSchemas;
  const names = model.types.map((type) => ident(type.name));
  const validators = model.types.map((type) => ident(`validate${type.name}`));
  const imports = [
    code`import { SchemaTable, type StandardValidator } from "../runtime/core/standard-schema.js";`,
    code`import type { ${join(names)} } from "./types.js";`,
    code`import { ${join(validators)} } from "./validators.js";`,
  ];
  const types = model.types.map((type) => [type.name, planOf(shared.roots.get(type.id) as SharedRoot)]);
  return renderTemplate("binding/standard-schema.ts.hbs", {
    any: model.types.length > 0,
    imports: join(imports, code`\n`),
    table: jsonTemplate({ definitions: Object.fromEntries(shared.definitions), types: Object.fromEntries(types) }),
    schemas: model.types.map(standardLine),
  });
}

/** What the module's table holds for one type: its root (its own copy, or its definition's name), or null when no copy is exact. */
function planOf(root: SharedRoot): unknown {
  return root.exact ? (root.body ?? root.definition) : null;
}

/** `export const standardX: StandardValidator<X> = schemas.standard("X", validateX);` */
function standardLine(type: NamedType): Code {
  const doc = docLine(`${type.name} as a Standard Schema (it runs validate${type.name}) and a Standard JSON Schema.`);
  return code`${doc}
export const ${ident(standardSchemaName(type.name))}: StandardValidator<${ident(type.name)}> = schemas.standard(${type.name}, ${ident(`validate${type.name}`)});`;
}
