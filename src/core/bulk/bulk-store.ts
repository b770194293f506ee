// Persisted bulk batches (<dataDir>/bulk-batches.json) through the one JSON document store (the
// templates' file: bulk-templates.ts). A batch keeps each item's request so that it can be
// resumed after a cancel, a failure or an app restart; bulk changes carry no secrets (change.ts).
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import { bulkBatchSchema, bulkItemSchema } from '#shared/bulk/batch.ts';

export const BULK_BATCHES_FILE = 'bulk-batches.json';
/** Batches kept (newest first); a running or resumable batch is never dropped for room. */
const MAX_STORED_BATCHES = 50;

const storedItemSchema = bulkItemSchema.extend({
  /** What the write sends (params, body); never sent to the renderer. */
  input: z.object({ params: z.record(z.string(), z.unknown()), body: z.unknown().optional() }).nullable(),
  /** A revert item: the journal entry whose "before" it applies (journaled as reapplyOf). */
  reapplyOf: z.string().optional(),
});
export type StoredItem = z.infer<typeof storedItemSchema>;
const storedBatchSchema = bulkBatchSchema.extend({ items: z.array(storedItemSchema) });
export type StoredBatch = z.infer<typeof storedBatchSchema>;

const batchesFileSchema = z.object({ version: z.literal(1), batches: z.array(storedBatchSchema) });

/** Options of a bulk store in the data dir (its unreadable file becomes a warning). */
export type StoreOptions = { dataDir: string; now: () => Date } & Pick<
  JsonDocumentOptions<z.ZodType>,
  'corruptWarning' | 'onWarning'
>;

export type BatchStore = {
  all(): Promise<StoredBatch[]>;
  get(id: string): Promise<StoredBatch | undefined>;
  /** Adds or replaces a batch (by ID). */
  put(batch: StoredBatch): Promise<void>;
  /** Changes one batch in place; returns the changed batch (undefined when it is not stored). */
  update(id: string, change: (batch: StoredBatch) => void): Promise<StoredBatch | undefined>;
  remove(id: string): Promise<boolean>;
};

/**
 * A plan never run is dropped after this long. The app deletes a plan the user leaves (Back to the
 * change, New bulk change) and the CLI one it does not run; this catches the rest (the app closed
 * with a plan on screen, a crash), which would otherwise count as resumable for ever.
 */
export const PLANNED_BATCH_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the newest batches, and every batch that is running or can still be resumed; drops plans
 * never run that are older than PLANNED_BATCH_MAX_AGE_MS.
 */
function pruned(batches: StoredBatch[], now: Date): StoredBatch[] {
  let kept = 0;
  return batches.filter((b) => {
    if (b.status === 'planned' && now.getTime() - Date.parse(b.createdAt) > PLANNED_BATCH_MAX_AGE_MS) return false;
    const live =
      b.status === 'running' ||
      b.items.some((i) => i.state === 'pending' || i.state === 'running' || i.state === 'failed');
    if (live) return true;
    kept += 1;
    return kept <= MAX_STORED_BATCHES;
  });
}

export function createBatchStore(options: StoreOptions): BatchStore {
  const document = createJsonDocument({
    path: join(options.dataDir, BULK_BATCHES_FILE),
    schema: batchesFileSchema,
    empty: () => ({ version: 1 as const, batches: [] }),
    // Changes replace whole batches: a shallow copy of the list is enough to work on.
    copy: (file) => ({ ...file, batches: [...file.batches] }),
    now: options.now,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  return {
    async all() {
      return (await document.read()).batches;
    },
    async get(id) {
      return (await document.read()).batches.find((b) => b.id === id);
    },
    async put(batch) {
      await document.update((file) => {
        file.batches = pruned([batch, ...file.batches.filter((b) => b.id !== batch.id)], options.now());
      });
    },
    update(id, change) {
      return document.update((file, control) => {
        const index = file.batches.findIndex((b) => b.id === id);
        const current = file.batches[index];
        if (current === undefined) {
          control.skipWrite();
          return undefined;
        }
        const next = structuredClone(current);
        change(next);
        file.batches[index] = next;
        return next;
      });
    },
    remove(id) {
      return document.update((file, control) => {
        const before = file.batches.length;
        file.batches = file.batches.filter((b) => b.id !== id);
        if (file.batches.length === before) control.skipWrite();
        return file.batches.length !== before;
      });
    },
  };
}
