// The fleet overview (docs/fleet-overview.md): one row per customer account from the saved hourly
// traffic (overview.summary), an account's services on expand (overview.services), refreshing the
// open end within each key's budget (overview.refresh), background watching (overview.watchStatus,
// overview.setWatch), snoozes and the alert history. Events: overview.changed after an account's
// data changed, overview.alert when a watched service newly needs attention.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput, okOutput } from '../define.ts';
import { tagSchema } from '../../tags.ts';
import { changeMarkerSchema } from './impact.ts';
import {
  accountRowSchema,
  alertSchema,
  serviceCountsSchema,
  serviceRowSchema,
  watchSettingsInputSchema,
} from '../../overview/schemas.ts';

/** Longest snooze a service may get: 30 days. */
const MAX_SNOOZE_HOURS = 720;
/** Most alerts the history keeps (newest first). */
export const ALERT_HISTORY_LIMIT = 500;

/** Which accounts: the given ones, every account carrying the tag, or (neither) all accounts. */
const overviewSelectionSchema = z
  .strictObject({
    accountIds: z.array(idSchema).min(1, 'Choose at least one account').max(500).optional(),
    tag: tagSchema.optional(),
  })
  .refine((s) => s.accountIds === undefined || s.tag === undefined, {
    message: 'Choose accounts or a tag, not both.',
    path: ['tag'],
  });

const rangeSchema = z.object({ from: z.number(), to: z.number() });

const refreshOutcomeSchema = z.object({
  accountId: z.string(),
  /** API calls made for the account. */
  calls: z.number().int(),
  /** Hours were fetched and the rows computed again (false: nothing new could be final yet, or the fetch failed). */
  refreshed: z.boolean(),
  /** Why the account could not be refreshed (no network, no credentials, …); its saved rows stay. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Services whose hours the API refused (their saved hours stay). */
  failedServices: z.array(z.object({ serviceName: z.string(), code: z.string(), message: z.string() })),
});

const watchStatusSchema = z.object({
  /** Watched accounts, and accounts watched through a tag. Both empty: watching is off (the default). */
  accountIds: z.array(z.string()),
  tags: z.array(z.string()),
  /** The accounts a round refreshes now (the IDs and every account with a watched tag). */
  watchedAccountIds: z.array(z.string()),
  /** This host runs background work (the desktop app; the browser host and the CLI only when asked). */
  backgroundAllowed: z.boolean(),
  /** Rounds are scheduled. */
  running: z.boolean(),
  lastRoundAt: z.number().nullable(),
  nextRoundAt: z.number().nullable(),
});
export type WatchStatus = z.infer<typeof watchStatusSchema>;

export const overviewChannels = defineChannels({
  /**
   * One row per account from saved data only (no API call): the day shown, the same day a week
   * earlier, hourly sparklines, service counts by verdict, the data's age. Fast: made for the
   * first paint; services come with overview.services.
   */
  'overview.summary': {
    input: overviewSelectionSchema.optional(),
    output: z.object({
      /** The core's clock when the rows were assembled (epoch ms). */
      generatedAt: z.number(),
      /** Hours of the day shown and of the compared window. */
      hours: z.number().int(),
      attentionHours: z.number().int(),
      accounts: z.array(accountRowSchema),
      totals: serviceCountsSchema.extend({ accounts: z.number().int() }),
    }),
  },
  /** One account's services sorted by attention, with the applied changes (markers) from the start of the day shown until now. */
  'overview.services': {
    input: z.strictObject({ accountId: idSchema }),
    output: z.object({
      accountId: z.string(),
      range: rangeSchema.nullable(),
      services: z.array(serviceRowSchema),
      markers: z.array(changeMarkerSchema),
    }),
  },
  /**
   * Fetches the hours the saved data lacks (the open end; up to 15 days for a new service) at
   * background priority within each key's request budget, then computes the rows again.
   */
  'overview.refresh': {
    input: overviewSelectionSchema.optional(),
    output: z.object({ accounts: z.array(refreshOutcomeSchema), calls: z.number().int() }),
  },
  'overview.watchStatus': { input: noInput, output: watchStatusSchema },
  /** What to watch in the background (both lists empty: off). Remembered in the settings. */
  'overview.setWatch': { input: watchSettingsInputSchema, output: watchStatusSchema },
  /** Holds back a service's alerts for `hours` (1 to 720). */
  'overview.snooze': {
    input: z.strictObject({
      accountId: idSchema,
      serviceId: z.number().int().positive(),
      hours: z
        .number()
        .int()
        .min(1, 'Snooze for at least 1 hour.')
        .max(MAX_SNOOZE_HOURS, `Snooze for at most ${MAX_SNOOZE_HOURS} hours (30 days).`),
    }),
    output: z.object({ snoozedUntil: z.number() }),
  },
  'overview.unsnooze': {
    input: z.strictObject({ accountId: idSchema, serviceId: z.number().int().positive() }),
    output: okOutput,
  },
  /** The alert history, newest first (at most ALERT_HISTORY_LIMIT kept). */
  'overview.alerts': {
    input: z.strictObject({ limit: z.number().int().min(1).max(ALERT_HISTORY_LIMIT).optional() }).optional(),
    output: z.object({ alerts: z.array(alertSchema) }),
  },
});

export const overviewEvents = defineEvents({
  /** An account's refresh started or ended (its data may have changed): read its row again. */
  'overview.changed': z.object({ accountId: z.string() }),
  /** A watched service newly needs attention (hosts show an OS or Web notification). */
  'overview.alert': alertSchema,
  /** The user clicked an alert's OS notification (desktop host): show that service. */
  'overview.alertOpened': alertSchema,
});
