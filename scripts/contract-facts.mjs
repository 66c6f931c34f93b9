#!/usr/bin/env node
// `node scripts/contract-facts.mjs <document.md> [--out FILE]`: the facts the tests check a
// contract against, read from an upstream contract document, as JSON (stdout, or FILE). The
// documents stay upstream; test/fixtures/contract-facts/<document>.json is this script's output
// for each, committed, and the tests read only that. Refresh a fixture by running this on the new
// document with --out test/fixtures/contract-facts/<document>.json, then the contract tests.
//
// The output names the document (file name, `# ` title, version, sha256) and groups every fact
// under the `## ` section it comes from. What it reads, and how:
// - version: a first line `<name> <x.y.z>` before any heading (`rightkit-agent-tools 0.1.5`),
//   else "unversioned" (the sha256 then tells one version of the document from another);
// - entries: each `### \`name\`` heading (a method, a notification) with, when the document
//   has them, its `Params:` bullets and the `Result:` bullet that is a JSON value in backticks;
// - a param bullet `- \`name\` - text` or `- \`name\` -- text` (`- none`: no params):
//   required when the text says "required", or when it uses `--` and does not say "optional"
//   (the `--` lists mark the optional ones); type "boolean", "positive integer" (integer, minimum
//   1), "array of …, or a … string", "(string)"; a default from "defaults to `v`" or "`v`
//   (default)"; an enum from every run of two or more backticked values joined by ", ", " or "
//   or ", or " (each value read as JSON when it is JSON: `"id"` is id), typed string when all are;
// - tables: the first column of a table whose first-column cells are all one backticked value;
// - rpcErrorCodes: backticked JSON-RPC error codes (-32768 … -32000), outside fences, in order;
// - schemas and examples: each ```json fence that parses; one whose value has a string `$id` is
//   a schema, kept as its `$id`, sha256 and size (of its lines, each ending in a newline: what
//   `contract/<id>.schema.json` holds), any other an example, kept whole. A fence that does not
//   parse is left out, said on stderr.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const VERSION_LINE = /^[\w.@/-]+ v?\d+\.\d+\.\d+(?:[-+][\w.]+)?$/;
const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*json\s*$/i;
const ENTRY_HEADING = /^### `([^`]+)`\s*$/;
const LABEL = /^([A-Z][A-Za-z ]*):\s*$/;
const PARAM = /^`([^`]+)`(?:\s+(--|-)\s+(.*))?$/;
const ENUM_ITEM = /`([^`]+)`(?: \(default\))?/g;
const ENUM_RUN = /`[^`]+`(?: \(default\))?(?:(?:, or |, | or )`[^`]+`(?: \(default\))?)+/g;

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** A backticked value as the document means it: JSON when it is JSON (`false`, `"id"`), else the text. */
function literal(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function paramType(text) {
  const stated = text.replace(/^optional /, "");
  if (/^boolean\b/.test(stated)) return { type: "boolean" };
  if (/^positive integer\b/.test(stated)) return { type: "integer", minimum: 1 };
  if (/^array of [^,]*, or a .*\bstring\b/.test(stated)) return { type: ["array", "string"] };
  if (/\(string\)$/.test(stated)) return { type: "string" };
  return {};
}

function readParam(bullet) {
  const match = PARAM.exec(bullet);
  if (match === null) throw new Error(`not a param bullet: - ${bullet}`);
  const [, name, dash, text = ""] = match;
  const required = /\boptional\b/i.test(text) ? false : /\brequired\b/i.test(text) || dash === "--";
  const fallback = /defaults to `([^`]+)`/.exec(text) ?? /`([^`]+)` \(default\)/.exec(text);
  const values = [...text.matchAll(ENUM_RUN)].flatMap((run) => [...run[0].matchAll(ENUM_ITEM)].map((item) => literal(item[1])));
  const listed = values.length > 0 && values.every((value) => typeof value === "string") ? { type: "string" } : {};
  const param = { name, required, ...listed, ...paramType(text) };
  if (fallback !== null) param.default = literal(fallback[1]);
  if (values.length > 0) param.enum = values;
  return param;
}

/** The first column of a Markdown table, when each of its cells is one backticked value. */
function tableColumn(rows) {
  const cells = rows.map((row) =>
    row
      .replace(/^\||\|$/g, "")
      .split("|")[0]
      .trim(),
  );
  const [header, separator, ...body] = cells;
  if (!/^:?-{3,}:?$/.test(separator ?? "") || body.length === 0) return undefined;
  if (!body.every((cell) => /^`[^`]+`$/.test(cell))) return undefined;
  return { column: header, values: body.map((cell) => cell.slice(1, -1)) };
}

export function contractFacts(markdown, file) {
  const lines = markdown.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim() !== "") ?? "";
  const sections = [];
  let section;
  let entry;
  let label;
  const open = (heading) => {
    section = { heading, entries: [], tables: [], rpcErrorCodes: [], schemas: [], examples: [] };
    sections.push(section);
    entry = undefined;
    label = undefined;
  };
  open("");
  let title = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE_OPEN.exec(line);
    if (fence !== null) {
      const opening = i + 1;
      let end = opening;
      while (end < lines.length && !lines[end].trim().startsWith(fence[1])) end++;
      const text = lines
        .slice(opening, end)
        .map((content) => `${content}\n`)
        .join("");
      i = end;
      let value;
      try {
        value = JSON.parse(text);
      } catch (error) {
        process.stderr.write(`${file}:${opening}: a json fence that does not parse, left out: ${error.message}\n`);
        continue;
      }
      if (typeof value?.$id === "string")
        section.schemas.push({ $id: value.$id, sha256: sha256(text), bytes: Buffer.byteLength(text) });
      else section.examples.push(value);
      continue;
    }
    if (line.startsWith("# ") && title === "") title = line.slice(2).trim();
    if (line.startsWith("## ")) open(line.slice(3).trim());
    const heading = ENTRY_HEADING.exec(line);
    if (heading !== null) {
      entry = { name: heading[1] };
      section.entries.push(entry);
      label = undefined;
      continue;
    }
    if (line.startsWith("#")) {
      entry = undefined;
      continue;
    }
    if (line.startsWith("|")) {
      let end = i;
      while (end < lines.length && lines[end].startsWith("|")) end++;
      const column = tableColumn(lines.slice(i, end));
      if (column !== undefined) section.tables.push(column);
      i = end - 1;
      continue;
    }
    for (const [, code] of line.matchAll(/`(-32\d{3})`/g)) {
      if (!section.rpcErrorCodes.includes(Number(code))) section.rpcErrorCodes.push(Number(code));
    }
    if (entry === undefined || line.trim() === "") continue;
    const labelled = LABEL.exec(line);
    if (labelled !== null) {
      label = labelled[1];
      if (label === "Params") entry.params = [];
      continue;
    }
    if (!line.startsWith("- ")) {
      label = undefined;
      continue;
    }
    const bullet = line.slice(2).trim();
    if (label === "Params" && bullet !== "none") entry.params.push(readParam(bullet));
    if (label === "Result" && entry.result === undefined && /^`[^`]+`$/.test(bullet)) {
      const value = literal(bullet.slice(1, -1));
      if (typeof value === "object" && value !== null) entry.result = value;
    }
  }
  const kept = sections
    .map((found) => Object.fromEntries(Object.entries(found).filter(([, value]) => !Array.isArray(value) || value.length > 0)))
    .filter((found) => Object.keys(found).length > 1);
  return {
    document: {
      file: basename(file),
      title,
      version: VERSION_LINE.test(firstLine.trim()) ? firstLine.trim() : "unversioned",
      sha256: sha256(markdown),
    },
    extractedBy: "scripts/contract-facts.mjs",
    sections: kept,
  };
}

function main(argv) {
  const [document, ...rest] = argv;
  const out = rest.length === 2 && rest[0] === "--out" ? rest[1] : undefined;
  if (document === undefined || document.startsWith("-") || rest.length !== (out === undefined ? 0 : 2)) {
    process.stderr.write("usage: node scripts/contract-facts.mjs <document.md> [--out FILE]\n");
    return 2;
  }
  const json = `${JSON.stringify(contractFacts(readFileSync(document, "utf8"), document), null, 2)}\n`;
  if (out === undefined) process.stdout.write(json);
  else writeFileSync(out, json);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
