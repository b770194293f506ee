// The app's error table is the one source of its codes: every code written in src/ is in one of
// the two tables (app or API), app codes are written as AppCode.X.Y (never as string literals),
// every CoreError is raised with one, and every row of the table is used somewhere.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppCode, appErrorTable, findAppError, isAppErrorCode, type AppErrorCode } from './app-errors.ts';
import { apiErrorTable, findApiError } from './api/errors.ts';

const root = resolve(import.meta.dirname, '../..');
const CODE = /^[A-Z][A-Za-z]+\.[A-Z][A-Za-z]+$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.(ts|svelte)$/.test(entry.name) && !/\.test\.(ts|svelte)$|\.fixture\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Production source of src/, without the two tables themselves and the gateway emulator (it speaks the API's codes). */
const files = sourceFiles(join(root, 'src'))
  .map((path) => ({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  .filter((f) => !['src/shared/app-errors.ts', 'src/shared/api/errors.ts'].includes(f.path) && !f.path.startsWith('src/sandbox/'));

/** The text without comments (a code named in a comment is documentation, not a use). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const appCodes = Object.keys(appErrorTable) as AppErrorCode[];

describe('the app error table', () => {
  it('holds well-formed codes with a meaning, none of them an API code', () => {
    expect(appCodes.length).toBeGreaterThan(50);
    for (const c of appCodes) {
      expect(c).toMatch(CODE);
      expect(appErrorTable[c].meaning, c).toMatch(/^[A-Z].*[.!]$/);
      expect(findApiError(c), `${c} is in both tables`).toBeUndefined();
    }
    for (const row of apiErrorTable) expect(isAppErrorCode(row.code), `${row.code} is in both tables`).toBe(false);
  });

  it('gives AppCode constants that are the codes themselves', () => {
    expect(AppCode.Bulk.NotFound).toBe('Bulk.NotFound');
    expect(AppCode.Keychain.Unavailable).toBe('Keychain.Unavailable');
    const constants = Object.values(AppCode).flatMap((area) => Object.values(area) as string[]);
    expect(constants.sort()).toEqual([...appCodes].sort());
    expect(findAppError('Bulk.NotFound')?.inputMistake).toBe(true);
    expect(findAppError('InvalidPriority.Unique')).toBeUndefined();
  });

  it('every code written in src/ is an API code: the app writes its own through AppCode', () => {
    const literals: string[] = [];
    for (const f of files) {
      for (const m of code(f.text).matchAll(/['"`]([A-Z][A-Za-z]+\.[A-Z][A-Za-z]+)['"`]/g)) {
        if (!findApiError(m[1])) literals.push(`${f.path}: '${m[1]}'${isAppErrorCode(m[1]) ? ` (write AppCode.${m[1]})` : ' (not in either table)'}`);
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
      // Passing on a code that came with an error (already typed as a code of the tables).
      return !/^[a-z][A-Za-z.]*\.code$|^\w+ \? \w+\.code : AppCode\.\w+\.\w+$/.test(arg);
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
