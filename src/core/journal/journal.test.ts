import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, JOURNAL_FILE, MAX_JOURNAL_ENTRY_CHARS, type NewJournalEntry } from './journal.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const clock = createFakeClock();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (over: Partial<NewJournalEntry> = {}): NewJournalEntry => ({
  accountId: 'a1',
  accountName: 'Main',
  serviceId: 5,
  operationId: 'setCorsHeaders',
  policyId: null,
  summary: 'Set CORS headers',
  before: null,
  beforeSource: 'none',
  after: { accessControlAllowOrigin: '*' },
  result: { ok: true },
  ...over,
});

describe('journal', () => {
  it('lists newest first, filters, and persists', async () => {
    clock.set('2026-01-01T00:00:00Z');
    const journal = createJournal({ dataDir: dir, now: clock.now });
    for (const over of [{ summary: 'one' }, { summary: 'two', serviceId: 6 }, { summary: 'three', accountId: 'a2' }]) {
      clock.advance(1000);
      await journal.append(entry(over));
    }
    const reopened = createJournal({ dataDir: dir, now: clock.now });
    expect((await reopened.list()).map((e) => e.summary)).toEqual(['three', 'two', 'one']);
    expect((await reopened.list({ accountId: 'a1' })).map((e) => e.summary)).toEqual(['two', 'one']);
    expect((await reopened.list({ accountId: 'a1', serviceId: 5 })).map((e) => e.summary)).toEqual(['one']);
    expect(await reopened.list({ limit: 1 })).toHaveLength(1);
    const [latest] = await reopened.list();
    expect(latest?.at).toBe('2026-01-01T00:00:03.000Z');
    expect(await reopened.get(latest!.id)).toEqual(latest);
  });

  it('appends made together are written together, in order, each answered with its own entry', async () => {
    const journal = createJournal({ dataDir: dir, now: clock.now });
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => journal.append(entry({ summary: `e${i}`, serviceId: i + 1 }))),
    );
    expect(made.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `e${i}`));
    expect(new Set(made.map((e) => e.id)).size).toBe(20);
    const reopened = createJournal({ dataDir: dir, now: clock.now });
    expect((await reopened.list()).map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `e${19 - i}`));
  });

  it('is bounded', async () => {
    const journal = createJournal({ dataDir: dir, maxEntries: 3, now: clock.now });
    for (let i = 0; i < 5; i++) await journal.append(entry({ summary: `e${i}` }));
    expect((await journal.list()).map((e) => e.summary)).toEqual(['e4', 'e3', 'e2']);
  });

  it('redacts secrets before storing', async () => {
    const journal = createJournal({ dataDir: dir, now: clock.now });
    const token = '0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqr';
    await journal.append(
      entry({
        operationId: 'updateAccessControlPolicy',
        before: { tokenSecret: token },
        after: { tokenSecret: token, policyName: 'x' },
      }),
    );
    const text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    expect(text).not.toContain(token);
    const [stored] = await journal.list();
    expect(stored?.after).toMatchObject({ policyName: 'x' });
    expect((stored?.after as { tokenSecret: string }).tokenSecret).not.toBe(token);
  });

  it('concurrent appends are all kept', async () => {
    const journal = createJournal({ dataDir: dir, now: clock.now });
    await Promise.all(Array.from({ length: 10 }, (_, i) => journal.append(entry({ summary: `c${i}` }))));
    expect(await createJournal({ dataDir: dir, now: clock.now }).list()).toHaveLength(10);
  });

  it('caps an entry: one too large (or too deep to serialize) keeps its summary and result, not its bodies', async () => {
    const journal = createJournal({ dataDir: dir, now: clock.now });
    const big = await journal.append(entry({ summary: 'big', after: { note: 'x'.repeat(MAX_JOURNAL_ENTRY_CHARS) } }));
    expect(big).toMatchObject({ summary: 'big', result: { ok: true }, before: null, after: null, omitted: true });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) deep = { deep };
    const nested = await journal.append(entry({ summary: 'deep', before: deep }));
    expect(nested).toMatchObject({ summary: 'deep', before: null, after: null, omitted: true });
    const small = await journal.append(entry({ summary: 'small' }));
    expect(small.omitted).toBeUndefined();
    const text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    expect(text.length).toBeLessThan(5_000);
    expect((await createJournal({ dataDir: dir, now: clock.now }).list()).map((e) => e.summary)).toEqual([
      'small',
      'deep',
      'big',
    ]);
  });
});
