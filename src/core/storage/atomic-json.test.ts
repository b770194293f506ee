import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './atomic-json.ts';

const schema = z.object({ version: z.literal(2), items: z.array(z.string()) });
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-json-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic JSON files', () => {
  it('writes and reads back, creating the directory, leaving no temp file', async () => {
    const path = join(dir, 'nested', 'data.json');
    await writeJsonFileAtomic(path, { version: 2, items: ['a'] });
    await writeJsonFileAtomic(path, { version: 2, items: ['a', 'b'] });
    expect(await readJsonFile(path, schema)).toEqual({ version: 2, items: ['a', 'b'] });
    expect(await readdir(join(dir, 'nested'))).toEqual(['data.json']);
  });

  it('returns undefined for a missing file without reporting corruption', async () => {
    const reports: CorruptFileReport[] = [];
    expect(await readJsonFile(join(dir, 'none.json'), schema, { onCorrupt: (r) => reports.push(r) })).toBeUndefined();
    expect(reports).toEqual([]);
  });

  it('moves a file that is not JSON aside and reports it', async () => {
    const path = join(dir, 'data.json');
    await writeFile(path, '{"version": 2, "items": [');
    const reports: CorruptFileReport[] = [];
    const now = () => new Date('2026-11-23T01:02:03.004Z');
    expect(await readJsonFile(path, schema, { onCorrupt: (r) => reports.push(r), now })).toBeUndefined();
    expect(reports).toHaveLength(1);
    expect(reports[0].movedTo).toBe(join(dir, 'data.json.corrupt-2026-11-23T01-02-03-004Z'));
    expect(reports[0].reason).toMatch(/not valid JSON/);
    expect(await readFile(reports[0].movedTo, 'utf8')).toBe('{"version": 2, "items": [');
    expect(await readdir(dir)).toEqual(['data.json.corrupt-2026-11-23T01-02-03-004Z']);
  });

  it('treats a schema mismatch as corrupt, and applies the migration first', async () => {
    const path = join(dir, 'data.json');
    await writeFile(path, JSON.stringify({ version: 1, list: ['x'] }));
    const migrate = (raw: unknown) => {
      const old = raw as { version: number; list: string[] };
      return old.version === 1 ? { version: 2, items: old.list } : raw;
    };
    expect(await readJsonFile(path, schema, { migrate })).toEqual({ version: 2, items: ['x'] });

    const reports: CorruptFileReport[] = [];
    expect(await readJsonFile(path, schema, { onCorrupt: (r) => reports.push(r) })).toBeUndefined();
    expect(reports[0].reason).toMatch(/unexpected content: version/);
  });
});
