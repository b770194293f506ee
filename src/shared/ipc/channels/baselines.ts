// Baselines across accounts (issue 13 §1): the built-in checks, saved baselines (export / import),
// configuration snapshots (refresh now, background refresh on/off) and the evaluation the grid
// shows. Fixing goes through bulk.plan with the report's fix groups (src/shared/baseline/baseline.ts
// fixGroups). docs/baselines.md records the decisions.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput, okOutput } from '../define.ts';
import { baselineNameSchema, baselineSchema } from '../../baseline/baseline.ts';
import { baselineFixSchema } from '../../baseline/check-types.ts';

/** A baselines document is small; this keeps a wrong file from being read whole. */
export const MAX_BASELINE_DOCUMENT_CHARS = 1_000_000;

const countsSchema = z.object({ pass: z.number().int(), fail: z.number().int(), unknown: z.number().int() });
const findingSchema = z.object({ item: z.string(), detail: z.string() });

export const baselineReportSchema = z.object({
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
      snapshotAt: z.string(),
      status: z.enum(['fail', 'unknown']),
      findings: z.array(findingSchema),
      note: z.string().nullable(),
      fix: baselineFixSchema.nullable(),
    }),
  ),
  totals: countsSchema,
});

const refreshResultSchema = z.object({
  refreshed: z.number().int(),
  failed: z.array(z.object({ accountId: z.string(), serviceId: z.number().int(), code: z.string(), message: z.string() })),
  unreachable: z.array(z.string()),
});

const backgroundStatusSchema = z.object({ running: z.boolean(), lastRoundAt: z.string().nullable(), refreshing: z.string().nullable() });

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
      document: z.string().min(1, { error: 'The document is empty; choose an exported baselines file.' }).max(MAX_BASELINE_DOCUMENT_CHARS, {
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
    input: z.strictObject({ name: baselineNameSchema, accountIds: z.array(idSchema).max(500).optional(), refresh: z.boolean().optional(), details: z.boolean().optional() }),
    output: z.object({ report: baselineReportSchema, refresh: refreshResultSchema.nullable() }),
  },
  /** The failing and unknown results of one check in one account, from the last evaluation of the baseline. */
  'baselines.cell': {
    input: z.strictObject({ name: baselineNameSchema, check: z.number().int().nonnegative(), accountId: idSchema }),
    output: z.object({ details: baselineReportSchema.shape.details }),
  },
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
