// The app's error table (src/shared/app-errors.ts) is the one source of its codes: every code
// written in src/ is in one of the two tables (app or API), app codes are written as AppCode.X.Y
// (never as string literals), every CoreError is raised with one, and every row is used.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appErrorTable, isAppErrorCode, type AppErrorCode } from '../src/shared/app-errors.ts';
import { findApiError } from '../src/shared/api/errors.ts';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.(ts|svelte)$/.test(entry.name) && !/\.test\.(ts|svelte)$|\.fixture\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Production source of src/, without the two tables themselves and the gateway emulator (it speaks the API's codes). */
const files = sourceFiles(join(root, 'src'))
  .map((path) => ({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  .filter(
    (f) =>
      !['src/shared/app-errors.ts', 'src/shared/api/errors.ts'].includes(f.path) && !f.path.startsWith('src/sandbox/'),
  );

/** The text without comments (a code named in a comment is documentation, not a use). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const appCodes = Object.keys(appErrorTable) as AppErrorCode[];

describe('app error codes in src/', () => {
  it('every code written in src/ is an API code: the app writes its own through AppCode', () => {
    const literals: string[] = [];
    for (const f of files) {
      for (const m of code(f.text).matchAll(/['"`]([A-Z][A-Za-z]+\.[A-Z][A-Za-z]+)['"`]/g)) {
        if (!findApiError(m[1]))
          literals.push(
            `${f.path}: '${m[1]}'${isAppErrorCode(m[1]) ? ` (write AppCode.${m[1]})` : ' (not in either table)'}`,
          );
      }
    }
    expect(literals).toEqual([]);
  });

  it('every CoreError is raised with a code of a table', () => {
    const raised: string[] = [];
    for (const f of files) {
      for (const m of code(f.text).matchAll(/new CoreError\(\s*([^,]+),/g)) raised.push(`${f.path}: ${m[1].trim()}`);
    }
    expect(raised.length).toBeGreaterThan(50);
    const unknown = raised.filter((entry) => {
      const arg = entry.slice(entry.indexOf(': ') + 2);
      const constant = /^AppCode\.([A-Za-z]+)\.([A-Za-z]+)$/.exec(arg);
      if (constant) return !isAppErrorCode(`${constant[1]}.${constant[2]}`);
      // Passing on a code that came with an error, as it came (errors.ts passedOnCode).
      return !/^[a-z][A-Za-z.]*\.code$|^passedOnCode\([a-z][A-Za-z.]*\)$|^\w+ \? passedOnCode\(\w+\.code\) : AppCode\.\w+\.\w+$/.test(
        arg,
      );
    });
    expect(unknown).toEqual([]);
  });

  it('every AppCode written in src/ is in the table, and every row is used', () => {
    const used = new Set<string>();
    const unknown: string[] = [];
    for (const f of files) {
      for (const m of code(f.text).matchAll(/\bAppCode\.([A-Za-z]+)\.([A-Za-z]+)\b/g)) {
        const c = `${m[1]}.${m[2]}`;
        if (isAppErrorCode(c)) used.add(c);
        else unknown.push(`${f.path}: AppCode.${c}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(appCodes.filter((c) => !used.has(c))).toEqual([]);
  });
});
