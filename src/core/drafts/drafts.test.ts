import { mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDraftStore, DRAFTS_FILE, MAX_DRAFTS } from './drafts.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const clock = createFakeClock();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drafts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const key = { accountId: 'acc-1', serviceId: 7, policyKey: 'cache:12' };

describe('draft store', () => {
  it('saves, survives a new store (restart), and discards', async () => {
    const first = createDraftStore({ dataDir: dir, now: () => new Date('2026-01-02T03:04:05Z') });
    await first.save(key, { policyName: 'images', ttl: '5' }, 2);
    const second = createDraftStore({ dataDir: dir, now: clock.now });
    expect(await second.get(key)).toEqual({
      ...key,
      value: { policyName: 'images', ttl: '5' },
      formVersion: 2,
      savedAt: '2026-01-02T03:04:05.000Z',
    });
    await second.discard(key);
    expect(await createDraftStore({ dataDir: dir, now: clock.now }).get(key)).toBeNull();
  });

  it('keeps drafts apart per account, service and policy', async () => {
    const store = createDraftStore({ dataDir: dir, now: clock.now });
    await store.save(key, 'a');
    await store.save({ ...key, accountId: 'acc-2' }, 'b');
    await store.save({ ...key, serviceId: 8 }, 'c');
    await store.save({ ...key, policyKey: 'cors' }, 'd');
    expect((await store.get(key))?.value).toBe('a');
    expect((await store.get({ ...key, accountId: 'acc-2' }))?.value).toBe('b');
    expect((await store.list({ accountId: 'acc-1' })).map((d) => d.policyKey).sort()).toEqual([
      'cache:12',
      'cache:12',
      'cors',
    ]);
    expect(await store.list({ serviceId: 8 })).toHaveLength(1);
    expect(await store.discardAccount('acc-1')).toBe(3);
    expect(await store.list()).toHaveLength(1);
  });

  it('never writes a token secret to disk', async () => {
    const store = createDraftStore({ dataDir: dir, now: clock.now });
    const token = 'a'.repeat(64);
    await store.save(
      { ...key, policyKey: 'access:3' },
      { policyName: 'p', tokenSecret: token, nested: [{ accessSecret: 'xyzxyz' }] },
    );
    const text = await readFile(join(dir, DRAFTS_FILE), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain('xyzxyz');
    expect((await store.get({ ...key, policyKey: 'access:3' }))?.value).toEqual({
      policyName: 'p',
      tokenSecret: '',
      nested: [{ accessSecret: '' }],
    });
  });

  it('serializes concurrent saves (none lost) and bounds the count', async () => {
    const store = createDraftStore({ dataDir: dir, now: clock.now });
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save({ ...key, serviceId: i + 1 }, i)));
    expect(await createDraftStore({ dataDir: dir, now: clock.now }).list()).toHaveLength(20);
    for (let i = 0; i < MAX_DRAFTS + 5; i++) await store.save({ ...key, serviceId: 100 + i }, i);
    expect(await store.list()).toHaveLength(MAX_DRAFTS);
    // The newest is kept, the oldest dropped.
    expect(await store.get({ ...key, serviceId: 100 + MAX_DRAFTS + 4 })).not.toBeNull();
    expect(await store.get({ ...key, serviceId: 1 })).toBeNull();
  }, 60_000);

  it('rejects a draft that is too large', async () => {
    const store = createDraftStore({ dataDir: dir, now: clock.now });
    await expect(store.save(key, 'x'.repeat(300_000))).rejects.toMatchObject({ code: 'Drafts.TooLarge' });
  });

  it('a corrupt file is moved aside and reported', async () => {
    await writeFile(join(dir, DRAFTS_FILE), '{ not json');
    const reports: string[] = [];
    const store = createDraftStore({ dataDir: dir, onCorrupt: (r) => reports.push(r.reason), now: clock.now });
    expect(await store.list()).toEqual([]);
    expect(reports).toHaveLength(1);
    expect((await readdir(dir)).some((f) => f.startsWith(`${DRAFTS_FILE}.corrupt-`))).toBe(true);
  });
});
