// Small builders of seeded records, shared by the demo customer (seed.ts) and the customers a seed
// generates (seed-customers.ts): a service with the gateway's defaults, a traffic profile, an
// access control policy, and the step that turns service seeds into stored records.
import { DAY_MS } from '#shared/time.ts';
import type {
  AccessControlPolicy,
  Customer,
  CustomerRecord,
  SandboxState,
  Service,
  ServiceRecord,
  TrafficProfile,
} from './model.ts';
import { cNameFor, defaultPoliciesFor } from './provisioning.ts';

export interface ServiceSeed {
  service: Omit<Service, 'id' | 'cName'>;
  traffic: TrafficProfile | null;
  build?: (
    nextId: () => number,
    domainName: string,
  ) => Partial<Pick<ServiceRecord, 'cacheControl' | 'accessControl' | 'redirections' | 'cors' | 'rateLimit'>>;
}

export function customerRecord(
  id: number,
  name: string,
  provisioned = true,
  extra: Partial<Pick<Customer, 'industry' | 'region' | 'ingestDomain'>> = {},
): CustomerRecord {
  return {
    customer: {
      id,
      name,
      partnership: 1,
      ingestDomain: extra.ingestDomain ?? null,
      industry: extra.industry ?? '',
      type: 2,
      region: extra.region ?? 'EU',
      parentId: 0,
      onboardingType: 1,
    },
    provisioned,
  };
}

export function accessPolicy(
  policyId: number,
  policyName: string,
  type: string,
  priority: number,
  matches: AccessControlPolicy['matches'],
  extra: Partial<AccessControlPolicy> = {},
): AccessControlPolicy {
  return { policyId, policyName, type, matches, priority, anonymousIp: false, enabled: true, ...extra };
}

export function traffic(
  nowMs: number,
  bytesPer5Min: number,
  avgObjectBytes: number,
  cacheHitRatio: number,
  extra: Partial<TrafficProfile> = {},
): TrafficProfile {
  return {
    bytesPer5Min,
    avgObjectBytes,
    cacheHitRatio,
    utcOffsetHours: 1,
    weekendFactor: 0.65,
    burstChance: 0.015,
    // Older than the 90-day analytics window, so every seeded service with traffic has full history.
    startsAt: Math.floor((nowMs - 400 * DAY_MS) / DAY_MS) * DAY_MS,
    ...extra,
  };
}

export function baseService(
  domainName: string,
  originUrl: string,
  extra: Partial<Service> = {},
): Omit<Service, 'id' | 'cName'> {
  return {
    domainName,
    origins: [{ originUrl }],
    defaultHostHeader: 'originHost',
    alternateDomainNames: [],
    streaming: false,
    http2: true,
    http3: false,
    redirectHttpToHttps: true,
    tlsProfile: 'intermediate',
    enabled: true,
    ...extra,
  };
}

/** Stores the seeded services of a customer, with ids from the state's counters. */
export function materialise(
  state: SandboxState,
  customerId: number,
  seeds: readonly ServiceSeed[],
  nowMs: number,
): void {
  const nextId = (): number => state.nextPolicyId++;
  for (const s of seeds) {
    const id = state.nextServiceId++;
    const service: Service = {
      id,
      ...structuredClone(s.service),
      cName: cNameFor(s.service.domainName, customerId, id),
    };
    const defaults = defaultPoliciesFor(service.domainName, nextId);
    const built = s.build?.(nextId, service.domainName) ?? {};
    state.services.push({
      service,
      customerId,
      createdAt: s.traffic?.startsAt ?? Math.floor((nowMs - 30 * DAY_MS) / DAY_MS) * DAY_MS,
      traffic: s.traffic,
      cacheControl: built.cacheControl ?? defaults.cacheControl,
      accessControl: built.accessControl ?? [],
      redirections: built.redirections ?? defaults.redirections,
      cors: built.cors ?? null,
      rateLimit: built.rateLimit ?? null,
    });
  }
}

/** Lowercase words joined by '-': "Acme Retail" → "acme-retail". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
