// The gateway's state, keyed by customer: every lookup of a service goes through the customer the
// access key is bound to, so one account never sees another's services (as on the real API).
import type {
  AccessKeyRecord,
  CorsHeaders,
  Customer,
  CustomerRecord,
  Origin,
  RateLimitConfig,
  SandboxState,
  Service,
  ServiceRecord,
  TrafficProfile,
} from './model.ts';
import { hashToUnit } from './prng.ts';
import { cNameFor, defaultPoliciesFor } from './provisioning.ts';
import type { TrafficChange } from './traffic-anomalies.ts';

const NO_CHANGES: readonly TrafficChange[] = [];

export interface NewServiceInput {
  domainName: string;
  origins: Origin[];
  defaultHostHeader: string;
  alternateDomainNames?: string[];
  streaming?: boolean;
  http2?: boolean;
  http3?: boolean;
  redirectHttpToHttps?: boolean;
  tlsProfile?: string;
  enabled?: boolean;
}

export class SandboxStore {
  private state: SandboxState;
  private readonly listeners = new Set<() => void>();
  // Run settings, not state: never saved, never in a snapshot.
  private trafficChanges = new Map<number, TrafficChange[]>();

  constructor(state: SandboxState) {
    this.state = state;
  }

  get seed(): number {
    return this.state.seed;
  }

  /** Registers a callback run after every mutation (persistence debounces on it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs a mutation and notifies listeners; every write to the state goes through here. */
  mutate<T>(fn: (state: SandboxState) => T): T {
    const result = fn(this.state);
    for (const listener of this.listeners) listener();
    return result;
  }

  /** Deep copy of the whole state (JSON), for persistence and tests. */
  snapshot(): SandboxState {
    return structuredClone(this.state);
  }

  findKey(accessKeyId: string): AccessKeyRecord | undefined {
    return this.state.keys.find((k) => k.accessKeyId === accessKeyId);
  }

  customer(customerId: number): CustomerRecord | undefined {
    return this.state.customers.find((c) => c.customer.id === customerId);
  }

  servicesOf(customerId: number): ServiceRecord[] {
    return this.state.services.filter((s) => s.customerId === customerId);
  }

  /** The customer's service with that ID; another customer's service is "not found" too. */
  service(customerId: number, serviceId: number): ServiceRecord | undefined {
    return this.state.services.find((s) => s.customerId === customerId && s.service.id === serviceId);
  }

  serviceByDomain(customerId: number, domainName: string): ServiceRecord | undefined {
    const wanted = domainName.toLowerCase();
    return this.state.services.find(
      (s) => s.customerId === customerId && s.service.domainName.toLowerCase() === wanted,
    );
  }

  /** The names (primary or alternate, any customer) already served, among those given. */
  takenDomainNames(names: readonly string[]): string[] {
    const used = new Set<string>();
    for (const record of this.state.services) {
      used.add(record.service.domainName.toLowerCase());
      for (const alt of record.service.alternateDomainNames) used.add(alt.toLowerCase());
    }
    return names.filter((n) => used.has(n.toLowerCase()));
  }

  createService(customerId: number, input: NewServiceInput, nowMs: number): ServiceRecord {
    return this.mutate((state) => {
      const id = state.nextServiceId++;
      const service: Service = {
        id,
        domainName: input.domainName,
        origins: structuredClone(input.origins),
        defaultHostHeader: input.defaultHostHeader,
        alternateDomainNames: [...(input.alternateDomainNames ?? [])],
        streaming: input.streaming ?? false,
        http2: input.http2 ?? true,
        http3: input.http3 ?? false,
        redirectHttpToHttps: input.redirectHttpToHttps ?? false,
        ...(input.tlsProfile !== undefined ? { tlsProfile: input.tlsProfile } : {}),
        enabled: input.enabled ?? true,
        cName: uniqueCName(state, cNameFor(input.domainName, customerId, id), id),
      };
      const defaults = defaultPoliciesFor(service.domainName, () => state.nextPolicyId++);
      const record: ServiceRecord = {
        service,
        customerId,
        createdAt: nowMs,
        traffic: newServiceTraffic(state.seed, id, nowMs),
        cacheControl: defaults.cacheControl,
        accessControl: [],
        redirections: defaults.redirections,
        cors: null,
        rateLimit: null,
      };
      state.services.push(record);
      return record;
    });
  }

  nextPolicyId(): number {
    return this.mutate((state) => state.nextPolicyId++);
  }

  /** In-process read of a service's CORS set (the API has no read operation for it). */
  corsOf(serviceId: number): CorsHeaders | null | undefined {
    return this.state.services.find((s) => s.service.id === serviceId)?.cors;
  }

  /** In-process read of a service's rate limit configuration (no read operation in the API). */
  rateLimitOf(serviceId: number): RateLimitConfig | null | undefined {
    return this.state.services.find((s) => s.service.id === serviceId)?.rateLimit;
  }

  /** The seed's customers in order, each with its access key (the first key bound to it). */
  seededCustomers(): Array<{ customer: Customer; key: AccessKeyRecord; services: ServiceRecord[] }> {
    return (this.state.seededCustomerIds ?? []).flatMap((id) => {
      const customer = this.customer(id)?.customer;
      const key = this.state.keys.find((k) => k.customerId === id);
      return customer && key ? [{ customer, key, services: this.servicesOf(id) }] : [];
    });
  }

  /** Replaces the injected traffic changes (by service ID). */
  setTrafficChanges(changes: Map<number, TrafficChange[]>): void {
    this.trafficChanges = changes;
  }

  trafficChangesOf(serviceId: number): readonly TrafficChange[] {
    return this.trafficChanges.get(serviceId) ?? NO_CHANGES;
  }

  /** Any customer's service record by ID, for tests and tools (never used by request handlers). */
  serviceById(serviceId: number): ServiceRecord | undefined {
    return this.state.services.find((s) => s.service.id === serviceId);
  }
}

/** Two names can slug alike (a.b-c.com, a-b.c.com): the later service's label gets its id. */
function uniqueCName(state: SandboxState, cName: string, serviceId: number): string {
  if (!state.services.some((s) => s.service.cName === cName)) return cName;
  const dot = cName.indexOf('.');
  return `${cName.slice(0, Math.min(dot, 63 - String(serviceId).length - 1))}-${serviceId}${cName.slice(dot)}`;
}

/** A service created through the API serves modest traffic from its creation on. */
function newServiceTraffic(seed: number, serviceId: number, nowMs: number): TrafficProfile {
  const r = hashToUnit(seed, serviceId, 7);
  return {
    bytesPer5Min: Math.round(20_000_000 + r * 80_000_000),
    avgObjectBytes: 40_000,
    cacheHitRatio: 0.85,
    utcOffsetHours: 1,
    weekendFactor: 0.7,
    burstChance: 0.02,
    startsAt: Math.ceil(nowMs / 300_000) * 300_000,
  };
}
