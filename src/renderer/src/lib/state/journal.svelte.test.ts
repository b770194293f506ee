// @vitest-environment jsdom
// JournalState's pages over a fake window.api whose journal.list pages a list of entries as the
// core does (journalPage): the first load and a filter change ask for 100, "Show more" for the
// next 100 only, Refresh keeps as many shown, a chart marker's entry is reached.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API object is taken when the state modules load: the fake goes on the window before them.
const fake = vi.hoisted(() => {
  const fake: { list: (input: ListInput) => Promise<unknown> } = { list: async () => ({ ok: false }) };
  Object.assign(globalThis, {
    api: { on: () => () => undefined, host: {}, journal: { list: (input: ListInput) => fake.list(input) } },
  });
  return fake;
});

import { JournalState, type JournalEntry } from './journal.svelte.ts';
import { journalPage } from '#shared/journal-page.ts';
import type { ChannelInput } from '#shared/ipc/contract.ts';

type ListInput = NonNullable<ChannelInput<'journal.list'>>;

const entry = (i: number, outcomeOk = i % 3 !== 0): JournalEntry => ({
  id: `entry-${i}`,
  at: new Date(Date.UTC(2026, 10, 23, 0, 0, 0) - i * 60_000).toISOString(),
  accountId: 'acme',
  accountName: 'Acme',
  serviceId: 101,
  operationId: 'setCorsHeaders',
  policyId: null,
  summary: `Set CORS headers ${i}`,
  before: null,
  beforeSource: 'none',
  after: { accessControlAllowOrigin: '*' },
  result: outcomeOk ? { ok: true } : { ok: false, code: 'E', message: 'failed' },
});

let stored: JournalEntry[] = [];
const requests: ListInput[] = [];

fake.list = async (input) => {
  requests.push(input);
  const { limit, offset, through, ...query } = input;
  const selected = stored.filter((e) => query.outcome === undefined || e.result.ok === (query.outcome === 'ok'));
  const entries = journalPage(selected, { limit, offset, through });
  return { ok: true, data: { entries, total: selected.length, serviceNames: [] } };
};

beforeEach(() => {
  stored = Array.from({ length: 250 }, (_, i) => entry(i));
  requests.length = 0;
});

const ids = (state: JournalState) => state.entries.map((e) => e.id);

describe('JournalState pages', () => {
  it('loads the newest 100 and adds 100 per "Show more", asking only for the new ones', async () => {
    const journal = new JournalState();
    await journal.load({ accountId: 'acme' });
    expect(journal.entries).toHaveLength(100);
    expect(journal.total).toBe(250);
    expect(journal.moreCount).toBe(100);
    expect(requests.at(-1)).toMatchObject({ accountId: 'acme', offset: 0, limit: 100 });

    const first = await journal.showMore();
    expect(first?.id).toBe('entry-100');
    expect(requests.at(-1)).toMatchObject({ offset: 100, limit: 100 });
    expect(journal.entries).toHaveLength(200);
    expect(journal.moreCount).toBe(50);

    expect((await journal.showMore())?.id).toBe('entry-200');
    expect(requests.at(-1)).toMatchObject({ offset: 200, limit: 50 });
    expect(ids(journal)).toEqual(stored.map((e) => e.id));
    expect(journal.moreCount).toBe(0);
    expect(await journal.showMore()).toBeNull();
  });

  it('skips entries already shown when new changes were journaled meanwhile', async () => {
    const journal = new JournalState();
    await journal.load({ accountId: 'acme' });
    stored = [entry(-2), entry(-1), ...stored];
    const first = await journal.showMore();
    // Offsets moved by two: the page repeats entry-98 and entry-99, which are not shown twice.
    expect(first?.id).toBe('entry-100');
    expect(new Set(ids(journal)).size).toBe(journal.entries.length);
    expect(journal.entries).toHaveLength(198);
    expect(journal.total).toBe(252);
  });

  it('Refresh keeps as many shown; other filters go back to the newest 100 of what they select', async () => {
    const journal = new JournalState();
    await journal.load({ accountId: 'acme' });
    await journal.showMore();
    await journal.refresh();
    expect(journal.entries).toHaveLength(200);
    expect(requests.at(-1)).toMatchObject({ offset: 0, limit: 200 });

    await journal.load({
      accountId: 'acme',
      fields: { account: '', operationId: '', outcome: 'ok', batchId: '', fromDay: '', toDay: '' },
    });
    const ok = stored.filter((e) => e.result.ok);
    expect(journal.total).toBe(ok.length);
    expect(ids(journal)).toEqual(ok.slice(0, 100).map((e) => e.id));
    await journal.showMore();
    expect(ids(journal)).toEqual(ok.slice(0, 166).map((e) => e.id));
    expect(journal.moreCount).toBe(0);
  });

  it('Refresh with more than 1,000 shown asks in requests of at most 1,000', async () => {
    stored = Array.from({ length: 1200 }, (_, i) => entry(i));
    const journal = new JournalState();
    await journal.load({ accountId: 'acme', through: 'entry-1150' });
    expect(journal.entries).toHaveLength(1151);
    requests.length = 0;
    await journal.refresh();
    expect(requests.map((r) => [r.offset, r.limit])).toEqual([
      [0, 1000],
      [1000, 151],
    ]);
    expect(ids(journal)).toEqual(stored.slice(0, 1151).map((e) => e.id));
  });

  it('reaches the entry a chart marker opens, however old', async () => {
    const journal = new JournalState();
    await journal.load({ accountId: 'acme', through: 'entry-230' });
    expect(journal.entries.at(-1)?.id).toBe('entry-230');
    expect(journal.moreCount).toBe(19);
    // Only the first load reaches for it.
    await journal.load({ accountId: 'acme' });
    expect(journal.entries).toHaveLength(100);
  });
});
