// Static check of src/: no production source file is longer than MAX_LINES. A file that long holds
// several things; split it by what the parts hold (docs/architecture.md). Tests, test helpers and
// fixtures are left out: a long test file is a list of cases.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 450;

const root = join(import.meta.dirname, '..');

/** Longer for now, each with the reason; remove an entry once its file is split. */
const longer: Record<string, string> = {};

const sourceFile = /\.(ts|js|svelte)$/;
/** Test code as the import-layers rule counts it: tests, test-support helpers, child-process fixtures. */
const isTestCode = (path: string): boolean =>
  /\.test\.ts$/.test(path) || /(^|\/)test-support\//.test(path) || /\.fixture\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return sourceFile.test(entry.name) ? [relative(root, path).split(sep).join('/')] : [];
  });
}

const lineCount = (text: string): number => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

const production = sourceFiles(join(root, 'src')).filter((path) => !isTestCode(path));
const lengths = new Map(production.map((path) => [path, lineCount(readFileSync(join(root, path), 'utf8'))]));

describe('source file length', () => {
  it('counts lines as an editor shows them', () => {
    expect([
      lineCount(''),
      lineCount('a'),
      lineCount('a\n'),
      lineCount('a\nb'),
      lineCount('a\nb\n'),
      lineCount('\n'),
    ]).toEqual([0, 1, 1, 2, 2, 1]);
  });

  it(`no production source file in src/ is longer than ${MAX_LINES} lines`, () => {
    expect(production.length).toBeGreaterThan(100);
    const over = [...lengths]
      .filter(([path, lines]) => lines > MAX_LINES && !(path in longer))
      .map(([path, lines]) => `${path}: ${lines} lines`);
    expect(over, `split these by what their parts hold (at most ${MAX_LINES} lines each)`).toEqual([]);
  });

  it('every file allowed to be longer still is (otherwise its entry goes)', () => {
    const stale = Object.keys(longer).filter((path) => (lengths.get(path) ?? 0) <= MAX_LINES);
    expect(stale, 'remove these from `longer` in lint/file-length.test.ts').toEqual([]);
  });
});
