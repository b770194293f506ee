// Bulk apply: plan one change for many services across accounts, run the plan
// through the guarded write path (paced per access key, cancellable, resumable, every item
// journaled with the batch ID), revert a batch through a new plan, and named templates.
// Shapes: src/shared/bulk/ (change.ts, target.ts, batch.ts). Decisions: docs/bulk-apply.md.
//
// Flow: bulk.plan { planId } (bulk.planProgress events while it reads; bulk.cancelPlan stops it) → a batch in status "planned" (read its items, counts, productionAccounts)
//       → bulk.run { batchId, confirmProduction } starts it and returns at once;
//       bulk.progress events follow until status is cancelled / finished.
//       bulk.run on a cancelled, interrupted or partly failed batch resumes it (pending + failed items;
//       items with an unknown outcome are checked by reading the service first, resendUnknown
//       sends those a read cannot settle; bulk.markApplied settles them as the user says).
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput, okOutput } from '../define.ts';
import { bulkChangeInputSchema } from '../../bulk/change.ts';
import { targetSelectorSchema } from '../../bulk/target.ts';
import {
  bulkBatchSchema,
  bulkBatchSummarySchema,
  bulkProgressSchema,
  bulkTemplateSchema,
  templateNameSchema,
} from '../../bulk/batch.ts';
import { planProgressSchema } from '../../bulk/plan-progress.ts';

const bulkPlanInputSchema = z
  .strictObject({
    /** The change itself … */
    change: bulkChangeInputSchema.optional(),
    /** … or the name of a saved template. */
    template: templateNameSchema.optional(),
    targets: targetSelectorSchema,
    /** Names this plan in bulk.planProgress events and for bulk.cancelPlan (chosen by the caller). */
    planId: idSchema.optional(),
  })
  .refine((i) => (i.change === undefined) !== (i.template === undefined), {
    error: 'Choose the change to apply: give either a change or a template name.',
    path: ['change'],
  });

export const bulkChannels = defineChannels({
  /** Reads each target once and returns the plan as a new batch (status "planned"). */
  'bulk.plan': {
    input: bulkPlanInputSchema,
    output: bulkBatchSchema,
  },
  /** Stops a plan being read (bulk.plan then fails with Bulk.PlanCancelled); false when no such plan is running. */
  'bulk.cancelPlan': {
    input: z.strictObject({ planId: idSchema }),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** Starts (or resumes) a batch; returns at once. Needs confirmProduction: true when productionAccounts is not empty. */
  'bulk.run': {
    input: z.strictObject({
      batchId: idSchema,
      confirmProduction: z.boolean().optional(),
      /**
       * Items with an unknown outcome that a read cannot settle are sent again only when named
       * here (item IDs), or all of them with true (`accel bulk resume --resend-unknown`).
       */
      resendUnknown: z.union([z.literal(true), z.array(z.string().max(300)).max(5000)]).optional(),
    }),
    output: bulkBatchSummarySchema,
  },
  /**
   * The user settles items with an unknown outcome as applied (they checked the service): each
   * item's journal entry is settled as "applied (marked by the user)". Not for a running batch.
   */
  'bulk.markApplied': {
    input: z.strictObject({ batchId: idSchema, itemIds: z.array(z.string().max(300)).min(1).max(5000) }),
    output: bulkBatchSchema,
  },
  /** Stops a running batch after the writes in flight; resumable with bulk.run. */
  'bulk.cancel': {
    input: z.strictObject({ batchId: idSchema }),
    output: bulkBatchSummarySchema,
  },
  'bulk.get': {
    input: z.strictObject({ batchId: idSchema }),
    output: bulkBatchSchema,
  },
  /** Stored batches, newest first; interrupted ones are those to offer for resume at start. */
  'bulk.list': {
    input: z.strictObject({ limit: z.number().int().positive().max(500).optional() }).optional(),
    output: z.object({ batches: z.array(bulkBatchSummarySchema) }),
  },
  /** Forgets a batch that is not running (its journal entries stay). */
  'bulk.discard': {
    input: z.strictObject({ batchId: idSchema }),
    output: okOutput,
  },
  /** Plans applying the journal's "before" of every applied item of a batch: a new batch (revertOf set). */
  'bulk.planRevert': {
    input: z.strictObject({ batchId: idSchema }),
    output: bulkBatchSchema,
  },
  'bulk.listTemplates': {
    input: noInput,
    output: z.object({ templates: z.array(bulkTemplateSchema) }),
  },
  /** Saves (or replaces) a template under its name. */
  'bulk.saveTemplate': {
    input: z.strictObject({ name: templateNameSchema, change: bulkChangeInputSchema }),
    output: bulkTemplateSchema,
  },
  'bulk.deleteTemplate': {
    input: z.strictObject({ name: templateNameSchema }),
    output: okOutput,
  },
});

export const bulkEvents = defineEvents({
  'bulk.progress': bulkProgressSchema,
  /** bulk.plan with a planId: services read so far, per account, with a time estimate. */
  'bulk.planProgress': planProgressSchema,
});
