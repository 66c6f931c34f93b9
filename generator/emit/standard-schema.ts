/**
 * Model → standard-schema.ts: every named type's Standard Schema v1 object (`standard<Name>`),
 * which wraps its `validate<Name>` and states its JSON Schema (the Standard JSON Schema
 * extension). The interfaces and the adapter are fixed text in the template; what is emitted
 * here is one line per type and the table of definitions the types' schemas share
 * (tool-schema.ts `sharedSchemas`), so the file grows with the contract, not with types times
 * what each reaches. Only the public validator API is used: `validate<Name>` and `ValidationIssue`.
 */
import type { ContractModel, NamedType } from "../model/types.js";
import { standardSchemaName } from "../naming/binding-names.js";
import type { SchemaIndex } from "../resolve/index.js";
import { code, docLine, EMPTY, ident, join, literal, type Code } from "./code.js";
import { renderTemplate } from "./template.js";
import { sharedSchemas, type SharedRoot } from "./tool-schema.js";

export function emitStandardSchema(model: ContractModel, index: SchemaIndex): string {
  const shared = sharedSchemas(
    index,
    model.types.map((type) => type.id),
  );
  const names = model.types.map((type) => ident(type.name));
  const validators = model.types.map((type) => ident(`validate${type.name}`));
  const imports = [
    names.length === 0 ? EMPTY : code`import type { ${join(names)} } from "./types.js";`,
    code`import { ${join([...validators, code`type ValidationIssue`, code`type ValidationResult`])} } from "./validators.js";`,
  ];
  const types = model.types.map((type) => [type.name, planOf(shared.roots.get(type.id) as SharedRoot)]);
  return renderTemplate("binding/standard-schema.ts.hbs", {
    imports: join(
      imports.filter((line) => !line.isEmpty),
      code`\n`,
    ),
    table: literal({ definitions: Object.fromEntries(shared.definitions), types: Object.fromEntries(types) }),
    schemas: model.types.map(standardLine),
  });
}

/** What the module's table holds for one type: its root (its own copy, or its definition's name), or null when no copy is exact. */
function planOf(root: SharedRoot): unknown {
  return root.exact ? (root.body ?? root.definition) : null;
}

/** `export const standardX: StandardValidator<X> = wrapValidator("X", validateX);` */
function standardLine(type: NamedType): Code {
  const doc = docLine(`${type.name} as a Standard Schema (it runs validate${type.name}) and a Standard JSON Schema.`);
  return code`${doc}
export const ${ident(standardSchemaName(type.name))}: StandardValidator<${ident(type.name)}> = wrapValidator(${type.name}, ${ident(`validate${type.name}`)});`;
}
