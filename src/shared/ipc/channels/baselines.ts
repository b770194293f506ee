// Baselines across accounts: the built-in checks, saved baselines (export / import), configuration
// snapshots (refresh now, background refresh on/off), the evaluation the grid shows, and the Fix
// (planFix → applyFix: one bulk batch per Fix, run by the bulk service). docs/baselines.md.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput, okOutput } from '../define.ts';
import { baselineNameSchema, baselineSchema } from '../../baseline/baseline.ts';
import { baselineFixSchema } from '../../baseline/check-types.ts';
import { bulkBatchSchema } from '../../bulk/batch.ts';

/** A baselines document is small; this keeps a wrong file from being read whole. */
const MAX_BASELINE_DOCUMENT_CHARS = 1_000_000;

/** unknown includes unchecked: services in scope without a snapshot (never evaluated). */
const countsSchema = z.object({
  pass: z.number().int(),
  fail: z.number().int(),
  unknown: z.number().int(),
  unchecked: z.number().int(),
});
const findingSchema = z.object({ item: z.string(), detail: z.string() });

const baselineReportSchema = z.object({
  baseline: z.string(),
  evaluatedAt: z.string(),
  checks: z.array(
    z.object({
      checkId: z.string(),
      title: z.string(),
      reason: z.string(),
      fixText: z.string(),
      fixBy: z.enum(['api', 'by-hand']),
      params: z.record(z.string(), z.unknown()),
    }),
  ),
  accounts: z.array(
    z.object({
      accountId: z.string(),
      accountName: z.string(),
      services: z.number().int(),
      withoutSnapshot: z.number().int(),
      oldestSnapshotAt: z.string().nullable(),
      newestSnapshotAt: z.string().nullable(),
      cells: z.array(countsSchema),
    }),
  ),
  details: z.array(
    z.object({
      accountId: z.string(),
      check: z.number().int(),
      serviceId: z.number().int(),
      domainName: z.string(),
      /** null: no snapshot yet, so not checked. */
      snapshotAt: z.string().nullable(),
      status: z.enum(['fail', 'unknown']),
      findings: z.array(findingSchema),
      note: z.string().nullable(),
      fixes: z.array(baselineFixSchema),
    }),
  ),
  totals: countsSchema,
});

const refreshResultSchema = z.object({
  refreshed: z.number().int(),
  failed: z.array(
    z.object({ accountId: z.string(), serviceId: z.number().int(), code: z.string(), message: z.string() }),
  ),
  unreachable: z.array(z.string()),
});

const fixLineSchema = z.object({ text: z.string(), services: z.number().int() });

const fixPlanSchema = z.object({
  baseline: z.string(),
  checkId: z.string(),
  checkTitle: z.string(),
  fixText: z.string(),
  /** One line per kind of action, with its service count. */
  lines: z.array(fixLineSchema),
  /** Failing services that only a person can fix. */
  byHand: z.number().int(),
  /** The planned batch; null when nothing is left to fix through the API. */
  batch: bulkBatchSchema.nullable(),
});

const backgroundStatusSchema = z.object({
  running: z.boolean(),
  lastRoundAt: z.string().nullable(),
  refreshing: z.string().nullable(),
});

export const baselinesChannels = defineChannels({
  /** The built-in checks with their default parameters. */
  'baselines.catalogue': {
    input: noInput,
    output: z.object({
      checks: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          reason: z.string(),
          fixText: z.string(),
          fixBy: z.enum(['api', 'by-hand']),
          defaults: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  },
  'baselines.list': { input: noInput, output: z.object({ baselines: z.array(baselineSchema) }) },
  /** Saves a baseline; previousName renames. Refuses a name another baseline has (Baselines.NameTaken). */
  'baselines.save': {
    input: z.strictObject({ baseline: baselineSchema, previousName: baselineNameSchema.optional() }),
    output: z.object({ baseline: baselineSchema }),
  },
  'baselines.delete': { input: z.strictObject({ name: baselineNameSchema }), output: okOutput },
  /** The baselines (all, or the named ones) as a document; account assignments stay on this installation. */
  'baselines.export': {
    input: z.strictObject({ names: z.array(baselineNameSchema).max(200).optional() }).optional(),
    output: z.object({ suggestedName: z.string(), content: z.string(), count: z.number().int() }),
  },
  /** Adds the document's baselines, replacing those of the same name (their account assignments are kept). */
  'baselines.import': {
    input: z.strictObject({
      document: z
        .string()
        .min(1, { error: 'The document is empty; choose an exported baselines file.' })
        .max(MAX_BASELINE_DOCUMENT_CHARS, {
          error: 'The file is too large to be a baselines document.',
        }),
    }),
    output: z.object({ imported: z.array(z.string()) }),
    maxPayloadChars: MAX_BASELINE_DOCUMENT_CHARS + 1024,
  },
  /**
   * Evaluates a baseline over the snapshots (refresh: read the services in scope first). The
   * report's details (every failing or unknown result) come only with `details: true`; the grid
   * asks for one cell's with baselines.cell instead, so thousands of services stay in the core.
   */
  'baselines.evaluate': {
    input: z.strictObject({
      name: baselineNameSchema,
      accountIds: z.array(idSchema).max(500).optional(),
      refresh: z.boolean().optional(),
      details: z.boolean().optional(),
    }),
    output: z.object({ report: baselineReportSchema, refresh: refreshResultSchema.nullable() }),
  },
  /** The failing and unknown results of one check in one account, from the last evaluation of the baseline. */
  'baselines.cell': {
    input: z.strictObject({ name: baselineNameSchema, check: z.number().int().nonnegative(), accountId: idSchema }),
    output: z.object({ details: baselineReportSchema.shape.details }),
  },
  /**
   * Plans the Fix of one check (of one account, or of every account in scope): every change the
   * API can carry, as one bulk batch in status "planned". The plan reads each service once.
   */
  'baselines.planFix': {
    input: z.strictObject({
      name: baselineNameSchema,
      check: z.number().int().nonnegative(),
      accountId: idSchema.optional(),
      accountIds: z.array(idSchema).max(500).optional(),
      planId: idSchema.optional(),
    }),
    output: fixPlanSchema,
  },
  /**
   * Runs a Fix plan (once: a plan that ran is refused with Baselines.FixSpent), waits for it, reads
   * the changed services again and evaluates the baseline anew. confirmProduction as for bulk.run.
   */
  'baselines.applyFix': {
    input: z.strictObject({ batchId: idSchema, confirmProduction: z.boolean().optional() }),
    output: z.object({
      batch: bulkBatchSchema,
      refresh: refreshResultSchema,
      report: baselineReportSchema,
      remaining: z.object({ lines: z.array(fixLineSchema), byHand: z.number().int() }),
    }),
  },
  /** Forgets a Fix plan that will not run. */
  'baselines.discardFix': { input: z.strictObject({ batchId: idSchema }), output: okOutput },
  /** Snapshot coverage per account and the background refresh's state. */
  'baselines.snapshots': {
    input: noInput,
    output: z.object({
      background: backgroundStatusSchema,
      accounts: z.array(
        z.object({
          accountId: z.string(),
          accountName: z.string(),
          services: z.number().int(),
          snapshots: z.number().int(),
          oldestAt: z.string().nullable(),
          newestAt: z.string().nullable(),
          failures: z.number().int(),
        }),
      ),
    }),
  },
  /** Reads the services of the given accounts (default: all) now, at interactive priority. */
  'baselines.refreshSnapshots': {
    input: z.strictObject({ accountIds: z.array(idSchema).max(500).optional() }).optional(),
    output: refreshResultSchema,
  },
  /** Starts or stops the background refresh (it reads at background priority within each key's budget). */
  'baselines.background': {
    input: z.strictObject({ running: z.boolean() }),
    output: backgroundStatusSchema,
  },
});

export const baselinesEvents = defineEvents({
  /** An account's snapshots changed (a refresh stored new ones). */
  'baselines.snapshotsChanged': z.object({ accountId: z.string() }),
});

export type BaselineReportView = z.output<typeof baselineReportSchema>;
export type FixPlanView = z.output<typeof fixPlanSchema>;
