// Builds snapshot configurations and check targets for the baseline tests.
import type { ServiceConfig } from '#shared/config-document/schema.ts';
import type { CheckTarget, SnapshotFacts } from '../check-types.ts';

export type ConfigOverrides = {
  service?: Partial<ServiceConfig['service']>;
  cacheControlPolicies?: ServiceConfig['cacheControlPolicies'];
  accessControlPolicies?: ServiceConfig['accessControlPolicies'];
  redirectionPolicies?: ServiceConfig['redirectionPolicies'];
  lastAppliedFromThisApp?: Partial<ServiceConfig['lastAppliedFromThisApp']>;
};

export function serviceConfig(overrides: ConfigOverrides = {}, serviceId = 101): ServiceConfig {
  return {
    source: { accountName: 'Acme', serviceId },
    service: {
      id: serviceId,
      domainName: `s${serviceId}.example.com`,
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
      http2: true,
      redirectHttpToHttps: true,
      tlsProfile: 'intermediate',
      enabled: true,
      ...overrides.service,
    },
    cacheControlPolicies: overrides.cacheControlPolicies ?? [],
    accessControlPolicies: overrides.accessControlPolicies ?? [],
    redirectionPolicies: overrides.redirectionPolicies ?? [],
    lastAppliedFromThisApp: { note: '', cors: null, rateLimit: null, ...overrides.lastAppliedFromThisApp },
  };
}

export const NOW = Date.parse('2026-11-23T12:00:00Z');

export function target(config: ServiceConfig, facts: Partial<SnapshotFacts> = {}): CheckTarget {
  return {
    accountId: 'acme',
    serviceId: config.source.serviceId,
    config,
    snapshotAt: new Date(NOW).toISOString(),
    facts: { disabledSince: {}, traffic: null, ...facts },
  };
}
