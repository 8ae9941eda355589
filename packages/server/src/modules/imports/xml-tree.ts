/**
 * XML text as the element tree the domain's ODM import reads (issue 27 item 3). saxes is strict
 * (well-formedness checked) and reads no DTDs or external entities, so a hostile file cannot make
 * the server fetch or expand anything.
 */
import type { XmlNode } from '@trialbase/domain';
import { SaxesParser } from 'saxes';

/** The document element, or null when the text is not well-formed XML. */
export function parseXmlTree(text: string): XmlNode | null {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = String(value);
    const node: XmlNode = { name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root ??= node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('cdata', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text.startsWith('\uFEFF') ? text.slice(1) : text).close();
  } catch {
    return null;
  }
  return failed ? null : root;
}
