import { describe, expect, it } from 'vitest';
import { matchesJournalQuery, selectJournalEntries, type KnownService } from './journal-filter.ts';
import { journalQuerySchema, type JournalEntry } from '#shared/ipc/channels/journal.ts';

function entry(overrides: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'e',
    at: '2026-11-20T10:00:00.000Z',
    accountId: 'acme',
    accountName: 'Acme',
    serviceId: 101,
    operationId: 'setCorsHeaders',
    policyId: null,
    summary: 'Set CORS headers',
    before: null,
    after: null,
    result: { ok: true },
    ...overrides,
  };
}

const entries = [
  entry({ id: 'a', at: '2026-11-22T09:00:00.000Z', batchId: 'batch-1' }),
  entry({
    id: 'b',
    at: '2026-11-21T09:00:00.000Z',
    accountId: 'globex',
    accountName: 'Globex',
    serviceId: 201,
    batchId: 'batch-1',
    result: { ok: false, code: 'Throttling', message: 'slow down' },
  }),
  entry({ id: 'c', at: '2026-11-20T09:00:00.000Z', operationId: 'upsertRateLimit', serviceId: 102 }),
  entry({
    id: 'd',
    at: '2026-11-19T09:00:00.000Z',
    operationId: 'createService',
    serviceId: 103,
    after: { domainName: 'new.acme.test' },
  }),
];
const known: KnownService[] = [
  { accountId: 'acme', serviceId: 101, domainName: 'shop.acme.test' },
  { accountId: 'acme', serviceId: 102, domainName: 'api.acme.test' },
  { accountId: 'globex', serviceId: 201, domainName: 'shop.globex.test' },
];

const ids = (query: Parameters<typeof selectJournalEntries>[1]) =>
  selectJournalEntries(entries, query, known).entries.map((e) => e.id);

describe('journal filters', () => {
  it('filters by account, operation, batch and outcome, each narrowing', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ accountId: 'globex' })).toEqual(['b']);
    expect(ids({ operationId: 'upsertRateLimit' })).toEqual(['c']);
    expect(ids({ batchId: 'batch-1' })).toEqual(['a', 'b']);
    expect(ids({ batchId: 'batch-1', outcome: 'failed' })).toEqual(['b']);
    // The start of a batch ID (the short ID the journal shows), 6 characters or more.
    expect(ids({ batchId: 'batch-' })).toEqual(['a', 'b']);
    expect(ids({ batchId: 'BATCH-' })).toEqual(['a', 'b']);
    expect(ids({ batchId: 'batch' })).toEqual([]);
    expect(ids({ batchId: 'batch-2' })).toEqual([]);
    expect(ids({ outcome: 'ok' })).toEqual(['a', 'c', 'd']);
    expect(ids({ accountId: 'acme', outcome: 'failed' })).toEqual([]);
  });

  it('filters by an inclusive time range', () => {
    expect(ids({ from: '2026-11-21T09:00:00Z' })).toEqual(['a', 'b']);
    expect(ids({ to: '2026-11-20T09:00:00Z' })).toEqual(['c', 'd']);
    expect(ids({ from: '2026-11-20T00:00:00Z', to: '2026-11-21T23:59:59Z' })).toEqual(['b', 'c']);
    expect(matchesJournalQuery(entries[0], { from: '2026-11-22T09:00:00.001Z' })).toBe(false);
  });

  it('takes the service as an ID or a domain name, only among the accounts in view', () => {
    expect(ids({ service: '#201' })).toEqual(['b']);
    expect(ids({ service: 'shop' })).toEqual(['a', 'b']);
    expect(selectJournalEntries(entries, { service: 'shop', accountId: 'acme' }, known)).toMatchObject({
      entries: [{ id: 'a' }],
      services: [{ accountId: 'acme', serviceId: 101 }],
    });
    expect(ids({ service: 'shop', outcome: 'failed' })).toEqual(['b']);
    expect(ids({ service: '101', serviceId: 102 })).toEqual([]);
  });

  it('rejects a range that runs backwards and an unreadable time, naming the field', () => {
    const backwards = journalQuerySchema.safeParse({ from: '2026-11-22T00:00:00Z', to: '2026-11-21T00:00:00Z' });
    expect(backwards.success).toBe(false);
    if (!backwards.success)
      expect(backwards.error.issues[0]).toMatchObject({
        path: ['to'],
        message: '“From” is after “To”: swap them, or clear one.',
      });
    const bad = journalQuerySchema.safeParse({ from: 'yesterday' });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(bad.error.issues[0]?.message).toBe('From: enter a date and time such as 2026-11-23T10:00:00Z.');
    expect(journalQuerySchema.safeParse({ outcome: 'maybe' }).success).toBe(false);
  });
});
