import { z } from 'zod';
import { isRedirectDestination } from '../formats.ts';
import { bool, policyIdSchema, positiveInt, requiredText } from './common.ts';
import {
  matchQueryStringResponseSchema,
  matchQueryStringSchema,
  matchResponseSchema,
  matchUrlPathResponseSchema,
  matchUrlPathSchema,
} from './match.ts';

const redirectionHttpCodes = [301, 302] as const;

const httpCodeSchema = z.literal(redirectionHttpCodes, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ''
      ? 'HTTP code is required; choose 301 or 302.'
      : 'HTTP code must be 301 (permanent) or 302 (temporary).',
});

const redirectDestinationSchema = requiredText('Redirect destination')
  .refine(isRedirectDestination, {
    message:
      'Redirect destination must be an http(s) URL such as https://www.example.com/new, or a path starting with /.',
  })
  .describe('Destination URL: absolute http(s) URL or a path starting with /.');

/** Body of operation 11 (edit a redirection policy, version 1.0 shape). */
export const updateRedirectionPolicyBodySchema = z.object({
  policyName: requiredText('Policy name'),
  matchUrlPath: matchUrlPathSchema,
  redirectDestination: redirectDestinationSchema,
  httpCode: httpCodeSchema,
  priority: positiveInt('Priority'),
  matchQueryString: matchQueryStringSchema.optional(),
  enabled: bool('Enabled').optional(),
});

const redirectionResponseCommon = {
  policyId: policyIdSchema,
  policyName: z.string().optional(),
  redirectDestination: z.string().optional(),
  httpCode: z.number().optional(),
  priority: z.number().optional(),
  enabled: z.boolean().optional(),
};

/** Operation 11 response (version 1.0 shape). */
export const redirectionPolicySchema = z.looseObject({
  ...redirectionResponseCommon,
  matchUrlPath: matchUrlPathResponseSchema.optional(),
  matchQueryString: matchQueryStringResponseSchema.optional(),
});

/** List item of operation 12 (version 1.1 shape). */
export const redirectionPolicyV2Schema = z.looseObject({
  ...redirectionResponseCommon,
  matches: z.array(matchResponseSchema).optional(),
});
export type RedirectionPolicyV2 = z.output<typeof redirectionPolicyV2Schema>;

export const redirectionPolicyV2ListSchema = z.array(redirectionPolicyV2Schema);
