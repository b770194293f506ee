import { z } from 'zod';
import { bool, positiveInt } from './common.ts';

/**
 * Body of operation 14 (create or update). No defaults: on update an omitted
 * ignoreUrlPath / ignoreQueryString keeps the current value, so we must not fill one in.
 */
export const rateLimitSchema = z.object({
  timeWindow: positiveInt('Time window (seconds)'),
  requestLimit: positiveInt('Request limit'),
  ignoreUrlPath: bool('Same limit for all URLs').optional(),
  ignoreQueryString: bool('Ignore query string').optional(),
});
export type RateLimit = z.input<typeof rateLimitSchema>;

/** Stored record (read not shown in the spec): lenient. */
export const rateLimitRecordSchema = z.looseObject({
  timeWindow: z.number(),
  requestLimit: z.number(),
  ignoreUrlPath: z.boolean().optional(),
  ignoreQueryString: z.boolean().optional(),
});
