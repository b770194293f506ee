// Each built-in check's parameters: the zod schema that checks them (rules and messages) and the
// editor field of each. The baseline editor (renderer) needs only these; the checks themselves
// (the *-checks.ts modules: texts and evaluation, for the core) are built on them.
import { z } from 'zod';
import { corsAllowOriginProblem } from '../api/formats.ts';
import { tlsProfiles } from '../api/schemas/service.ts';
import { parseCidr } from '../rules/ipv4.ts';
import type { PolicyKind } from '../rules/types.ts';
import type { AnyCheckParameters, CheckParameters } from './check-types.ts';

/** Keeps the schema's type, so the fields are checked against its keys. */
const describeParameters = <P extends z.ZodObject>(parameters: CheckParameters<P>): CheckParameters<P> => parameters;

const noParams = z.object({});

const policyKinds = ['cache', 'access', 'redirection'] as const;
export const policyKindLabel: Record<PolicyKind, string> = {
  cache: 'Cache control',
  access: 'Access control',
  redirection: 'Redirection',
};

export const httpsRedirectParameters = describeParameters({
  id: 'https-redirect',
  params: noParams,
  fields: {},
});

export const tlsProfileParameters = describeParameters({
  id: 'tls-profile',
  fields: {
    disallowed: {
      kind: 'choices',
      label: 'TLS profiles not allowed',
      options: tlsProfiles.map((p) => ({ value: p, label: p })),
    },
  },
  params: z.object({
    disallowed: z
      .array(z.enum(tlsProfiles, { error: `A TLS profile must be one of ${tlsProfiles.join(', ')}.` }))
      .min(1, { error: 'Name at least one TLS profile that is not allowed.' })
      .default(['old'])
      .describe('Profiles a service must not use.'),
  }),
});

export const http2Parameters = describeParameters({
  id: 'http2',
  params: noParams,
  fields: {},
});

export const httpsOriginsParameters = describeParameters({
  id: 'https-origins',
  params: noParams,
  fields: {},
});

export const s3OverHttpsParameters = describeParameters({
  id: 's3-credentials-https',
  params: noParams,
  fields: {},
});

export const corsCredentialsParameters = describeParameters({
  id: 'cors-no-wildcard-with-credentials',
  fields: {
    allowOrigin: {
      kind: 'text',
      optional: true,
      label: 'Origin to allow instead of *',
      hint: 'Empty: the fix turns off “Allow credentials” instead.',
    },
  },
  params: z.object({
    allowOrigin: z
      .string()
      .refine((v) => v !== '*' && corsAllowOriginProblem(v) === null, {
        message: 'The origin to allow must look like https://www.example.com (not *).',
      })
      .optional()
      .describe('The origin the fix allows instead of * (credentials kept); without it the fix drops credentials.'),
  }),
});

export const rateLimitParameters = describeParameters({
  id: 'rate-limit-applied',
  fields: {
    timeWindow: { kind: 'count', unit: 'seconds', label: 'Time window of the rate limit the fix sets' },
    requestLimit: { kind: 'count', unit: 'requests', label: 'Requests per client IP per window' },
  },
  params: z.object({
    timeWindow: z
      .number()
      .int()
      .positive({ error: 'The time window must be a positive number of seconds.' })
      .default(60)
      .describe('Window of the rate limit the fix sets (seconds).'),
    requestLimit: z
      .number()
      .int()
      .positive({ error: 'The request limit must be a positive whole number.' })
      .default(600)
      .describe('Requests per client IP per window the fix sets.'),
  }),
});

export const staticCacheParameters = describeParameters({
  id: 'static-cache-ttl',
  fields: {
    operator: {
      kind: 'choice',
      label: 'Static paths',
      options: [
        { value: 'startswith', label: 'start with' },
        { value: 'endswith', label: 'end with' },
        { value: 'equals', label: 'equal' },
        { value: 'regex', label: 'match the regular expression' },
      ],
    },
    path: { kind: 'text', label: 'Path pattern' },
    minTtlSeconds: { kind: 'seconds', label: 'Minimum TTL' },
  },
  params: z.object({
    operator: z
      .enum(['startswith', 'endswith', 'equals', 'regex'], {
        error: 'The path operator must be startswith, endswith, equals or regex.',
      })
      .default('startswith'),
    path: z.string().min(1, { error: 'Enter the static path pattern, for example /static/.' }).default('/static/'),
    minTtlSeconds: z
      .number()
      .int()
      .nonnegative({ error: 'The minimum TTL must be 0 or more seconds.' })
      .default(86_400),
  }),
});

export const adminDeniedParameters = describeParameters({
  id: 'admin-path-denied',
  fields: {
    path: { kind: 'text', label: 'Admin path' },
    allowedNetworks: {
      kind: 'list',
      itemLabel: 'network',
      label: 'Allowed networks',
      hint: 'IPv4 addresses or CIDR networks, such as 10.0.0.0/8; Enter adds one.',
    },
    includeAnonymousClients: {
      kind: 'switch',
      label: 'Also deny clients behind VPNs and proxies outside these networks',
    },
  },
  params: z.object({
    path: z
      .string()
      .startsWith('/', { error: 'The admin path must start with /, for example /admin.' })
      .default('/admin'),
    allowedNetworks: z
      .array(
        z.string().refine((v) => parseCidr(v) !== null, {
          message: 'Each allowed network must be an IPv4 address or CIDR network such as 10.0.0.0/8.',
        }),
      )
      .min(1, { error: 'Name at least one allowed network.' })
      .default(['10.0.0.0/8']),
    includeAnonymousClients: z
      .boolean()
      .default(true)
      .describe('Also require clients behind VPNs and proxies to be denied.'),
  }),
});

export const uniqueAccessPriorityParameters = describeParameters({
  id: 'unique-access-priorities',
  params: z.object({}),
  fields: {},
});

export const shadowedRuleParameters = describeParameters({
  id: 'no-shadowed-rule',
  fields: {
    kinds: {
      kind: 'choices',
      label: 'Kinds of rules checked',
      options: policyKinds.map((k) => ({ value: k, label: policyKindLabel[k] })),
    },
    trustListedAccessConditions: {
      kind: 'switch',
      label: 'Trust the access control conditions the version 1.0 list shows',
      hint: 'They may miss conditions set through a V2 edit.',
    },
  },
  params: z.object({
    kinds: z
      .array(z.enum(policyKinds, { error: 'Kinds must be cache, access or redirection.' }))
      .min(1, { error: 'Choose at least one kind of rule.' })
      .default([...policyKinds]),
    trustListedAccessConditions: z
      .boolean()
      .default(false)
      .describe(
        'Treat access control conditions read from the version 1.0 list as complete (they may miss conditions set through a V2 edit).',
      ),
  }),
});

export const staleDisabledPolicyParameters = describeParameters({
  id: 'no-stale-disabled-policy',
  fields: { maxDays: { kind: 'count', unit: 'days', label: 'Disabled for at most' } },
  params: z.object({
    maxDays: z.number().int().positive({ error: 'The number of days must be a positive whole number.' }).default(30),
  }),
});

export const idleServiceParameters = describeParameters({
  id: 'no-idle-enabled-service',
  fields: { days: { kind: 'count', unit: 'days', label: 'Period without requests' } },
  params: z.object({
    days: z.number().int().positive({ error: 'The number of days must be a positive whole number.' }).default(30),
  }),
});

const byId = new Map<string, AnyCheckParameters>(
  [
    httpsRedirectParameters,
    tlsProfileParameters,
    http2Parameters,
    httpsOriginsParameters,
    s3OverHttpsParameters,
    corsCredentialsParameters,
    rateLimitParameters,
    staticCacheParameters,
    adminDeniedParameters,
    uniqueAccessPriorityParameters,
    shadowedRuleParameters,
    staleDisabledPolicyParameters,
    idleServiceParameters,
  ].map((d) => [d.id, d]),
);

/** The checks that have parameters here: exactly the catalogue's checks (checks.test.ts). */
export const describedCheckIds: readonly string[] = [...byId.keys()];

export function checkParametersById(id: string): AnyCheckParameters | undefined {
  return byId.get(id);
}
