// The batch store's pruning: plans never run are dropped after a day (the app and the CLI delete the
// ones they leave at once; this catches the rest), every other batch that can still run is kept.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatchStore, PLANNED_BATCH_MAX_AGE_MS, type StoredBatch } from './bulk-store.ts';
import { emptyCounts } from '#shared/bulk/batch.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-bulk-store-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-24T12:00:00.000Z');

function batch(
  id: string,
  status: StoredBatch['status'],
  ageMs: number,
  itemState: StoredBatch['items'][number]['state'] = 'pending',
): StoredBatch {
  return {
    id,
    label: 'Set CORS headers',
    createdAt: new Date(NOW - ageMs).toISOString(),
    change: { kind: 'rate-limit-delete' },
    revertOf: null,
    status,
    productionAccounts: [],
    items: [
      {
        id: 'acme/1',
        accountId: 'acme',
        accountName: 'Acme',
        production: false,
        serviceId: 1,
        domainName: 'www.acme.example',
        action: 'delete',
        reason: null,
        notes: [],
        changes: [],
        operationId: 'deleteRateLimit',
        state: itemState,
        error: null,
        journalEntryId: null,
        input: { params: { serviceId: 1 } },
      },
    ],
    counts: { ...emptyCounts(), [itemState]: 1 },
    startedAt: null,
    finishedAt: null,
    unknownTargets: [],
  };
}

describe('batch store pruning', () => {
  it('drops plans never run once older than a day; keeps younger plans and older batches that ran', async () => {
    const store = createBatchStore({ dataDir, now: () => new Date(NOW) });
    const day = PLANNED_BATCH_MAX_AGE_MS;
    await store.put(batch('old-plan', 'planned', day + 60_000));
    await store.put(batch('old-cancelled', 'cancelled', day + 60_000));
    await store.put(batch('old-finished', 'finished', day * 3, 'applied'));
    await store.put(batch('young-plan', 'planned', day - 60_000));
    await store.put(batch('new-plan', 'planned', 0));
    expect((await store.all()).map((b) => b.id)).toEqual(['new-plan', 'young-plan', 'old-finished', 'old-cancelled']);
  });
});
