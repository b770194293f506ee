import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  readJsonFile,
  removeStaleTempFiles,
  writeJsonFileAtomic,
  STALE_TEMP_AGE_MS,
  type CorruptFileReport,
} from './atomic-json.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

/** Names of files kept aside and ages of temp files are on this clock. */
const clock = createFakeClock('2026-11-23T12:00:00Z');

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
    expect(await readJsonFile(path, schema, { now: clock.now })).toEqual({ version: 2, items: ['a', 'b'] });
    expect(await readdir(join(dir, 'nested'))).toEqual(['data.json']);
  });

  it('returns undefined for a missing file without reporting corruption', async () => {
    const reports: CorruptFileReport[] = [];
    expect(
      await readJsonFile(join(dir, 'none.json'), schema, { onCorrupt: (r) => reports.push(r), now: clock.now }),
    ).toBeUndefined();
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
    expect(await readJsonFile(path, schema, { migrate, now: clock.now })).toEqual({ version: 2, items: ['x'] });

    const reports: CorruptFileReport[] = [];
    expect(await readJsonFile(path, schema, { onCorrupt: (r) => reports.push(r), now: clock.now })).toBeUndefined();
    expect(reports[0].reason).toMatch(/unexpected content: version/);
  });
});

describe('stale temp files', () => {
  it('removes temp files of the named stores left by a dead process, keeps live writers and anything else', async () => {
    // PID 2^22+1 is above Linux's pid_max default range: no such process.
    const dead = '.journal.json.tmp-4194305-a1b2c3d4e5f6';
    const liveFresh = `.journal.json.tmp-${process.ppid}-00aa11bb22cc`;
    const liveOld = `.drafts.json.tmp-${process.ppid}-ffeeddccbbaa`;
    const foreign = '.notes.json.tmp-4194305-a1b2c3d4e5f6';
    const unrelated = 'journal.json.tmp-4194305-a1b2c3d4e5f6';
    for (const name of [dead, liveFresh, liveOld, foreign, unrelated, 'journal.json'])
      await writeFile(join(dir, name), 'x');
    // Ages on the given clock: the file times are set from it, never left to the day the test runs.
    const fresh = new Date(clock.nowMs() - 60_000);
    const old = new Date(clock.nowMs() - STALE_TEMP_AGE_MS - 60_000);
    for (const name of [dead, liveFresh, foreign, unrelated, 'journal.json'])
      await utimes(join(dir, name), fresh, fresh);
    await utimes(join(dir, liveOld), old, old);

    expect((await removeStaleTempFiles(dir, ['journal.json', 'drafts.json'], clock.nowMs())).sort()).toEqual(
      [liveOld, dead].sort(),
    );
    expect((await readdir(dir)).sort()).toEqual([liveFresh, foreign, unrelated, 'journal.json'].sort());
    expect(await removeStaleTempFiles(join(dir, 'missing'), ['journal.json'], clock.nowMs())).toEqual([]);
  });
});
