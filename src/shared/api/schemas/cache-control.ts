import { z } from 'zod';
import { isMimeType } from '../formats.ts';
import { aclResponseSchema, originAclSchema, refererAclSchema } from './acl.ts';
import { bool, nonEmptyArray, nonNegativeLong, policyIdSchema, positiveInt, requiredText, text } from './common.ts';
import {
  matchesSchema,
  matchQueryStringResponseSchema,
  matchResponseSchema,
  matchUrlPathResponseSchema,
} from './match.ts';
import { responseHeaderResponseSchema, responseHeaderSchema } from './response-header.ts';

/**
 * Body of operation 6 (edit a cache control policy, V2). policyName, priority, matches and
 * autoGzipDisable are Mandatory; the rest Optional. No defaults: on edit the server's
 * handling of omitted fields is not shown, so we send only what the user set.
 */
export const updateCacheControlPolicyV2BodySchema = z.object({
  policyName: requiredText('Policy name'),
  priority: positiveInt('Priority').describe('Positive integer; a higher weight takes precedence.'),
  matches: matchesSchema,
  autoGzipDisable: bool('Disable automatic Gzip').describe('Disable automatic Gzip at the edge (Mandatory on edit).'),
  ttl: nonNegativeLong('TTL (seconds)').describe('Edge cache time-to-live in seconds.').optional(),
  refererAcl: refererAclSchema.optional(),
  originAcl: originAclSchema.optional(),
  ignoreClientNoCache: bool('Ignore client no-cache').optional(),
  ignoreOriginNoCache: bool('Ignore origin no-cache').optional(),
  ignoreQueryString: bool('Ignore query string').optional(),
  enableXCache: bool('X-Cache header').describe('Edge responses carry an X-Cache header with HIT or MISS.').optional(),
  noCache: bool('Never cache').describe('Never cache even if the origin allows it.').optional(),
  responseHeaders: nonEmptyArray('Response headers', responseHeaderSchema, 'at least one header rule').optional(),
  varyMIMEs: nonEmptyArray(
    'Vary MIME types',
    text('Vary MIME type')
      .regex(/\S/, { error: 'Vary MIME types has an empty entry; fill it in or remove it.', abort: true })
      .refine(isMimeType, { message: 'Vary MIME type must look like type/subtype, for example image/webp.' }),
    'at least one MIME type',
  ).optional(),
  enabled: bool('Enabled').optional(),
});

const cacheControlCommon = {
  policyId: policyIdSchema,
  policyName: z.string().optional(),
  priority: z.number().optional(),
  ttl: z.number().optional(),
  refererAcl: aclResponseSchema.optional(),
  originAcl: aclResponseSchema.optional(),
  ignoreClientNoCache: z.boolean().optional(),
  ignoreOriginNoCache: z.boolean().optional(),
  ignoreQueryString: z.boolean().optional(),
  enableXCache: z.boolean().optional(),
  noCache: z.boolean().optional(),
  autoGzipDisable: z.boolean().optional(),
  responseHeaders: z.array(responseHeaderResponseSchema).optional(),
  varyMIMEs: z.array(z.string()).optional(),
  enabled: z.boolean().optional(),
};

/** List item of operation 4 (version 1.0 shape). */
export const cacheControlPolicySchema = z.looseObject({
  ...cacheControlCommon,
  matchUrlPath: matchUrlPathResponseSchema.optional(),
  matchQueryString: matchQueryStringResponseSchema.optional(),
});
export type CacheControlPolicy = z.output<typeof cacheControlPolicySchema>;

/** List item of operation 5 and the policy of operation 6 (version 1.1 shape). */
export const cacheControlPolicyV2Schema = z.looseObject({
  ...cacheControlCommon,
  matches: z.array(matchResponseSchema).optional(),
});
export type CacheControlPolicyV2 = z.output<typeof cacheControlPolicyV2Schema>;

export const cacheControlPolicyListSchema = z.array(cacheControlPolicySchema);
export const cacheControlPolicyV2ListSchema = z.array(cacheControlPolicyV2Schema);
