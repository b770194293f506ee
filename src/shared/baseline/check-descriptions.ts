// What each built-in check is, without how it is evaluated: its id, texts, parameter schema and
// editor fields. The baseline editor (renderer) needs only this; the evaluating checks (the
// *-checks.ts modules, for the core) are built on these descriptions.
import { z } from 'zod';
import { corsAllowOriginProblem } from '../api/formats.ts';
import { tlsProfiles } from '../api/schemas/service.ts';
import { parseCidr } from '../rules/ipv4.ts';
import type { PolicyKind } from '../rules/types.ts';
import type { AnyCheckDescription, CheckDescription } from './check-types.ts';

/** Keeps a description's parameter type, so its fields are checked against its schema. */
const describeCheck = <P extends z.ZodObject>(description: CheckDescription<P>): CheckDescription<P> => description;

const noParams = z.object({});
const BY_HAND =
  'The API cannot change a service’s settings: change it in the provider’s portal, then refresh the snapshot.';

const policyKinds = ['cache', 'access', 'redirection'] as const;
export const policyKindLabel: Record<PolicyKind, string> = {
  cache: 'Cache control',
  access: 'Access control',
  redirection: 'Redirection',
};

export const httpsRedirectDescription = describeCheck({
  id: 'https-redirect',
  title: 'HTTP→HTTPS redirect on',
  reason: 'Clients that type http:// should end up on an encrypted connection.',
  fixText: `Turn on “Redirect HTTP to HTTPS” for the service. ${BY_HAND}`,
  fixBy: 'by-hand',
  params: noParams,
  fields: {},
});

export const tlsProfileDescription = describeCheck({
  id: 'tls-profile',
  title: 'TLS profile not weak',
  reason: 'The old profile accepts outdated TLS versions and ciphers.',
  fixText: `Choose the intermediate (or modern) TLS profile. ${BY_HAND}`,
  fixBy: 'by-hand',
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

export const http2Description = describeCheck({
  id: 'http2',
  title: 'HTTP/2 on',
  reason: 'HTTP/2 multiplexes requests and makes pages load faster.',
  fixText: `Turn on HTTP/2 for the service. ${BY_HAND}`,
  fixBy: 'by-hand',
  params: noParams,
  fields: {},
});

export const httpsOriginsDescription = describeCheck({
  id: 'https-origins',
  title: 'Every origin uses HTTPS',
  reason: 'Requests from the edge to the origin should be encrypted too.',
  fixText: `Give every origin URL the https:// scheme (or leave the scheme out only when the service redirects HTTP to HTTPS). ${BY_HAND}`,
  fixBy: 'by-hand',
  params: noParams,
  fields: {},
});

export const s3OverHttpsDescription = describeCheck({
  id: 's3-credentials-https',
  title: 'S3 credentials only on HTTPS origins',
  reason: 'Signed storage requests over plain HTTP expose the request signature and the data.',
  fixText: `Use an https:// origin URL for every origin that carries S3 credentials. ${BY_HAND}`,
  fixBy: 'by-hand',
  params: noParams,
  fields: {},
});

export const corsCredentialsDescription = describeCheck({
  id: 'cors-no-wildcard-with-credentials',
  title: 'CORS never * with credentials',
  reason: 'Browsers refuse credentialed responses for *, and allowing any origin with credentials is a security hole.',
  fixText:
    'Name the allowed origin instead of *, or drop “Allow credentials”. A bulk plan sets the corrected CORS headers.',
  fixBy: 'api',
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

export const rateLimitDescription = describeCheck({
  id: 'rate-limit-applied',
  title: 'A rate limit is applied',
  reason: 'Without a rate limit one client can flood the origin.',
  fixText: 'Set a rate limit (requests per client IP per time window). A bulk plan sets it on every failing service.',
  fixBy: 'api',
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

export const staticCacheDescription = describeCheck({
  id: 'static-cache-ttl',
  title: 'Static paths cached long enough',
  reason: 'Static files that are not cached at the edge send every request to the origin.',
  fixText:
    'Raise the TTL of the cache control policy that takes these paths (a bulk plan edits it where it exists). The API cannot create cache control policies: where none covers the paths, add one in the provider’s portal.',
  fixBy: 'api',
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

export const adminDeniedDescription = describeCheck({
  id: 'admin-path-denied',
  title: 'Admin path denied outside allowed networks',
  reason: 'An admin area reachable from anywhere invites password guessing and exploits.',
  fixText:
    'Block the admin path for everyone outside the allowed networks. The Fix adds a deny access rule that lets only those networks through: one for clients on a direct connection and, when asked, one for clients behind VPNs and proxies.',
  fixBy: 'api',
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

export const uniqueAccessPriorityDescription = describeCheck({
  id: 'unique-access-priorities',
  title: 'No two access rules with the same priority',
  reason: 'With equal priorities, which access rule decides is not defined by the API.',
  fixText:
    'Give each access control policy its own priority in its editor (Policies → Access control), then refresh the snapshot.',
  fixBy: 'by-hand',
  params: z.object({}),
  fields: {},
});

export const shadowedRuleDescription = describeCheck({
  id: 'no-shadowed-rule',
  title: 'No shadowed rule',
  reason: 'A rule that can never win is dead configuration and usually hides a mistake.',
  fixText:
    'Raise the shadowed rule’s priority above the rule that always matches first, narrow that rule, or delete the shadowed one (the API cannot delete policies: use the provider’s portal).',
  fixBy: 'by-hand',
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

export const staleDisabledPolicyDescription = describeCheck({
  id: 'no-stale-disabled-policy',
  title: 'No disabled policy left behind',
  reason: 'Policies disabled long ago clutter the configuration and get re-enabled by mistake.',
  fixText:
    'Delete the policy in the provider’s portal (the API cannot delete policies), or enable it again if it is still needed.',
  fixBy: 'by-hand',
  fields: { maxDays: { kind: 'count', unit: 'days', label: 'Disabled for at most' } },
  params: z.object({
    maxDays: z.number().int().positive({ error: 'The number of days must be a positive whole number.' }).default(30),
  }),
});

export const idleServiceDescription = describeCheck({
  id: 'no-idle-enabled-service',
  title: 'No enabled service without traffic',
  reason: 'An enabled service nobody uses still carries certificates, origins and rules to maintain.',
  fixText:
    'Disable or remove the service in the provider’s portal (the API cannot change or delete services), or find out why it gets no requests.',
  fixBy: 'by-hand',
  fields: { days: { kind: 'count', unit: 'days', label: 'Period without requests' } },
  params: z.object({
    days: z.number().int().positive({ error: 'The number of days must be a positive whole number.' }).default(30),
  }),
});

const byId = new Map<string, AnyCheckDescription>(
  [
    httpsRedirectDescription,
    tlsProfileDescription,
    http2Description,
    httpsOriginsDescription,
    s3OverHttpsDescription,
    corsCredentialsDescription,
    rateLimitDescription,
    staticCacheDescription,
    adminDeniedDescription,
    uniqueAccessPriorityDescription,
    shadowedRuleDescription,
    staleDisabledPolicyDescription,
    idleServiceDescription,
  ].map((d) => [d.id, d]),
);

export function checkDescriptionById(id: string): AnyCheckDescription | undefined {
  return byId.get(id);
}
