import { z } from 'zod';
import { secret } from '../secret-mark.ts';
import { invalidCountryCode, invalidIpRestrictionEntry, isTokenSecretList, normalizeCommaList } from '../formats.ts';
import { apiCode, bool, oneOf, policyIdSchema, positiveInt, requiredText, text } from './common.ts';
import {
  matchesSchema,
  matchQueryStringResponseSchema,
  matchQueryStringSchema,
  matchResponseSchema,
  matchUrlPathResponseSchema,
  matchUrlPathSchema,
} from './match.ts';

export const accessControlTypes = ['allow', 'deny', 'token'] as const;
export type AccessControlType = (typeof accessControlTypes)[number];

const ipRestrictionSchema = text('IP restriction')
  .superRefine((value, ctx) => {
    const bad = value.trim() === '' ? '' : invalidIpRestrictionEntry(value);
    if (bad !== null) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad === ''
            ? 'IP restriction has an empty entry; enter comma-separated addresses such as 203.0.113.7, 203.0.113.0/24 or 203.0.113.0/255.255.255.0.'
            : `IP restriction entry "${bad}" is not an address, address/netmask or address/prefix length (for example 203.0.113.0/24).`,
        ...apiCode('InvalidPolicy.IpRestriction'),
      });
    }
  })
  .transform(normalizeCommaList) // sent without spaces around commas
  .describe(
    'Comma-separated IPv4/IPv6 addresses, address/dotted netmask or address/prefix length; only these clients are allowed, others get 403.',
  );

const geoRestrictionSchema = text('Geo restriction')
  .superRefine((value, ctx) => {
    const bad = invalidCountryCode(value);
    if (bad !== null) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad === ''
            ? 'Geo restriction has an empty entry; enter comma-separated two-letter country codes such as US,DE.'
            : `Geo restriction entry "${bad}" is not an upper-case ISO 3166 two-letter country code such as US or DE.`,
        ...apiCode('InvalidPolicy.GeoFormat'),
      });
    }
  })
  .transform(normalizeCommaList)
  .describe('Comma-separated upper-case ISO 3166-1 alpha-2 codes; the returned order may differ.');

/** Secret: messages never echo its content. */
const tokenSecretSchema = secret(
  text('Token secret')
    .refine(isTokenSecretList, {
      message: 'Token secret must be comma-separated tokens of exactly 64 characters, each 0-9 or a-z.',
    })
    .transform(normalizeCommaList)
    .describe(
      'Used only when type is token: comma-separated tokens of exactly 64 characters [0-9a-z]. A secret, returned as sent; never logged.',
    ),
);

const accessControlOptional = {
  priority: positiveInt('Priority')
    .describe('Optional positive integer; unique among the service access control policies.')
    .optional(),
  ipRestriction: ipRestrictionSchema.optional(),
  geoRestriction: geoRestrictionSchema.optional(),
  tokenSecret: tokenSecretSchema.optional(),
};

const accessControlV1Fields = {
  policyName: requiredText('Policy name'),
  type: oneOf('Policy type', accessControlTypes),
  matchUrlPath: matchUrlPathSchema,
  matchQueryString: matchQueryStringSchema.optional(),
  ...accessControlOptional,
};

/**
 * Body of operation 7 (create). The server applies anonymousIp = false and enabled = true
 * when omitted, so the create schema carries those defaults.
 */
export const createAccessControlPolicyBodySchema = z.object({
  ...accessControlV1Fields,
  anonymousIp: bool('Anonymous IPs').default(false),
  enabled: bool('Enabled').default(true),
});

/** Body of operation 9 (edit, "as operation 7"); no defaults on edit. */
export const updateAccessControlPolicyBodySchema = z.object({
  ...accessControlV1Fields,
  anonymousIp: bool('Anonymous IPs').optional(),
  enabled: bool('Enabled').optional(),
});

/** Body of operation 10 (edit V2): matches replaces matchUrlPath/matchQueryString. */
export const updateAccessControlPolicyV2BodySchema = z.object({
  policyName: requiredText('Policy name'),
  type: oneOf('Policy type', accessControlTypes),
  matches: matchesSchema,
  ...accessControlOptional,
  anonymousIp: bool('Anonymous IPs').optional(),
  enabled: bool('Enabled').optional(),
});

const accessControlResponseCommon = {
  policyId: policyIdSchema,
  policyName: z.string().optional(),
  type: z.string().optional(),
  priority: z.number().optional(),
  ipRestriction: z.string().optional(),
  geoRestriction: z.string().optional(),
  anonymousIp: z.boolean().optional(),
  tokenSecret: secret(z.string()).optional(),
  enabled: z.boolean().optional(),
};

/** Operations 7, 8, 9 (version 1.0 shape). */
export const accessControlPolicySchema = z.looseObject({
  ...accessControlResponseCommon,
  matchUrlPath: matchUrlPathResponseSchema.optional(),
  matchQueryString: matchQueryStringResponseSchema.optional(),
});
export type AccessControlPolicy = z.output<typeof accessControlPolicySchema>;

/** Operation 10 response (version 1.1 shape). */
export const accessControlPolicyV2Schema = z.looseObject({
  ...accessControlResponseCommon,
  matches: z.array(matchResponseSchema).optional(),
});

export const accessControlPolicyListSchema = z.array(accessControlPolicySchema);
