// Static check of the renderer's sources: every search/filter box is the shared SearchBox, whose Enter never submits the form around it
// (otherwise Enter in the country search would send the whole policy without the country).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const rendererRoot = join(import.meta.dirname, '..', 'src', 'renderer', 'src');

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return svelteFiles(path);
    return entry.name.endsWith('.svelte') ? [path] : [];
  });
}

describe('search boxes', () => {
  it('every type="search" input in the renderer is the shared SearchBox', () => {
    const offenders = svelteFiles(rendererRoot)
      .filter((file) => !file.endsWith(join('lib', 'ui', 'search-box.svelte')))
      .filter((file) => /type=["']search["']|role=["']searchbox["']/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(rendererRoot, file));
    expect(offenders, 'use SearchBox from ui/ (Enter must not submit the form around it)').toEqual([]);
  });
});
