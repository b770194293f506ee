// Test helper: a service configuration as an export would hold it (small, every part present).
import { LAST_APPLIED_NOTE, type ServiceConfig } from '../schema.ts';

export const TOKEN = 'abcdefghij0123456789'.repeat(3).slice(0, 60) + 'wxyz';

export function serviceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    source: { accountName: 'Acme', serviceId: 101 },
    service: {
      id: 101,
      domainName: 'www.example.com',
      cName: 'www.example.com.cdn.example.net',
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
      alternateDomainNames: [],
      streaming: false,
      http2: true,
      http3: false,
      redirectHttpToHttps: true,
      tlsProfile: 'intermediate',
      enabled: true,
    },
    cacheControlPolicies: [
      {
        policyId: 11,
        policyName: 'Static assets',
        priority: 20,
        matches: [{ field: 'req.path', operator: 'regex', values: ['\\.css$'] }],
        matchUrlPath: { operator: 'regex', patterns: ['\\.css$'] },
        ttl: 600,
        autoGzipDisable: false,
        enabled: true,
      },
    ],
    accessControlPolicies: [
      {
        policyId: 21,
        policyName: 'Block admin',
        type: 'deny',
        priority: 10,
        matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
        ipRestriction: '203.0.113.0/24',
        anonymousIp: false,
        enabled: true,
      },
    ],
    redirectionPolicies: [
      {
        policyId: 31,
        policyName: 'Old blog',
        priority: 5,
        matches: [{ field: 'req.path', operator: 'startswith', values: ['/blog'] }],
        redirectDestination: 'https://blog.example.com/',
        httpCode: 301,
        enabled: true,
      },
    ],
    lastAppliedFromThisApp: {
      note: LAST_APPLIED_NOTE,
      cors: {
        appliedAt: '2026-11-20T10:00:00.000Z',
        headers: { accessControlAllowOrigin: '*', accessControlMaxAge: 600 },
      },
      rateLimit: { appliedAt: '2026-11-20T10:05:00.000Z', rateLimit: { timeWindow: 60, requestLimit: 100 } },
    },
    ...overrides,
  };
}

/** The same configuration on another service (other IDs, other domain): applying it changes nothing. */
export function sameConfigElsewhere(config: ServiceConfig): ServiceConfig {
  const copy = structuredClone(config);
  copy.source = { accountName: 'Globex', serviceId: 901 };
  copy.service = {
    ...copy.service,
    id: 901,
    domainName: 'www.globex.example',
    cName: 'www.globex.example.cdn.example.net',
  };
  copy.cacheControlPolicies = copy.cacheControlPolicies.map((p, i) => ({ ...p, policyId: 9100 + i }));
  copy.accessControlPolicies = copy.accessControlPolicies.map((p, i) => ({ ...p, policyId: 9200 + i }));
  copy.redirectionPolicies = copy.redirectionPolicies.map((p, i) => ({ ...p, policyId: 9300 + i }));
  return copy;
}
