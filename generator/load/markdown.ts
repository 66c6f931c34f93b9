/**
 * Contract documents are Markdown with the schema in a fenced ```json block. The loader takes
 * the fence whose `$id` is the contract id it was asked for, so a document may carry examples.
 */
import { BindgenError } from "../errors.js";
import { isJsonObject } from "../json.js";
import { parseJson } from "./json.js";

interface Fence {
  text: string;
  /** Lines before the fence's first content line, so JSON errors point into the document. */
  lineOffset: number;
}

function jsonFences(markdown: string): Fence[] {
  const fences: Fence[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*json\s*$/i.exec(lines[i] as string);
    if (open === null) continue;
    const marker = open[2] as string;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !(lines[end] as string).trim().startsWith(marker)) end++;
    fences.push({ text: lines.slice(start, end).join("\n"), lineOffset: start });
    i = end;
  }
  return fences;
}

export function schemaFromMarkdown(
  markdown: string,
  file: string,
  expectedId: string | undefined,
): { schema: unknown; text: string } {
  const candidates: { schema: unknown; text: string; id: string }[] = [];
  // Example fences need not be valid JSON ({"ok": true, ...}); their errors matter only if no fence matches.
  const unparsable: BindgenError[] = [];
  for (const fence of jsonFences(markdown)) {
    try {
      const schema = parseJson(fence.text, file, fence.lineOffset);
      if (isJsonObject(schema) && typeof schema.$id === "string") candidates.push({ schema, text: fence.text, id: schema.$id });
    } catch (error) {
      if (!(error instanceof BindgenError)) throw error;
      unparsable.push(error);
    }
  }
  const matching = expectedId === undefined ? candidates : candidates.filter((c) => c.id === expectedId);
  if (matching.length === 0 && unparsable[0] !== undefined) throw unparsable[0];
  const [only, ...rest] = matching;
  if (only === undefined) {
    const wanted = expectedId === undefined ? "with an $id" : `with "$id": ${JSON.stringify(expectedId)}`;
    throw new BindgenError("bad_contract", `no fenced json block ${wanted}`, { file });
  }
  if (rest.length > 0) {
    throw new BindgenError(
      "bad_contract",
      `several fenced json blocks have an $id (${matching.map((c) => c.id).join(", ")}); pass --binding to choose one`,
      { file },
    );
  }
  return { schema: only.schema, text: only.text };
}
