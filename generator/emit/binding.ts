/**
 * The files of one contract's binding, each rendered from its template: model in, source out.
 * Which artifacts exist is decided here, so index.ts re-exports exactly those.
 */
import type { ContractModel } from "../model/types.js";
import type { SchemaIndex } from "../resolve/index.js";
import { code } from "./code.js";
import { renderTemplate } from "./template.js";
import { emitTypes } from "./types.js";

export interface BindingFile {
  readonly name: string;
  readonly source: string;
}

export function emitBinding(model: ContractModel, _index: SchemaIndex): BindingFile[] {
  const files: BindingFile[] = [{ name: "types.ts", source: renderTemplate("binding/types.ts.hbs", { body: emitTypes(model) }) }];
  const exports = [code`export type * from "./types.js";`];
  files.push({ name: "index.ts", source: renderTemplate("binding/index.ts.hbs", { exports }) });
  return files;
}
