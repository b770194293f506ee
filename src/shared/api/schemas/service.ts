import { z } from 'zod';
import { isDomainName } from '../formats.ts';
import { bool, idParam, nonEmptyArray, oneOf, requiredText } from './common.ts';
import { originResponseSchema, originSchema } from './origin.ts';

export const defaultHostHeaders = ['preserve', 'originHost'] as const;
export type DefaultHostHeader = (typeof defaultHostHeaders)[number];

export const tlsProfiles = ['modern', 'intermediate', 'old'] as const;
export type TlsProfile = (typeof tlsProfiles)[number];

export const serviceParamsSchema = z.object({ serviceId: idParam('Service ID') });
export const servicePolicyParamsSchema = z.object({ serviceId: idParam('Service ID'), policyId: idParam('Policy ID') });

/** A service domain name; a leading `*.` wildcard label is allowed (docs/api-decisions.md). */
export function domainNameSchema(label: string) {
  return requiredText(label).refine((v) => isDomainName(v, { wildcard: true }), {
    message: `${label} must be a domain name such as www.example.com (a leading *. is allowed), without scheme, port or path.`,
  });
}

/**
 * Body of operation 2. The server applies the documented defaults (streaming false,
 * http2 true, http3 false, redirectHttpToHttps false, enabled true), so they are .default()s here.
 */
export const createServiceBodySchema = z.object(
  {
    domainName: domainNameSchema('Domain name').describe(
      'Primary domain name to accelerate (DNS name, a leading *. allowed); unique (409 InvalidService.DomainName).',
    ),
    origins: nonEmptyArray('Origins', originSchema, 'at least one origin').describe(
      'Origin servers in priority order: the first is primary, later ones are fallbacks.',
    ),
    defaultHostHeader: oneOf('Default host header', defaultHostHeaders).describe(
      'preserve: keep the host header and SNI of the original request; originHost: use the host of the origin URL. Applies when no explicit host header or SNI is configured.',
    ),
    alternateDomainNames: z
      .array(domainNameSchema('Alternate domain name'), {
        error: 'Alternate domain names must be a list of domain names.',
      })
      .describe('Alternate domain names.')
      .optional(),
    streaming: bool('Streaming').default(false).describe('Combine several client requests into one origin request.'),
    http2: bool('HTTP/2').default(true),
    http3: bool('HTTP/3').default(false),
    redirectHttpToHttps: bool('Redirect HTTP to HTTPS').default(false),
    tlsProfile: oneOf('TLS profile', tlsProfiles)
      .describe('modern: TLS 1.3 only; intermediate: recommended for most; old: maximum compatibility.')
      .optional(),
    enabled: bool('Enabled').default(true),
  },
  { error: 'Service settings are missing; fill in the service form.' },
);
export type CreateServiceBody = z.input<typeof createServiceBodySchema>;

/** Response of operations 2 and 3 (id and cName included). Lenient. */
export const serviceSchema = z.looseObject({
  id: z.number().int(),
  domainName: z.string(),
  origins: z.array(originResponseSchema).optional(),
  defaultHostHeader: z.string().optional(),
  alternateDomainNames: z.array(z.string()).optional(),
  streaming: z.boolean().optional(),
  http2: z.boolean().optional(),
  http3: z.boolean().optional(),
  redirectHttpToHttps: z.boolean().optional(),
  tlsProfile: z.string().optional(),
  enabled: z.boolean().optional(),
  cName: z.string().optional(),
});
export type Service = z.output<typeof serviceSchema>;
