// Test helper: reads tables out of the spec and docs/api-decisions.md so tests compare the
// code against the documents, not against a copy. Tests run in Node; src/shared is also
// type-checked for the renderer (no Node types), so node:fs is loaded by a computed specifier.
interface Fs {
  readFileSync(path: URL, encoding: 'utf8'): string;
}
const fs = (await import(/* @vite-ignore */ ['node', 'fs'].join(':'))) as Fs;

/** CI has ../shared beside the clone: <repo>/../shared/spec/website-acceleration-api.md. */
const specUrl = new URL('../../../../../shared/spec/website-acceleration-api.md', import.meta.url);
const apiDecisionsUrl = new URL('../../../../docs/api-decisions.md', import.meta.url);

/** Rows (cells trimmed) of the first Markdown table after the heading line `heading`. */
export function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading || l.trim().startsWith(`${heading} `));
  if (start === -1) throw new Error(`heading not found: ${heading}`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) {
      inTable = true;
      rows.push(
        line
          .slice(1, line.lastIndexOf('|'))
          .split('|')
          .map((c) => c.trim()),
      );
    } else if (inTable) {
      break;
    }
  }
  // Drop header and separator rows.
  return rows.slice(2);
}

export function readSpec(): string {
  return fs.readFileSync(specUrl, 'utf8');
}

export function readApiDecisions(): string {
  return fs.readFileSync(apiDecisionsUrl, 'utf8');
}

/** Spec's Operations column ("all", "6, 8-15; note") → operation numbers. */
export function parseOperationNumbers(cell: string): number[] | 'all' {
  const list = cell.split(';')[0].trim();
  if (list === 'all') return 'all';
  return list.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('-').map(Number);
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });
}
