// Test helper: parses XML strictly (saxes, the parser jsdom uses: it throws on anything not
// well-formed) into a small element tree tests can query.
import { SaxesParser } from 'saxes';

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    // Without the xmlns option, attributes are plain strings.
    for (const [key, value] of Object.entries(tag.attributes)) attributes[key] = String(value);
    const element: XmlElement = { name: tag.name, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    stack.push(element);
  });
  parser.on('text', (t) => {
    const current = stack.at(-1);
    if (current) current.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  const [element] = root.children;
  if (!element) throw new Error('No root element');
  return element;
}

/** Every element named `name` under `element` (depth first). */
export function elements(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elements(child, name)]);
}
