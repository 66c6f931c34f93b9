/**
 * Just enough of an XML 1.0 reader to hold conform's JUnit output to the rules: a declaration,
 * one root element, elements that nest and close, quoted attributes without duplicates, only
 * the five predefined entities and character references, no markup characters left in text.
 * Anything else throws, naming the offset.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`XML at ${at}: ${why}`);
  };
  const decode = (raw: string): string => {
    if (/[<]/.test(raw)) fail("a raw < in text or an attribute");
    return raw.replace(/&([^;]*);|&/g, (_match, entity: string | undefined) => {
      if (entity === undefined) return fail("a bare &");
      if (/^#x[0-9a-fA-F]+$/.test(entity)) return String.fromCodePoint(parseInt(entity.slice(2), 16));
      if (/^#[0-9]+$/.test(entity)) return String.fromCodePoint(Number(entity.slice(1)));
      return ENTITIES[entity] ?? fail(`an unknown entity &${entity};`);
    });
  };
  const skipSpace = (): void => {
    while (/\s/.test(source[at] ?? "")) at++;
  };
  const element = (): XmlElement => {
    if (source[at] !== "<") fail("expected an element");
    at++;
    const name = NAME.exec(source.slice(at))?.[0] ?? fail("expected an element name");
    at += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (source[at] === ">") break;
      const key = NAME.exec(source.slice(at))?.[0] ?? fail("expected an attribute name");
      at += key.length;
      if (source[at] !== "=" || source[at + 1] !== '"') fail(`attribute ${key} is not ="…"`);
      const end = source.indexOf('"', at + 2);
      if (end < 0) fail("an unterminated attribute");
      if (Object.hasOwn(attributes, key)) fail(`attribute ${key} twice`);
      attributes[key] = decode(source.slice(at + 2, end));
      at = end + 1;
    }
    at++;
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      const next = source.indexOf("<", at);
      if (next < 0) fail(`element ${name} is not closed`);
      text += decode(source.slice(at, next));
      at = next;
      if (source.startsWith(`</${name}>`, at)) {
        at += name.length + 3;
        return { name, attributes, children, text };
      }
      if (source.startsWith("</", at)) fail(`a closing tag that is not </${name}>`);
      children.push(element());
    }
  };
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!source.startsWith(declaration)) fail("no XML declaration");
  at = declaration.length;
  skipSpace();
  const root = element();
  skipSpace();
  if (at !== source.length) fail("content after the root element");
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(source)) fail("a control character XML 1.0 does not allow");
  return root;
}
