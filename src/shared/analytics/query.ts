// What the dashboard, the CLI and the exports ask the core for, and what they get back.
import { z } from 'zod';
import { MAX_ID_CHARS } from '../ipc/define.ts';
import { bundleFailureSchema } from './bundle.ts';
import { DAY_MS, intervalSchema, metricSchema, seriesSchema } from './model.ts';

/** Longest range one query may cover (the sandbox keeps 90 days; real accounts may keep more). */
export const MAX_QUERY_RANGE_MS = 400 * DAY_MS;

export const serviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(
    /^[A-Za-z0-9*]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/,
    'Enter a domain name such as www.example.com',
  );

export const analyticsQuerySchema = z
  .strictObject({
    accountId: z.string().min(1).max(MAX_ID_CHARS),
    serviceNames: z.array(serviceNameSchema).min(1, 'Choose at least one service').max(2000),
    metrics: z.array(metricSchema).min(1, 'Choose at least one metric'),
    from: z.number().int(),
    to: z.number().int(),
    interval: z.union([intervalSchema, z.literal('auto')]).default('auto'),
    comparePrevious: z.boolean().default(false),
    /** Lets analytics.cancel and the progress events refer to this fetch. */
    requestId: z.string().min(1).max(100).optional(),
    /** Only read the offline cache (review of cached data, exports of what is on screen). */
    cacheOnly: z.boolean().default(false),
  })
  .refine((q) => q.to > q.from, { message: 'The end of the range must be after its start.', path: ['to'] })
  .refine((q) => q.to - q.from <= MAX_QUERY_RANGE_MS, {
    message: 'The range may cover at most 400 days.',
    path: ['from'],
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

export const analyticsResultSchema = z.object({
  requestId: z.string(),
  /** The range after alignment to whole points. */
  range: z.object({ from: z.number(), to: z.number() }),
  intervals: z.partialRecord(metricSchema, intervalSchema),
  series: z.array(seriesSchema),
  previous: z.array(seriesSchema).optional(),
  previousRange: z.object({ from: z.number(), to: z.number() }).optional(),
  failures: z.array(bundleFailureSchema),
  /** True when the data came from the cache because the network or credentials were unavailable. */
  offline: z.boolean(),
  /** Oldest refresh time among the cached pieces used (epoch ms); null when nothing was cached. */
  asOf: z.number().nullable(),
  /** API calls made for this result. */
  calls: z.number().int(),
  cancelled: z.boolean(),
});
export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;

export const analyticsProgressSchema = z.object({
  requestId: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
});
