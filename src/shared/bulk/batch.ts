// A bulk batch as the renderer and the CLI see it: the plan (one item per target service) and,
// once it runs, each item's result. The core persists the same batch (plus each item's request)
// in <dataDir>/bulk-batches.json so that a cancelled, failed or interrupted batch can be resumed.
import { z } from 'zod';
import { mutatingOperationIds } from '../api/operation-facts.ts';
import { bulkChangeSchema } from './change.ts';
import { flippedExpectationSchema } from '../suites/schema.ts';

/**
 * The shortest start of a batch ID that finds it: the tables show 8 characters; fewer than 6 would
 * too often be the start of several of the 50 batches kept.
 */
export const MIN_BATCH_ID_PREFIX = 6;

/** Whether `given` names the batch `id`: the whole ID, or a start of at least MIN_BATCH_ID_PREFIX characters. */
export function batchIdMatches(id: string, given: string): boolean {
  const wanted = given.trim().toLowerCase();
  return id === given || (wanted.length >= MIN_BATCH_ID_PREFIX && id.toLowerCase().startsWith(wanted));
}

/** What the plan does to one target service. */
const bulkActionSchema = z.enum(['create', 'update', 'delete', 'unchanged', 'cannot']);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/**
 * Where an item stands. pending: to be written; running: its write is in flight;
 * applied / unchanged / failed: done; cannot: the plan found it cannot apply (never written);
 * unknown: its write was sent and no answer is known (the app stopped, a timeout, a cancel while it
 * was out) — the next run reads the service before anything is sent again, and asks the user
 * when the read cannot tell (docs/bulk-apply.md, "When the app stops mid-run").
 */
const bulkItemStateSchema = z.enum(['pending', 'running', 'applied', 'unchanged', 'failed', 'cannot', 'unknown']);
export type BulkItemState = z.infer<typeof bulkItemStateSchema>;

/** One field of the per-service diff, in the editors' labels and human values (field-labels.ts). */
export const bulkFieldChangeSchema = z.object({
  path: z.string(),
  label: z.string(),
  /** Null: not set before / after (or, with beforeUnknown, not known). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /**
   * The value before is not known: the API cannot read it back (CORS headers, rate limit) and
   * nothing was applied from this app. Absent in batches stored before this field.
   */
  beforeUnknown: z.literal(true).optional(),
});
export type BulkFieldChange = z.infer<typeof bulkFieldChangeSchema>;

export const bulkItemSchema = z.object({
  /** "<accountId>/<serviceId>", unique within the batch. */
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  production: z.boolean(),
  serviceId: z.number(),
  domainName: z.string(),
  action: bulkActionSchema,
  /** Why it cannot apply (action 'cannot'), in plain words. */
  reason: z.string().nullable(),
  /** What to know before running it (e.g. "compared with what this app last applied on …"). */
  notes: z.array(z.string()),
  /** Target now → after the change. */
  changes: z.array(bulkFieldChangeSchema),
  /** The write that applies it; null for unchanged / cannot. */
  operationId: z.enum(mutatingOperationIds).nullable(),
  state: bulkItemStateSchema,
  /** A failed item's mapped API error; for an unknown item, why its outcome is not known. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The journal entry of its write (applied, failed, or with an unknown outcome). */
  journalEntryId: z.string().nullable(),
  /**
   * Expectations of the service's rule test suite that pass now and would not after the change
   * (absent in batches planned before suites were checked; empty when nothing flips).
   */
  flippedExpectations: z.array(flippedExpectationSchema).optional(),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;

/**
 * The plan note of an item whose service's rule tests would flip (for readers of the notes, such
 * as the CLI; the app shows `flippedExpectations` in full instead).
 */
export function flippedExpectationsNote(flipped: readonly { name: string }[], total: number): string {
  return `${flipped.length} of ${total} rule test expectations of this service would no longer pass: ${flipped.map((f) => `“${f.name}”`).join(', ')}.`;
}
export const isFlippedExpectationsNote = (note: string): boolean =>
  /^\d+ of \d+ rule test expectations of this service would no longer pass: /.test(note);

/** Notes every item to be written carries (two or more): shown once above the items, not on each. */
export function commonPlanNotes(items: readonly Pick<BulkItem, 'action' | 'notes'>[]): string[] {
  const written = items.filter((i) => i.action !== 'cannot');
  const [first] = written;
  if (first === undefined || written.length < 2) return [];
  return first.notes.filter((note) => written.every((i) => i.notes.includes(note)));
}

/** What planned a batch of several changes (src/core/bulk/bulk-planner.ts planChanges). */
const batchOriginSchema = z.object({
  kind: z.literal('baseline-fix'),
  baseline: z.string(),
  checkId: z.string(),
  checkTitle: z.string(),
  /** The check's index in the baseline when planned. */
  check: z.number().int(),
  /** The one account whose failures it fixes (the grid's cell); null: every account in scope. */
  accountId: z.string().nullable(),
  /** Accounts evaluated instead of the baseline's assignment (CLI --accounts); null: the assignment. */
  scope: z.array(z.string()).nullable(),
});
export type BatchOrigin = z.infer<typeof batchOriginSchema>;

/**
 * planned: never run; running; cancelled: stopped by the user; interrupted: the app stopped while
 * it ran (offered for resume at start, never resumed by itself); finished: every item done —
 * resumable while some failed.
 */
const bulkStatusSchema = z.enum(['planned', 'running', 'cancelled', 'interrupted', 'finished']);

const itemStates = bulkItemStateSchema.options;
export type BulkCounts = Record<z.infer<typeof bulkItemStateSchema>, number>;
/** Per state; a state missing (batches stored before it existed) counts 0. */
const bulkCountsSchema = z
  .partialRecord(bulkItemStateSchema, z.number().int())
  .transform(
    (counts): BulkCounts => Object.fromEntries(itemStates.map((state) => [state, counts[state] ?? 0])) as BulkCounts,
  );

export const bulkBatchSchema = z.object({
  /** The batch ID; every journal entry of the batch carries it. */
  id: z.string(),
  /** "Set CORS headers", "Revert of “Set CORS headers”". */
  label: z.string(),
  createdAt: z.string(),
  /** The change planned (null for a revert: each item applies its own earlier version). */
  change: bulkChangeSchema.nullable(),
  /** Set when this batch reverts an earlier batch. */
  revertOf: z.string().nullable(),
  /**
   * A batch planned elsewhere than the Bulk screen: a baseline's Fix (its items carry different
   * changes, so `change` is null). Absent for the Bulk screen's batches and reverts.
   */
  origin: batchOriginSchema.optional(),
  status: bulkStatusSchema,
  /** Production accounts among the targets: running needs one explicit confirmation. */
  productionAccounts: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(bulkItemSchema),
  counts: bulkCountsSchema,
  /** Time of the last run's start and end. */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Explicit services that are not known (not in their account's inventory). */
  unknownTargets: z.array(z.object({ accountId: z.string(), serviceId: z.number() })),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

/** A batch in lists: without its items. */
export const bulkBatchSummarySchema = bulkBatchSchema.omit({ items: true, change: true }).extend({
  itemCount: z.number().int(),
  /** cancelled, interrupted, or finished with failed items: `bulk.run` resumes it. */
  resumable: z.boolean(),
});
export type BulkBatchSummary = z.infer<typeof bulkBatchSummarySchema>;

/** Main → renderer while a batch runs: after each item, and when the batch's status changes. */
export const bulkProgressSchema = z.object({
  batchId: z.string(),
  status: bulkStatusSchema,
  counts: bulkCountsSchema,
  /** The item that just changed state. */
  item: bulkItemSchema.optional(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

const TEMPLATE_NAME_MAX = 100;
export const templateNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Template name is required; enter a name such as “Shop CORS”.' })
  .max(TEMPLATE_NAME_MAX, { error: `Template name must be at most ${TEMPLATE_NAME_MAX} characters.` });

export const bulkTemplateSchema = z.object({
  name: templateNameSchema,
  change: bulkChangeSchema,
  savedAt: z.string(),
});
export type BulkTemplate = z.infer<typeof bulkTemplateSchema>;

export function emptyCounts(): BulkCounts {
  return Object.fromEntries(itemStates.map((state) => [state, 0])) as BulkCounts;
}

export function countItems(items: readonly Pick<BulkItem, 'state'>[]): BulkCounts {
  const counts = emptyCounts();
  for (const item of items) counts[item.state] += 1;
  return counts;
}

/** Items a run has left to do (unknown ones are checked first). */
export const isLeftToDo = (state: BulkItem['state']): boolean =>
  state === 'pending' || state === 'running' || state === 'failed' || state === 'unknown';

/** A batch may be (re)run: never run, stopped, interrupted, or finished with failures or unknown outcomes. */
export function isResumable(batch: Pick<BulkBatch, 'status' | 'items'>): boolean {
  if (batch.status === 'running' || batch.status === 'planned') return false;
  return batch.items.some((i) => isLeftToDo(i.state));
}
