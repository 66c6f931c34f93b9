/**
 * Handlebars lays out files; it never decides what code says. Templates compile with HTML
 * escaping off, strict (a missing field is an error) and only the built-in block helpers, and
 * every value they receive must be `Code` (or lists/records of it, or a boolean for `#if`):
 * a raw string from a contract cannot reach a template.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { TEMPLATES_DIR } from "../package-files.js";
import { Code } from "./code.js";

export type TemplateValue = Code | boolean | readonly TemplateValue[] | { readonly [key: string]: TemplateValue };

export { TEMPLATES_DIR };

function assertCodeOnly(value: unknown, path: string): void {
  if (value instanceof Code || typeof value === "boolean") return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertCodeOnly(item, `${path}[${i}]`));
    return;
  }
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) assertCodeOnly(item, `${path}.${key}`);
    return;
  }
  throw new TypeError(`template value ${path} is not Code (got ${typeof value})`);
}

/** Renders `templates/<name>` with a Code-only context. */
export function renderTemplate(name: string, context: { readonly [key: string]: TemplateValue }): string {
  assertCodeOnly(context, "context");
  const source = readFileSync(new URL(name, TEMPLATES_DIR), "utf8");
  // A private Handlebars environment per render: no helper or partial registered anywhere leaks in.
  const handlebars = Handlebars.create();
  const template = handlebars.compile(source, { noEscape: true, strict: true, knownHelpersOnly: true });
  return template(context);
}
