import { mkdtemp, readdir, rm, stat, utimes, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addRange, AnalyticsCache, mergePiece, subtractRanges, type CacheKey } from './cache.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const t0 = Date.UTC(2026, 10, 1);
/** The cache's clock: use times, and so the eviction order, are on it. */
const clock = createFakeClock(t0 + 24 * 3_600_000);
const H = 3_600_000;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const key = (serviceName: string): CacheKey => ({
  accountId: 'acc-1',
  serviceName,
  metric: 'volume',
  interval: 'minute',
});

describe('range bookkeeping', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      addRange(
        [
          [0, 10],
          [20, 30],
        ],
        { from: 10, to: 20 },
      ),
    ).toEqual([[0, 30]]);
    expect(addRange([[0, 10]], { from: 5, to: 5 })).toEqual([[0, 10]]);
    expect(addRange([[20, 30]], { from: 0, to: 5 })).toEqual([
      [0, 5],
      [20, 30],
    ]);
  });
  it('finds the gaps of a range', () => {
    expect(subtractRanges({ from: 0, to: 100 }, [])).toEqual([{ from: 0, to: 100 }]);
    expect(
      subtractRanges({ from: 0, to: 100 }, [
        [0, 40],
        [60, 70],
      ]),
    ).toEqual([
      { from: 40, to: 60 },
      { from: 70, to: 100 },
    ]);
    expect(subtractRanges({ from: 10, to: 20 }, [[0, 100]])).toEqual([]);
  });
  it('replaces points of the fetched range and marks only the part before finalUntil as final', () => {
    const first = mergePiece(undefined, key('a.com'), {
      range: { from: t0, to: t0 + 3 * H },
      points: [
        [t0, 1],
        [t0 + 2 * H, 2],
      ],
      fetchedAt: 5,
      finalUntil: t0 + 2 * H,
    });
    expect(first.final).toEqual([[t0, t0 + 2 * H]]);
    const second = mergePiece(first, key('a.com'), {
      range: { from: t0 + 2 * H, to: t0 + 4 * H },
      points: [[t0 + 3 * H, 3]],
      fetchedAt: 9,
      finalUntil: t0 + 4 * H,
    });
    // The revisable point at t0+2h vanished in the newer answer, so it is gone.
    expect(second.points).toEqual([
      [t0, 1],
      [t0 + 3 * H, 3],
    ]);
    expect(second.final).toEqual([[t0, t0 + 4 * H]]);
    expect(second.fetchedAt).toBe(9);
  });
});

describe('AnalyticsCache', () => {
  it('round-trips an entry through an atomic JSON file', async () => {
    const cache = new AnalyticsCache({ dir, now: clock.nowMs });
    const entry = {
      ...key('www.example.com'),
      final: [[t0, t0 + H]] as Array<[number, number]>,
      points: [[t0, 42]] as Array<[number, number]>,
      fetchedAt: t0,
    };
    await cache.write(entry);
    expect(await new AnalyticsCache({ dir, now: clock.nowMs }).read(key('www.example.com'))).toEqual(entry);
    expect(await cache.read(key('other.example.com'))).toBeUndefined();
    const text = await readFile(cache.pathOf(entry), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ schemaVersion: 1, serviceName: 'www.example.com' });
  });

  it('discards a corrupt entry (bad JSON or bad points) and reports it', async () => {
    const reports: string[] = [];
    const cache = new AnalyticsCache({ dir, onCorrupt: (info) => reports.push(info.reason), now: clock.nowMs });
    const entry = { ...key('a.com'), final: [], points: [[t0, 1]] as Array<[number, number]>, fetchedAt: t0 };
    await cache.write(entry);
    await writeFile(cache.pathOf(entry), '{"schemaVersion":1,"trunc');
    expect(await cache.read(key('a.com'))).toBeUndefined();
    expect(reports).toHaveLength(1);
    await cache.write(entry);
    const file = JSON.parse(await readFile(cache.pathOf(entry), 'utf8')) as Record<string, unknown>;
    await writeFile(cache.pathOf(entry), JSON.stringify({ ...file, points: '[[1,"x"]]' }));
    expect(await cache.read(key('a.com'))).toBeUndefined();
    expect(reports).toHaveLength(2);
    // Nothing is left behind: the entry will be fetched again.
    expect((await readdir(join(dir, (await readdir(dir))[0]))).length).toBe(0);
  });

  it('evicts the least recently used entries beyond the size bound', async () => {
    const points = Array.from({ length: 200 }, (_, i) => [t0 + i * 300_000, i] as [number, number]);
    const probe = new AnalyticsCache({ dir: join(dir, 'probe'), now: clock.nowMs });
    await probe.write({ ...key('probe.com'), final: [], points, fetchedAt: t0 });
    const oneEntry = await probe.totalBytes();

    const cache = new AnalyticsCache({ dir: join(dir, 'lru'), maxBytes: Math.floor(oneEntry * 3.5), now: clock.nowMs });
    for (const name of ['a.com', 'b.com', 'c.com'])
      await cache.write({ ...key(name), final: [], points, fetchedAt: t0 });
    await cache.read(key('a.com')); // a is now more recent than b
    await cache.write({ ...key('d.com'), final: [], points, fetchedAt: t0 });
    expect(await cache.entryCount()).toBe(3);
    expect(await cache.read(key('b.com'))).toBeUndefined();
    expect(await cache.read(key('a.com'))).toBeDefined();
    expect(await cache.totalBytes()).toBeLessThanOrEqual(cache.maxBytes);
  });

  it('drops the cache of accounts no longer listed', async () => {
    const cache = new AnalyticsCache({ dir, now: clock.nowMs });
    const entry = (accountId: string) => ({
      accountId,
      serviceName: 'a.com',
      metric: 'volume' as const,
      interval: 'minute' as const,
      final: [],
      points: [[t0, 1]] as Array<[number, number]>,
      fetchedAt: t0,
    });
    await cache.write(entry('kept'));
    await cache.write(entry('removed'));
    expect(await cache.retainAccounts(['kept'])).toBe(1);
    expect(await cache.read({ ...key('a.com'), accountId: 'kept' })).toBeDefined();
    expect(await cache.read({ ...key('a.com'), accountId: 'removed' })).toBeUndefined();
    expect(await cache.entryCount()).toBe(1);
  });

  it('serializes concurrent updates of one entry', async () => {
    const cache = new AnalyticsCache({ dir, now: clock.nowMs });
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        cache.update(key('a.com'), (entry) =>
          mergePiece(entry, key('a.com'), {
            range: { from: t0 + i * H, to: t0 + (i + 1) * H },
            points: [[t0 + i * H, i]],
            fetchedAt: i,
            finalUntil: t0 + 10 * H,
          }),
        ),
      ),
    );
    const entry = await cache.read(key('a.com'));
    expect(entry?.points).toHaveLength(4);
    expect(entry?.final).toEqual([[t0, t0 + 4 * H]]);
  });

  it('shares one file read between concurrent reads of an entry, and reads afresh afterwards', async () => {
    const cache = new AnalyticsCache({ dir, now: clock.nowMs });
    const first = {
      ...key('a.com'),
      final: [] as Array<[number, number]>,
      points: [[t0, 1]] as Array<[number, number]>,
      fetchedAt: t0,
    };
    await cache.write(first);
    const [a, b] = await Promise.all([cache.read(key('a.com')), cache.read(key('a.com'))]);
    // One read answered both (the same object), and it holds what was written.
    expect(a).toBe(b);
    expect(a?.points).toEqual([[t0, 1]]);
    // A read after a write sees the write, not the earlier shared answer.
    await cache.write({ ...first, points: [[t0, 2]] });
    expect((await cache.read(key('a.com')))?.points).toEqual([[t0, 2]]);
    // An update during a shared read still reads the file itself, so no point is lost.
    const reading = cache.read(key('a.com'));
    const updated = await cache.update(key('a.com'), (entry) =>
      mergePiece(entry, key('a.com'), {
        range: { from: t0 + H, to: t0 + 2 * H },
        points: [[t0 + H, 3]],
        fetchedAt: t0,
        finalUntil: t0,
      }),
    );
    await reading;
    expect(updated.points).toEqual([
      [t0, 2],
      [t0 + H, 3],
    ]);
  });

  /** A whole second, so that times set on files compare exactly. */
  const second = Math.floor(clock.nowMs() / 1000) - 10;
  /** Overwrites a file in place with garbage of the same size and gives it back its time: only a read from memory still sees the entry. */
  async function garbleInPlace(path: string): Promise<void> {
    const before = await stat(path);
    await writeFile(path, 'x'.repeat(before.size));
    await utimes(path, second, second);
  }

  it("answers again from memory while the file is unchanged, and sees another writer's version", async () => {
    const cache = new AnalyticsCache({ dir, now: clock.nowMs });
    const entry = {
      ...key('a.com'),
      final: [] as Array<[number, number]>,
      points: [
        [t0, 1],
        [t0 + H, 2],
      ] as Array<[number, number]>,
      fetchedAt: t0,
    };
    await cache.write(entry);
    await utimes(cache.pathOf(entry), second, second);
    expect(await cache.read(key('a.com'))).toEqual(entry);
    await garbleInPlace(cache.pathOf(entry));
    expect(await cache.read(key('a.com'))).toEqual(entry);
    // Another process (the CLI) writes the entry: a new file, so the new points are read.
    await new AnalyticsCache({ dir, now: clock.nowMs }).write({ ...entry, points: [[t0, 7]] });
    expect((await cache.read(key('a.com')))?.points).toEqual([[t0, 7]]);
    // A file removed behind its back is gone, not answered from memory.
    await rm(cache.pathOf(entry));
    expect(await cache.read(key('a.com'))).toBeUndefined();
  });

  it('keeps no more points in memory than its bound', async () => {
    const reports: string[] = [];
    const cache = new AnalyticsCache({
      dir,
      memoryMaxPoints: 3,
      onCorrupt: (info) => reports.push(info.reason),
      now: clock.nowMs,
    });
    const entry = (name: string) => ({
      ...key(name),
      final: [] as Array<[number, number]>,
      points: [
        [t0, 1],
        [t0 + H, 2],
      ] as Array<[number, number]>,
      fetchedAt: t0,
    });
    await cache.write(entry('a.com'));
    await cache.write(entry('b.com'));
    await utimes(cache.pathOf(entry('b.com')), second, second);
    await cache.read(key('b.com'));
    // Two entries of two points exceed three: a.com, the older, was let go and is read from its (garbled) file.
    await garbleInPlace(cache.pathOf(entry('a.com')));
    await garbleInPlace(cache.pathOf(entry('b.com')));
    expect(await cache.read(key('b.com'))).toEqual(entry('b.com'));
    expect(await cache.read(key('a.com'))).toBeUndefined();
    expect(reports).toHaveLength(1);
  });
});
