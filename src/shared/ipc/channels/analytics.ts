// Traffic analytics: fetch series (split at the API's limits, cached for offline use), cancel a
// running fetch, and manage the offline cache. Progress of long fetches arrives as events.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, okOutput } from '../define.ts';
import { analyticsProgressSchema, analyticsQuerySchema, analyticsResultSchema } from '../../analytics/query.ts';

export const analyticsChannels = defineChannels({
  'analytics.fetch': { input: analyticsQuerySchema, output: analyticsResultSchema },
  'analytics.cancel': {
    input: z.strictObject({ requestId: idSchema }),
    output: z.object({ cancelled: z.boolean() }),
  },
  'analytics.cacheInfo': {
    input: z.strictObject({}).optional(),
    output: z.object({ bytes: z.number(), entries: z.number(), maxBytes: z.number() }),
  },
  'analytics.clearCache': {
    input: z.strictObject({ accountId: idSchema.optional() }),
    output: okOutput,
  },
});

export const analyticsEvents = defineEvents({
  'analytics.progress': analyticsProgressSchema,
});
