import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJsonDocument, RECHECK_MS, STALE_LOCK_MS } from './json-document.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';
import { createFakeClock, type FakeClock } from '../test-support/fake-clock.ts';

const schema = z.object({ version: z.literal(1), items: z.array(z.string()) });
let dir: string;
/** Every document of a test (both "processes") on one clock: rechecks and lock ages are measured on it. */
let clock: FakeClock;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-doc-'));
  clock = createFakeClock('2026-11-23T10:00:00.000Z');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function open(warnings: Warning[] = []) {
  return createJsonDocument({
    path: join(dir, 'doc.json'),
    schema,
    empty: () => ({ version: 1 as const, items: [] }),
    now: clock.now,
    corruptWarning: { code: 'Doc.Corrupt', message: (report) => `kept as ${report.movedTo} (${report.reason})` },
    onWarning: (warning) => warnings.push(warning),
  });
}

describe('JSON document', () => {
  it('starts empty without a file, writes changes in order, and a new instance reads them', async () => {
    const doc = open();
    expect(await doc.origin()).toBe('missing');
    expect(await doc.read()).toEqual({ version: 1, items: [] });
    const results = await Promise.all(['a', 'b', 'c'].map((item) => doc.update((file) => file.items.push(item))));
    expect(results).toEqual([1, 2, 3]);
    const again = open();
    expect(await again.read()).toEqual({ version: 1, items: ['a', 'b', 'c'] });
    expect(await again.origin()).toBe('read');
    expect(await readdir(dir)).toEqual(['doc.json']);
  });

  it('a change that throws leaves the value and the file as they were; skipWrite writes nothing', async () => {
    const doc = open();
    await doc.update((file) => file.items.push('kept'));
    await expect(
      doc.update((file) => {
        file.items.push('lost');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await doc.read()).items).toEqual(['kept']);
    const before = await readFile(join(dir, 'doc.json'), 'utf8');
    await rm(join(dir, 'doc.json'));
    expect(
      await doc.update((_file, control) => {
        control.skipWrite();
        return 'unchanged';
      }),
    ).toBe('unchanged');
    expect(await readdir(dir)).toEqual([]);
    expect(before).toContain('kept');
  });

  it('keeps a corrupt file aside, warns once, starts empty and writes a fresh file', async () => {
    await writeFile(join(dir, 'doc.json'), '{"version":1,"items":[');
    const warnings: Warning[] = [];
    const doc = open(warnings);
    expect(await doc.read()).toEqual({ version: 1, items: [] });
    await doc.read();
    expect(await doc.origin()).toBe('corrupt');
    expect(warnings).toEqual([
      {
        code: 'Doc.Corrupt',
        message: expect.stringMatching(/doc\.json\.corrupt-2026-11-23T10-00-00-000Z \(not valid JSON/),
      },
    ]);
    await doc.update((file) => file.items.push('new'));
    expect((await readdir(dir)).sort()).toEqual(['doc.json', 'doc.json.corrupt-2026-11-23T10-00-00-000Z']);
    expect(await readFile(join(dir, 'doc.json.corrupt-2026-11-23T10-00-00-000Z'), 'utf8')).toBe(
      '{"version":1,"items":[',
    );
  });

  describe('with another process on the same file (the CLI while the app is open)', () => {
    it('a change made elsewhere is read before this process changes the file, never written over', async () => {
      const app = open();
      const cli = open();
      await app.update((file) => file.items.push('from the app'));
      await cli.update((file) => file.items.push('from the CLI'));
      // The app's copy is older than the file: it reads it again, then adds its change.
      await app.update((file) => file.items.push('from the app again'));
      expect(await open().read()).toEqual({
        version: 1,
        items: ['from the app', 'from the CLI', 'from the app again'],
      });
      expect(await app.read()).toEqual(await open().read());
    });

    it('reads show what the other process wrote or removed', async () => {
      const app = open();
      const cli = open();
      expect(await app.read()).toEqual({ version: 1, items: [] });
      await cli.update((file) => file.items.push('x'));
      // Reads look at the file again once RECHECK_MS have passed since they last did, not before.
      clock.advance(RECHECK_MS - 1);
      expect((await app.read()).items).toEqual([]);
      clock.advance(1);
      expect((await app.read()).items).toEqual(['x']);
      await rm(join(dir, 'doc.json'));
      clock.advance(RECHECK_MS);
      expect((await app.read()).items).toEqual([]);
      // A clock set back an hour does not stop the rechecks for that hour.
      await cli.update((file) => file.items.push('y'));
      clock.advance(-3_600_000);
      expect((await app.read()).items).toEqual(['y']);
    });

    it('keeps its value when the other process left the file unreadable, and writes it back on its next change', async () => {
      const warnings: Warning[] = [];
      const app = open(warnings);
      await app.update((file) => file.items.push('kept'));
      await writeFile(join(dir, 'doc.json'), '{"version":1,"items":[tru');
      clock.advance(RECHECK_MS);
      expect((await app.read()).items).toEqual(['kept']);
      expect(warnings).toHaveLength(1);
      await app.update((file) => file.items.push('next'));
      expect((await open().read()).items).toEqual(['kept', 'next']);
    });

    it('waits while the other process holds the lock, and takes over a lock left by a process that died', async () => {
      const app = open();
      const lock = join(dir, 'doc.json.lock');
      // Held by a process that runs (this one's parent).
      await writeFile(lock, `${process.ppid}\n`);
      // Lock ages are on the documents' clock, whatever the file system's clock says.
      await utimes(lock, clock.now(), clock.now());
      let done = false;
      const change = app.update((file) => file.items.push('after the lock')).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(done).toBe(false);
      await rm(lock);
      await change;
      expect((await open().read()).items).toEqual(['after the lock']);
      // A lock older than STALE_LOCK_MS: its writer is gone.
      await writeFile(lock, `${process.ppid}\n`);
      const old = (clock.nowMs() - STALE_LOCK_MS - 5_000) / 1000;
      await utimes(lock, old, old);
      await app.update((file) => file.items.push('stale lock taken over'));
      expect((await open().read()).items).toEqual(['after the lock', 'stale lock taken over']);
      expect(await readdir(dir)).toEqual(['doc.json']);
    });

    it('takes over at once a fresh lock whose process is gone (killed while it wrote)', async () => {
      const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
      const lock = join(dir, 'doc.json.lock');
      await writeFile(lock, `${dead}\n`);
      await utimes(lock, clock.now(), clock.now());
      const started = performance.now();
      await open().update((file) => file.items.push('after a killed writer'));
      expect(performance.now() - started).toBeLessThan(STALE_LOCK_MS / 2);
      expect((await open().read()).items).toEqual(['after a killed writer']);
    });

    it('stamps its own lock with the time of its clock, so that another process on that clock never takes it for stale', async () => {
      clock.set('2031-01-01T00:00:00.000Z');
      // Looked at from inside a change, while the lock is held.
      const lockTime = await open().update((_file, control) => {
        control.skipWrite();
        return statSync(join(dir, 'doc.json.lock')).mtimeMs;
      });
      expect(lockTime).toBe(clock.nowMs());
    });
  });
});
