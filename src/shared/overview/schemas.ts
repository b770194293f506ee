// The fleet overview's rows, alerts and watch setting as the core stores them and the channels
// carry them (src/shared/ipc/channels/overview.ts). One source for the CLI, the screen and the files.
import { z } from 'zod';
import { idSchema } from '../ipc/define.ts';
import { accountColorSchema } from '../ipc/channels/accounts.ts';
import { tagListSchema } from '../tags.ts';
import { attentionMetricIds, attentionStatusIds } from './attention.ts';

const rangeSchema = z.object({ from: z.number(), to: z.number() });
const sparklineSchema = z.array(z.number().nullable());
const figureSchema = z.object({
  /** The day shown: requests (total), bandwidth (mean bps), origin offload (1 − origin / requests); null when not all held. */
  value: z.number().nullable(),
  /** The same 24 hours a week earlier. */
  weekEarlier: z.number().nullable(),
});
const sparklinesSchema = z.object({ requests: sparklineSchema, bandwidth: sparklineSchema, offload: sparklineSchema });

export const trafficFiguresSchema = z.object({
  requests: figureSchema,
  bandwidth: figureSchema,
  offload: figureSchema,
  /** SPARKLINE_POINTS hourly values of the day shown (null: hour not held; offload null: no requests). */
  sparklines: sparklinesSchema,
  /** The same hours a week earlier, for the comparison line. */
  weekEarlierSparklines: sparklinesSchema,
});
export type TrafficFigures = z.infer<typeof trafficFiguresSchema>;

const attentionMetricSchema = z.object({
  metric: z.enum(attentionMetricIds),
  value: z.number().nullable(),
  usual: z.number().nullable(),
  weekEarlier: z.number().nullable(),
  change: z.number().nullable(),
  z: z.number().nullable(),
  flagged: z.boolean(),
  departingHours: z.number().int(),
  weekly: z.boolean(),
  direction: z.enum(['up', 'down']).nullable(),
});

const attentionSchema = z.object({
  status: z.enum(attentionStatusIds),
  window: rangeSchema,
  referenceDays: z.number().int(),
  reason: z.string().optional(),
  metrics: z.array(attentionMetricSchema),
});

/** A service's row as computed after a refresh (stored; the channels add what changes without one). */
export const serviceDigestSchema = z.object({
  serviceId: z.number().int(),
  serviceName: z.string(),
  traffic: trafficFiguresSchema,
  attention: attentionSchema,
});
export type ServiceDigest = z.infer<typeof serviceDigestSchema>;

/** One service of an expanded customer. */
export const serviceRowSchema = serviceDigestSchema.extend({
  accountId: z.string(),
  /** The day shown [from, to): what the service's Traffic screen opens on. */
  range: rangeSchema,
  weekEarlierRange: rangeSchema,
  /** attention | no-data | not-enough-history | ok (attention.status, repeated for sorting and filters). */
  status: z.enum(attentionStatusIds),
  /** Alerts of this service are held back until then (epoch ms); null when not snoozed. */
  snoozedUntil: z.number().nullable(),
  /** Applied changes of this service (journal) from the start of the day shown until now. */
  markers: z.number().int(),
});
export type ServiceRow = z.infer<typeof serviceRowSchema>;

const accountStatusIds = ['attention', 'no-data', 'incomplete', 'snoozed', 'ok'] as const;
export type AccountStatus = (typeof accountStatusIds)[number];

export const serviceCountsSchema = z.object({
  total: z.number().int(),
  /** Services needing attention, snoozed ones included. */
  attention: z.number().int(),
  /** Of those, snoozed. */
  snoozed: z.number().int(),
  ok: z.number().int(),
  notEnoughHistory: z.number().int(),
  noData: z.number().int(),
});
export type ServiceCounts = z.infer<typeof serviceCountsSchema>;

const refreshErrorSchema = z.object({ code: z.string(), message: z.string(), at: z.number() });

/** One customer account's row. */
export const accountRowSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  color: accountColorSchema,
  production: z.boolean(),
  tags: z.array(z.string()),
  /**
   * attention: a service needs attention (not snoozed); no-data: no service has data, or the data
   * is stale; incomplete: some services have no verdict (no data, not enough history); snoozed:
   * the only services needing attention are snoozed; ok: every service has a verdict and none
   * needs attention.
   */
  status: z.enum(accountStatusIds),
  /** The data ends more than STALE_AFTER_MS before the hours that could be held now. */
  stale: z.boolean(),
  /** The account is watched in the background (overview.setWatch). */
  watched: z.boolean(),
  /** A refresh of the account is running (overview.changed comes when it starts and when it ends). */
  refreshing: z.boolean(),
  /** The day shown [from, to) (null before any data); every service of the account has the same. */
  range: rangeSchema.nullable(),
  weekEarlierRange: rangeSchema.nullable(),
  /** End of the settled hours the rows are computed to (epoch ms). */
  dataEnd: z.number().nullable(),
  /** When the account's data was last refreshed (epoch ms). */
  refreshedAt: z.number().nullable(),
  /** Now − refreshedAt. */
  dataAgeMs: z.number().nullable(),
  /** The last refresh's failure, kept until a refresh succeeds. */
  lastError: refreshErrorSchema.nullable(),
  traffic: trafficFiguresSchema,
  services: serviceCountsSchema,
  /** Applied changes of the account's services from the start of the day shown until now. */
  markers: z.number().int(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const alertSchema = z.object({
  id: z.string(),
  /** When the alert was raised (epoch ms). */
  at: z.number(),
  accountId: z.string(),
  accountName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  metric: z.enum(attentionMetricIds),
  direction: z.enum(['up', 'down']),
  /** As AttentionMetric.change (relative for amounts, points for offload). */
  change: z.number().nullable(),
  z: z.number(),
  value: z.number().nullable(),
  usual: z.number().nullable(),
  /** The compared hours. */
  window: rangeSchema,
  /** The day shown when it was raised (opens the service's Traffic screen on it). */
  range: rangeSchema,
  /** "Acme Retail · shop.acme-retail.example: requests −62 % vs usual (z −8.1)". */
  text: z.string(),
});
export type OverviewAlert = z.infer<typeof alertSchema>;

/** What is watched in the background: these accounts, and every account carrying one of these tags. Empty: nothing (the default). */
export const watchSettingsSchema = z.object({
  accountIds: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
});
export type WatchSettings = z.infer<typeof watchSettingsSchema>;

/** The same, as the user sends it (IDs and tags checked). */
export const watchSettingsInputSchema = z.strictObject({
  accountIds: z.array(idSchema).max(500),
  tags: tagListSchema,
});
