import { describe, expect, it } from 'vitest';
import { journalQueryOf, noJournalFilters } from './journal-filter-fields.ts';
import { journalQuerySchema } from '#shared/ipc/channels/journal.ts';

describe('journal filter form → core query', () => {
  it('leaves empty fields out and turns local days into inclusive instants', () => {
    expect(journalQueryOf(noJournalFilters())).toEqual({});
    const query = journalQueryOf({
      account: 'acme',
      operationId: 'setCorsHeaders',
      outcome: 'failed',
      batchId: ' b-1 ',
      fromDay: '2026-11-20',
      toDay: '2026-11-20',
    });
    expect(query).toMatchObject({
      accountId: 'acme',
      operationId: 'setCorsHeaders',
      outcome: 'failed',
      batchId: 'b-1',
    });
    expect(new Date(query.from ?? '').getTime()).toBe(new Date(2026, 10, 20, 0, 0, 0, 0).getTime());
    expect(new Date(query.to ?? '').getTime()).toBe(new Date(2026, 10, 20, 23, 59, 59, 999).getTime());
    // What the form sends passes the channel's schema.
    expect(journalQuerySchema.safeParse(query).success).toBe(true);
  });
});
