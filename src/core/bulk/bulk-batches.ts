// The batches as the bulk service hands them out: the renderer's view (without the requests), the
// lists' summary, the progress event, and finding a batch by its ID or a unique start of it — a
// running batch from memory (it is written behind its changes), any other from the store.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import type { BatchStore, StoredBatch, StoredItem } from './bulk-store.ts';
import {
  batchIdMatches,
  isResumable,
  MIN_BATCH_ID_PREFIX,
  type BulkBatch,
  type BulkBatchSummary,
  type BulkItem,
  type BulkProgress,
} from '#shared/bulk/batch.ts';

/** The batch as the renderer sees it: without the requests. */
export function batchForRenderer(batch: StoredBatch): BulkBatch {
  return { ...batch, items: batch.items.map(({ input: _input, ...item }): BulkItem => item) };
}

export function batchSummary(batch: StoredBatch | BulkBatch): BulkBatchSummary {
  const { items, change: _change, ...rest } = batch;
  return { ...rest, itemCount: items.length, resumable: isResumable(batch) };
}

/** The bulk.progress event of a batch (and of the item that just changed). */
export function progressOf(batch: StoredBatch, item?: StoredItem): BulkProgress {
  const event: BulkProgress = { batchId: batch.id, status: batch.status, counts: batch.counts };
  if (item) {
    const { input: _input, ...shown } = item;
    event.item = shown;
  }
  return event;
}

export type BatchLookup = {
  /** The batch with this full ID (the running one as it is now); Bulk.NotFound otherwise. */
  load(batchId: string): Promise<StoredBatch>;
  /**
   * The full ID of the batch `given` names: its ID, or a unique start of it (the 8 characters the
   * journal and the lists show). Every entry point resolves first, so the rest uses whole IDs.
   */
  resolveId(given: string): Promise<string>;
};

export function createBatchLookup(deps: {
  batches: BatchStore;
  /** The batches running now, by ID. */
  running: ReadonlyMap<string, { batch: StoredBatch }>;
  /** Settles batches an app stop cut off; runs once, before any batch is looked at. */
  recover(): Promise<void>;
}): BatchLookup {
  const { batches, running, recover } = deps;
  return {
    async load(batchId) {
      await recover();
      const active = running.get(batchId);
      if (active) return active.batch;
      const batch = await batches.get(batchId);
      if (!batch) throw new CoreError(AppCode.Bulk.NotFound, `No bulk batch has the ID “${batchId}”.`);
      return batch;
    },
    async resolveId(given) {
      if (running.has(given)) return given;
      await recover();
      const ids = new Set([...running.keys(), ...(await batches.all()).map((b) => b.id)]);
      if (ids.has(given)) return given;
      const matches = [...ids].filter((id) => batchIdMatches(id, given)).sort();
      if (matches.length === 1 && matches[0] !== undefined) return matches[0];
      if (matches.length > 1) {
        throw new CoreError(
          AppCode.Bulk.AmbiguousId,
          `${matches.length} bulk batches have IDs starting with “${given.trim()}”: ${matches.join(', ')}. Give more of the ID.`,
        );
      }
      const short =
        given.trim().length < MIN_BATCH_ID_PREFIX ? ` (give at least ${MIN_BATCH_ID_PREFIX} characters of it)` : '';
      throw new CoreError(AppCode.Bulk.NotFound, `No bulk batch has the ID “${given.trim()}”${short}.`);
    },
  };
}
