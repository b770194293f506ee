import { z } from 'zod';
import { bool, positiveInt } from './common.ts';

/**
 * Body of operation 14 (create or update). No defaults: on update an omitted
 * ignoreUrlPath / ignoreQueryString keeps the current value, so we must not fill one in.
 */
export const rateLimitSchema = z.object({
  timeWindow: positiveInt('Time window (seconds)').describe('Window in seconds; positive.'),
  requestLimit: positiveInt('Request limit').describe('Maximum requests per client IP per window; positive.'),
  ignoreUrlPath: bool('Same limit for all URLs')
    .describe('One limit for all URLs of a client IP; omitted on update keeps the current value (default false).')
    .optional(),
  ignoreQueryString: bool('Ignore query string')
    .describe('Ignore the query string when counting; omitted on update keeps the current value (default false).')
    .optional(),
});

/** Stored record (read not shown in the spec): lenient. */
export const rateLimitRecordSchema = z.looseObject({
  timeWindow: z.number(),
  requestLimit: z.number(),
  ignoreUrlPath: z.boolean().optional(),
  ignoreQueryString: z.boolean().optional(),
});
