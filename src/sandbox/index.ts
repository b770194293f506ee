// In-process entry point: startSandbox(options) → { url, credentials, services, customers, stop }.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { FaultInjector, type FaultOptions } from './faults.ts';
import type { AccessKeyRecord } from './model.ts';
import { createStatePersister, loadState, removeStrayTempFiles, type StatePersister } from './persistence.ts';
import { seedFrom } from './prng.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
import { domainNameSchema } from '#shared/api/schemas/service.ts';
import {
  addAccessKey,
  buildInitialState,
  DEFAULT_SEED,
  ensureSeededCustomers,
  ensureSharedDomain,
  seededCustomerIdsOf,
} from './seed.ts';
import { createGatewayServer } from './server.ts';
import { SandboxStore } from './store.ts';
import { resolveTrafficAnomalies, type TrafficAnomaly } from './traffic-anomalies.ts';

export type { FaultOptions, FaultSettings } from './faults.ts';
export type { TrafficAnomaly, TrafficAnomalyMetric } from './traffic-anomalies.ts';
export { trafficAnomalyMetrics } from './traffic-anomalies.ts';
export type { RateLimitOptions } from './rate-limit.ts';
export { SandboxStore } from './store.ts';
// The `npm run sandbox` program, also run in-process by `accel sandbox`.
export { main as runSandboxCli } from './cli.ts';
export {
  DEFAULT_SEED,
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
  NO_CUSTOMER_ACCESS_KEY_ID,
  NO_CUSTOMER_ACCESS_KEY_SECRET,
  UNPROVISIONED_ACCESS_KEY_ID,
  UNPROVISIONED_ACCESS_KEY_SECRET,
  UNPROVISIONED_CUSTOMER_ID,
} from './seed.ts';

/** Most customers one gateway generates (`customers`). */
export const MAX_SANDBOX_CUSTOMERS = 200;

export interface SandboxCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  customerId: number;
}

/** One of the customers the seed gave the gateway, with its own access key. */
export interface SandboxCustomer {
  customerId: number;
  name: string;
  credentials: SandboxCredentials;
  /** Its services when the gateway started. */
  services: Array<{ id: number; domainName: string }>;
}

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Only loopback addresses are accepted: the sandbox is never reachable from the network. */
  host?: string;
  /**
   * Seed of the customers, the analytics and the fault sequence (number or any string). The
   * default seed serves the demo customer 1024; any other seed a generated customer of its own.
   */
  seed?: number | string;
  /** How many customers the seed gives, each with its own access key (1..200; default 1, or 2 with sharedDomain). */
  customers?: number;
  /**
   * A domain name several customers serve, each as a service of its own: every customer of the
   * gateway, or the first `customers` of them (at least two).
   */
  sharedDomain?: string | { domainName: string; customers?: number };
  /** Changes injected into services' traffic from a given time (a drop, a spike). */
  anomalies?: readonly TrafficAnomaly[];
  /** Keep state in this JSON file across restarts; default in memory only. */
  statePath?: string;
  /** Debounce of state file writes (ms). */
  persistDebounceMs?: number;
  faults?: FaultOptions;
  /** Gateway rate limit per access key; false lifts it. Default 100/minute and 1000/hour. */
  rateLimit?: RateLimitOptions | false;
  /** Gateway clock (tests move it); default Date.now. */
  now?: () => Date | number;
  /** Request log lines (never contain secrets); default silent. */
  log?: (line: string) => void;
  /** Further access keys; a key's customer gets its own seeded services the first time it appears. */
  keys?: readonly SandboxCredentials[];
}

export interface SandboxHandle {
  url: string;
  /** The first customer's key (the demo key with the default seed). */
  credentials: SandboxCredentials;
  /** The first customer's services. */
  services: Array<{ id: number; domainName: string }>;
  /** Every customer the seed gave the gateway, the first one first. */
  customers: SandboxCustomer[];
  /** In-process access to the state (CORS set, rate limit configuration, snapshots) for tests. */
  store: SandboxStore;
  /** Replaces the fault settings of the running gateway. */
  setFaults(faults: FaultOptions | undefined): void;
  /** Replaces the injected traffic changes (throws, naming the field, on a bad one). */
  setAnomalies(anomalies: readonly TrafficAnomaly[]): void;
  /** Writes a pending state save now (no-op without statePath). */
  flush(): void;
  stop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`startSandbox: host must be a loopback address, not ${host}`);
  const clock = options.now ?? (() => Date.now());
  const nowMs = (): number => {
    const v = clock();
    return typeof v === 'number' ? v : v.getTime();
  };
  const seed = seedFrom(options.seed ?? DEFAULT_SEED);
  const extraKeys: AccessKeyRecord[] = (options.keys ?? []).map((k) => ({ ...k }));
  const shared = sharedDomainOption(options.sharedDomain);
  const customers = customerCount(options.customers, shared !== undefined);

  if (options.statePath) mkdirSync(dirname(options.statePath), { recursive: true });
  let state = options.statePath ? loadState(options.statePath) : null;
  if (options.statePath) removeStrayTempFiles(options.statePath);
  const fresh = state === null;
  state ??= buildInitialState({ seed, nowMs: nowMs(), customers });
  // A saved state keeps its customers; options only add what it lacks.
  let added = ensureSeededCustomers(state, customers, nowMs());
  if (shared) {
    const total = seededCustomerIdsOf(state).length;
    const count = shared.customers ?? total;
    if (!Number.isInteger(count) || count < 2 || count > total) {
      throw new Error(
        `startSandbox: sharedDomain.customers must be a whole number from 2 to ${total} (the gateway's customers)`,
      );
    }
    added = ensureSharedDomain(state, { domainName: shared.domainName, customers: count }, nowMs()) || added;
  }
  for (const key of extraKeys) addAccessKey(state, key, nowMs());
  const store = new SandboxStore(state);
  store.setTrafficChanges(resolveTrafficAnomalies(options.anomalies ?? [], (id) => store.serviceById(id)));

  let persister: StatePersister | undefined;
  if (options.statePath) {
    persister = createStatePersister(options.statePath, () => store.snapshot(), {
      debounceMs: options.persistDebounceMs,
      onError: (error) => options.log?.(`state save failed: ${error instanceof Error ? error.message : String(error)}`),
    });
    store.onChange(() => persister?.schedule());
    if (fresh || added || extraKeys.length > 0) {
      persister.schedule();
      persister.flush();
    }
  }

  const faults = new FaultInjector(options.faults, seed);
  const server = createGatewayServer({
    store,
    faults,
    rateLimiter: createRateLimiter(options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit),
    nowMs,
    log: options.log,
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const seeded: SandboxCustomer[] = store.seededCustomers().map(({ customer, key, services }) => ({
    customerId: customer.id,
    name: customer.name,
    credentials: { accessKeyId: key.accessKeyId, accessKeySecret: key.accessKeySecret, customerId: customer.id },
    services: services.map((s) => ({ id: s.service.id, domainName: s.service.domainName })),
  }));
  const first = seeded[0];
  if (!first) throw new Error('startSandbox: the state has no customer with an access key');

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    credentials: first.credentials,
    services: first.services,
    customers: seeded,
    store,
    setFaults: (next) => faults.configure(next, seed),
    setAnomalies: (next) => store.setTrafficChanges(resolveTrafficAnomalies(next, (id) => store.serviceById(id))),
    flush: () => persister?.flush(),
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // In-flight slow responses get a moment, then every connection is closed.
        setTimeout(() => server.closeAllConnections(), 500).unref();
      }).then(() => persister?.close());
      return stopped;
    },
  };
}

function customerCount(value: number | undefined, sharedDomain: boolean): number {
  if (value === undefined) return sharedDomain ? 2 : 1;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SANDBOX_CUSTOMERS) {
    throw new Error(`startSandbox: customers must be a whole number from 1 to ${MAX_SANDBOX_CUSTOMERS}, not ${value}`);
  }
  if (sharedDomain && value < 2)
    throw new Error('startSandbox: sharedDomain needs at least two customers (customers: 2 or more)');
  return value;
}

function sharedDomainOption(
  value: SandboxOptions['sharedDomain'],
): { domainName: string; customers?: number } | undefined {
  if (value === undefined) return undefined;
  const option = typeof value === 'string' ? { domainName: value } : value;
  const checked = domainNameSchema('sharedDomain').safeParse(option.domainName);
  if (!checked.success)
    throw new Error(`startSandbox: ${checked.error.issues[0]?.message ?? 'sharedDomain must be a domain name'}`);
  return { ...option, domainName: checked.data };
}
