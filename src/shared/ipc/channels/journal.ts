// Change journal: every change applied from this app (changes.apply), newest first, with the
// state before and after (secrets redacted) and the result. Stored in <dataDir>/journal.json.
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { mutatingOperationIds } from '../../api/operation-facts.ts';
import { JOURNAL_LIST_MAX } from '../../journal-page.ts';

export const mutatingOperationIdSchema = z.enum(mutatingOperationIds);

/**
 * How a change ended. A write is journaled before its request leaves (write-ahead, docs/bulk-apply.md
 * "When the app stops mid-run") with `ok: null, sending: true`, and settled when the answer comes:
 * - ok true: applied. `confirmed` says how it was known when no answer came: 'read-back' (the
 *   target was read and already had the change), 'user' (the user marked it as applied);
 * - ok false: the gateway answered with an error, or a read found the change not applied;
 * - ok null: no answer is known. `sending` while the request is out (an entry still sending when
 *   no process is sending it any more: the app stopped before the gateway answered); otherwise
 *   `code` and `message` say what happened (a timeout, a cancel while it was in flight).
 */
const journalResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    confirmed: z.enum(['read-back', 'user']).optional(),
    /** How it was confirmed, in plain words. */
    message: z.string().optional(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
  z.object({
    ok: z.literal(null),
    sending: z.literal(true).optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
]);
export type JournalResult = z.infer<typeof journalResultSchema>;

/**
 * `before` / `after` are request-shaped bodies (secrets redacted):
 * - policy edits: the policy as listed before, and the body sent;
 * - setCorsHeaders / upsertRateLimit: the last configuration applied from this app (the API cannot
 *   read it back), and the body sent;
 * - deleteRateLimit: after is null;
 * - createService: before is null, after is the created service as the gateway answered it
 *   (serviceId is the new service's ID); a failed create keeps the body sent as after.
 * `before` is null when it is not known (a create, or nothing applied from this app yet).
 */
export const journalEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  serviceId: z.number().nullable(),
  operationId: mutatingOperationIdSchema,
  policyId: z.number().nullable(),
  /** One line for lists, e.g. "Edit cache control policy 12 “images”". */
  summary: z.string(),
  before: z.unknown(),
  /** Where `before` came from: read from the API, the last change applied from this app, or unknown. */
  beforeSource: z.enum(['server', 'journal', 'none']).optional(),
  after: z.unknown(),
  result: journalResultSchema,
  /** Set when this change re-applied an earlier entry's "before". */
  reapplyOf: z.string().optional(),
  /** Set when this write sends again a change whose earlier entry has an unknown outcome. */
  resendOf: z.string().optional(),
  /** Rule test expectations the review showed this change would flip, applied anyway (their names). */
  flippedExpectations: z.array(z.string()).optional(),
  /** The bulk batch this change was part of (bulk.* channels): one ID for every item of the batch. */
  batchId: z.string().optional(),
  /** before/after were too large to keep (the entry keeps its summary and result; it cannot be re-applied). */
  omitted: z.literal(true).optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

const knownServiceSchema = z.object({ accountId: z.string(), serviceId: z.number(), domainName: z.string() });

/** Filter values: applied, failed, or unknown (no answer known, or still sending). */
export const journalOutcomes = ['ok', 'failed', 'unknown'] as const;
export type JournalOutcome = (typeof journalOutcomes)[number];

const instantSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(40, { error: `${label}: at most 40 characters (a date and time such as 2026-11-23T10:00:00Z).` })
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `${label}: enter a date and time such as 2026-11-23T10:00:00Z.`,
    });

/**
 * What the journal's filters select (the "All accounts" view, its export and `accel journal`).
 * Every field narrows; absent fields select everything.
 */
const journalQueryShape = {
  /** Absent: every account (the "All accounts" view). */
  accountId: idSchema.optional(),
  serviceId: z.number().int().positive().optional(),
  /** A service ID ("101", "#101") or a domain name or part of one; matched against the services the app knows. */
  service: z
    .string()
    .trim()
    .max(253, { error: 'Service filter must be at most 253 characters (a domain name or an ID).' })
    .optional(),
  operationId: mutatingOperationIdSchema.optional(),
  /** Entries of one bulk run (the batch ID shown in the journal and by `accel bulk`). */
  batchId: z.string().trim().max(200, { error: 'Batch: at most 200 characters.' }).optional(),
  outcome: z.enum(journalOutcomes).optional(),
  /** Inclusive bounds on the entry's time. */
  from: instantSchema('From').optional(),
  to: instantSchema('To').optional(),
};

const fromNotAfterTo: [(query: { from?: string; to?: string }) => boolean, { error: string; path: string[] }] = [
  (query) => query.from === undefined || query.to === undefined || Date.parse(query.from) <= Date.parse(query.to),
  { error: '“From” is after “To”: swap them, or clear one.', path: ['to'] },
];

export const journalQuerySchema = z.strictObject(journalQueryShape).refine(...fromNotAfterTo);
export type JournalQuery = z.output<typeof journalQuerySchema>;

/**
 * Which part of the selected entries (newest first) journal.list answers with: `limit` entries
 * from `offset`; `through` (an entry ID) makes the page reach that entry when it is selected
 * after `offset` (a chart marker opens the journal on an older entry). The export has no page: it
 * holds every entry the filters select.
 */
const journalPageShape = {
  limit: z
    .number()
    .int()
    .positive()
    .max(JOURNAL_LIST_MAX, { error: `Limit: at most ${JOURNAL_LIST_MAX} entries per request.` })
    .optional(),
  offset: z.number().int().min(0).optional(),
  through: idSchema.optional(),
};
export type JournalPage = { limit?: number; offset?: number; through?: string };

const journalExportFormats = ['csv', 'json'] as const;

export const journalChannels = defineChannels({
  'journal.list': {
    input: z
      .strictObject({ ...journalQueryShape, ...journalPageShape })
      .refine(...fromNotAfterTo)
      .optional(),
    output: z.object({
      entries: z.array(journalEntrySchema),
      /** How many entries the filters selected (entries holds the page asked for: at most `limit` from `offset`, or through `through`). */
      total: z.number(),
      /** When `service` was a domain name: the services it matched (none: nothing is known by that name). */
      services: z.array(knownServiceSchema).optional(),
      /** Domain names of the services the entries are about, where known (account's service list, services created here). */
      serviceNames: z.array(knownServiceSchema),
    }),
  },
  'journal.export': {
    input: z.strictObject({ ...journalQueryShape, format: z.enum(journalExportFormats) }).refine(...fromNotAfterTo),
    /** Content for host.saveFile; secrets stay redacted as in the journal. */
    output: z.object({ suggestedName: z.string(), mimeType: z.string(), content: z.string(), count: z.number() }),
  },
  'journal.reapply': {
    /** `entryId`: the entry's ID, or the start of it (8 characters or more) when only one entry's ID starts so. */
    input: z.strictObject({
      entryId: idSchema,
      confirmProduction: z.boolean().optional(),
      /** Apply even if the version makes rule test expectations fail (the user confirmed after seeing which). */
      acceptFlippedExpectations: z.boolean().optional(),
    }),
    output: z.object({ entry: journalEntrySchema }),
  },
});
