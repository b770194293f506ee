import { z } from 'zod';
import {
  corsAllowOriginProblem,
  corsMethods,
  isCorsMethodList,
  isHeaderNameList,
  normalizeCommaList,
} from '../formats.ts';
import { apiCode, INT32_MAX } from './common.ts';

/** -1 asks for the default (cache indefinitely); 0 = no caching. */
const CORS_MAX_AGE_DEFAULT = -1;

function headerList(label: string, code: string) {
  return z
    .string({
      error: (iss) =>
        iss.input === null ? `${label} cannot be null; leave it unset instead.` : `${label} must be text.`,
    })
    .refine((v) => v.trim() !== '', {
      message: `${label} cannot be empty; enter comma-separated header names or leave it unset.`,
      abort: true,
      ...apiCode(code),
    })
    .refine(isHeaderNameList, {
      message: `${label} must be comma-separated header names such as X-Request-Id, Content-Length.`,
      ...apiCode(code),
    })
    .transform(normalizeCommaList);
}

/**
 * Body of operation 13: a full replacement of the service's CORS headers; all fields
 * Optional (an empty object clears them). Messages and codes per field.
 */
export const corsHeadersSchema = z.object({
  accessControlAllowOrigin: z
    .string({ error: 'Allowed origin cannot be null; leave it unset instead.' })
    // One message per mistake (scheme, path, several origins, wildcard…): corsAllowOriginProblem.
    .superRefine((value, ctx) => {
      const problem = corsAllowOriginProblem(value);
      if (problem !== null)
        ctx.addIssue({ code: 'custom', message: problem, input: value, ...apiCode('InvalidOrigin.UrlFormat') });
    })
    .describe('* or scheme://fqdn[:port]; null not allowed.')
    .optional(),
  accessControlAllowMethods: z
    .string({ error: 'Allowed methods must be text.' })
    .refine(isCorsMethodList, {
      message: `Allowed methods must be one or more of ${corsMethods.join(', ')}, separated by commas.`,
      ...apiCode('InvalidPolicy.CorsHeaderForMethod'),
    })
    .transform(normalizeCommaList)
    .describe(`One method or a comma-separated list of ${corsMethods.join(', ')}.`)
    .optional(),
  accessControlAllowCredentials: z
    .literal(true, { error: 'Allow credentials can only be true; leave it unset instead of false.' })
    .describe('Only true is valid; omit the field instead of sending false.')
    .optional(),
  accessControlAllowHeaders: headerList('Allowed headers', 'InvalidPolicy.CorsHeaderForHeader')
    .describe('Comma-separated header names; not empty.')
    .optional(),
  accessControlMaxAge: z
    .number({ error: 'Max age must be a whole number of seconds.' })
    .int({ error: 'Max age must be a whole number of seconds.' })
    .min(CORS_MAX_AGE_DEFAULT, { error: 'Max age must be 0 or more seconds (0 = no caching), or -1 for the default.' })
    .max(INT32_MAX, { error: `Max age must be at most ${INT32_MAX} seconds.` })
    .describe('Seconds a preflight response may be cached; 0 = no cache; -1 = default (cache indefinitely).')
    .optional(),
  accessControlExposeHeaders: headerList('Exposed headers', 'InvalidPolicy.CorsHeaderForExposeHeader')
    .describe('Comma-separated header names; not empty.')
    .optional(),
});

/** Stored record (read not shown in the spec): lenient, for the sandbox store and exports. */
export const corsHeadersRecordSchema = z.looseObject({
  accessControlAllowOrigin: z.string().optional(),
  accessControlAllowMethods: z.string().optional(),
  accessControlAllowCredentials: z.boolean().optional(),
  accessControlAllowHeaders: z.string().optional(),
  accessControlMaxAge: z.number().optional(),
  accessControlExposeHeaders: z.string().optional(),
});
