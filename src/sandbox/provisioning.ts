// The gateway's provisioning rules: what a new service gets (its cName and the default policies
// the API cannot create). The store applies them to every created service; the demo data
// (seed.ts) builds its services with them too.
import type { CacheControlPolicy, RedirectionPolicy } from './model.ts';
import { cacheControlSwitchDefaults } from '#shared/api/policy-defaults.ts';

export const CNAME_SUFFIX = 'cdn.sandbox.example';

/** `<domain with dots as dashes>.<customerId>.cdn.sandbox.example`, label cut to 63 characters. */
export function cNameFor(domainName: string, customerId: number, serviceId: number): string {
  let slug = domainName
    .toLowerCase()
    .replace(/^\*\./, 'wildcard.')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Domain names are unique, but two long ones may share their first 63 characters.
  if (slug.length > 63) slug = `${slug.slice(0, 63 - String(serviceId).length - 1)}-${serviceId}`;
  return `${slug || `svc-${serviceId}`}.${customerId}.${CNAME_SUFFIX}`;
}

/** Policies every new service starts with (the API cannot create cache control or redirection policies). */
export function defaultPoliciesFor(
  domainName: string,
  nextId: () => number,
): { cacheControl: CacheControlPolicy[]; redirections: RedirectionPolicy[] } {
  return {
    cacheControl: [
      cachePolicy(
        nextId(),
        'Static assets',
        20,
        [{ field: 'req.path', operator: 'regex', values: ['\\.(css|js|mjs|png|jpe?g|gif|svg|webp|avif|woff2?)$'] }],
        { ttl: 604_800, enableXCache: true },
      ),
      cachePolicy(nextId(), 'Default', 1, [{ field: 'req.path', operator: 'startswith', values: ['/'] }], {
        ttl: 3_600,
      }),
    ],
    redirections: [
      {
        policyId: nextId(),
        policyName: 'Placeholder redirect (edit me)',
        matches: [{ field: 'req.path', operator: 'equals', values: ['/old-home'] }],
        redirectDestination: `https://${domainName}/`,
        httpCode: 301,
        priority: 1,
        enabled: false,
      },
    ],
  };
}

/** A cache control policy with the API's switch defaults, as the gateway stores it. */
export function cachePolicy(
  policyId: number,
  policyName: string,
  priority: number,
  matches: CacheControlPolicy['matches'],
  extra: Partial<CacheControlPolicy> = {},
): CacheControlPolicy {
  return {
    policyId,
    policyName,
    priority,
    matches,
    ...cacheControlSwitchDefaults,
    ...extra,
  };
}
