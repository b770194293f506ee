// Change impact on traffic: markers of applied journal changes for the traffic charts, and the
// impact line of each applied change (computed from the analytics cache; see
// src/shared/analytics/impact.ts and docs/change-impact.md), also as a CSV / JSON export.
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { serviceNameSchema } from '../../analytics/query.ts';
import { DEFAULT_IMPACT_HOURS, impactHoursSchema, impactLineSchema } from '../../analytics/impact.ts';
import { mutatingOperationIdSchema } from './journal.ts';

export const changeMarkerSchema = z.object({
  entryId: z.string(),
  accountId: z.string(),
  /** When the change was applied (epoch ms). */
  at: z.number(),
  /** The service's domain name as the charts name it. */
  serviceName: z.string(),
  serviceId: z.number(),
  operationId: mutatingOperationIdSchema,
  summary: z.string(),
  /** Its first changed fields ("Label: before → after"), to tell apart changes with the same summary. */
  detail: z.string().optional(),
  /** The bulk batch the change belonged to, when it was part of one. */
  batchId: z.string().optional(),
});
export type ChangeMarker = z.infer<typeof changeMarkerSchema>;

const hoursSchema = impactHoursSchema.default(DEFAULT_IMPACT_HOURS);

const impactExportFormats = ['csv', 'json'] as const;

export const impactChannels = defineChannels({
  'impact.markers': {
    input: z
      .strictObject({
        accountId: idSchema,
        serviceNames: z.array(serviceNameSchema).min(1).max(2000),
        from: z.number().int(),
        to: z.number().int(),
      })
      .refine((q) => q.to > q.from, { message: 'The end of the range must be after its start.', path: ['to'] }),
    output: z.object({ markers: z.array(changeMarkerSchema) }),
  },
  'impact.lines': {
    input: z.strictObject({
      entryIds: z.array(idSchema).min(1).max(200),
      hours: hoursSchema,
      /**
       * Ask the API for the hours the cache lacks (background priority, inside the key's request
       * budget) before computing. Off: the cache alone answers (offline-capable).
       */
      fetchMissing: z.boolean().default(false),
    }),
    output: z.object({
      lines: z.array(impactLineSchema),
      /** API calls made to fill the cache (0 without fetchMissing). */
      calls: z.number().int(),
      /** True when fetchMissing could not reach the API (the lines come from the cache). */
      offline: z.boolean(),
    }),
  },
  'impact.export': {
    input: z.strictObject({
      /** Absent: every account. */
      accountId: idSchema.optional(),
      hours: hoursSchema,
      format: z.enum(impactExportFormats),
    }),
    output: z.object({ suggestedName: z.string(), mimeType: z.string(), content: z.string() }),
  },
});
