/**
 * Loads a contract: its schema (a .json file, or the fenced JSON of a contract .md document),
 * checked against the meta-schema, and its optional binding file.
 */
import { fingerprint, sortKeys } from "../json.js";
import { readFileSync } from "node:fs";
import { BindgenError } from "../errors.js";
import { parseBinding, type Binding } from "./binding.js";
import { parseJson } from "./json.js";
import { schemaFromMarkdown } from "./markdown.js";
import { checkMetaSchema, type Draft } from "./meta-schema.js";

export interface ContractSource {
  /** The schema file: `.json`, or a contract document `.md`. */
  readonly contract: string;
  /** The binding file, if the contract has one. */
  readonly binding?: string | undefined;
}

export interface LoadedContract {
  readonly schemaFile: string;
  readonly schema: unknown;
  readonly draft: Draft;
  readonly bindingFile: string | undefined;
  readonly binding: Binding | undefined;
  readonly schemaSha256: string;
  readonly bindingSha256: string | undefined;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new BindgenError("io", `cannot read: ${reason}`, { file });
  }
}

export function loadContract(source: ContractSource): LoadedContract {
  const bindingFile = source.binding;
  const binding = bindingFile === undefined ? undefined : parseBinding(readText(bindingFile), bindingFile);
  const schemaFile = source.contract;
  const text = readText(schemaFile);
  const parsed = /\.(md|markdown)$/i.test(schemaFile)
    ? schemaFromMarkdown(text, schemaFile, binding?.contract).schema
    : parseJson(text, schemaFile);
  const schema = sortKeys(parsed);
  const draft = checkMetaSchema(schema, schemaFile);
  return {
    schemaFile,
    schema,
    draft,
    bindingFile,
    binding,
    schemaSha256: fingerprint(schema),
    bindingSha256: binding === undefined ? undefined : fingerprint(binding),
  };
}
