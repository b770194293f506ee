// Every relative link in README.md and docs/ must lead somewhere: the file (or folder) exists and,
// when the link names a heading (`file.md#heading`), the heading exists too, spelled as GitHub
// makes its anchors. Links to the web are not followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Markdown without fenced code blocks and inline code, where `[x](y)` is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links and images: `[text](target)`, `![alt](target "title")`. */
export function markdownLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of withoutCode(markdown).matchAll(
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  )) {
    targets.push(match[1]);
  }
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Anchors of every heading of a Markdown file, with GitHub's -1, -2 … for repeated headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1].replace(/`/g, ''));
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The broken relative links of one Markdown file, as "target: reason". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const target of markdownLinks(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [pathPart, fragment] = target.split('#', 2);
    const path = pathPart ? resolve(dirname(file), decodeURI(pathPart)) : file;
    if (!existsSync(path)) {
      broken.push(`${target}: no ${relative(root, path)}`);
      continue;
    }
    if (fragment && path.endsWith('.md') && statSync(path).isFile()) {
      if (!headingAnchors(readFileSync(path, 'utf8')).has(decodeURIComponent(fragment))) {
        broken.push(`${target}: no heading #${fragment} in ${relative(root, path)}`);
      }
    }
  }
  return broken;
}

describe('markdown link helpers', () => {
  it('finds links and images but not code', () => {
    const text = '[a](x.md) ![b](img.png "t") `[c](code.md)`\n```\n[d](fenced.md)\n```\n[e](https://e.example/)';
    expect(markdownLinks(text)).toEqual(['x.md', 'img.png', 'https://e.example/']);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingSlug("The app's data files")).toBe('the-apps-data-files');
    expect(headingSlug('Plain http:// base URLs: refused, no "insecure" override')).toBe(
      'plain-http-base-urls-refused-no-insecure-override',
    );
    expect([...headingAnchors('# Command line: `accel`\n## CLI\n## CLI\n```\n# not a heading\n```')]).toEqual([
      'command-line-accel',
      'cli',
      'cli-1',
    ]);
  });
});

describe('links in README.md and docs/', () => {
  const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

  it('checks every page', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
