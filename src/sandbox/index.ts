// In-process entry point: startSandbox(options) → { url, credentials, services, stop }.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { FaultInjector, type FaultOptions } from './faults.ts';
import type { AccessKeyRecord } from './model.ts';
import { createStatePersister, loadState, removeStrayTempFiles, type StatePersister } from './persistence.ts';
import { seedFrom } from './prng.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
import {
  addAccessKey,
  buildInitialState,
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
} from './seed.ts';
import { createGatewayServer } from './server.ts';
import { SandboxStore } from './store.ts';

export type { FaultOptions, FaultSettings } from './faults.ts';
export type { RateLimitOptions } from './rate-limit.ts';
export { SandboxStore } from './store.ts';
// The `npm run sandbox` program, also run in-process by `accel sandbox`.
export { main as runSandboxCli } from './cli.ts';
export {
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
  NO_CUSTOMER_ACCESS_KEY_ID,
  NO_CUSTOMER_ACCESS_KEY_SECRET,
  UNPROVISIONED_ACCESS_KEY_ID,
  UNPROVISIONED_ACCESS_KEY_SECRET,
  UNPROVISIONED_CUSTOMER_ID,
} from './seed.ts';

export const DEFAULT_SEED = 20261122;

export interface SandboxCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  customerId: number;
}

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Only loopback addresses are accepted: the sandbox is never reachable from the network. */
  host?: string;
  /** Seed of the demo analytics and of the fault sequence (number or any string). */
  seed?: number | string;
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
  credentials: SandboxCredentials;
  /** The demo customer's services. */
  services: Array<{ id: number; domainName: string }>;
  /** In-process access to the state (CORS set, rate limit configuration, snapshots) for tests. */
  store: SandboxStore;
  /** Replaces the fault settings of the running gateway. */
  setFaults(faults: FaultOptions | undefined): void;
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

  if (options.statePath) mkdirSync(dirname(options.statePath), { recursive: true });
  let state = options.statePath ? loadState(options.statePath) : null;
  if (options.statePath) removeStrayTempFiles(options.statePath);
  const fresh = state === null;
  if (state === null) {
    state = buildInitialState({ seed, nowMs: nowMs(), extraKeys });
  } else {
    for (const key of extraKeys) addAccessKey(state, key, nowMs());
  }
  const store = new SandboxStore(state);

  let persister: StatePersister | undefined;
  if (options.statePath) {
    persister = createStatePersister(options.statePath, () => store.snapshot(), {
      debounceMs: options.persistDebounceMs,
      onError: (error) => options.log?.(`state save failed: ${error instanceof Error ? error.message : String(error)}`),
    });
    store.onChange(() => persister?.schedule());
    if (fresh || extraKeys.length > 0) {
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

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    credentials: { accessKeyId: DEMO_ACCESS_KEY_ID, accessKeySecret: DEMO_ACCESS_KEY_SECRET, customerId: DEMO_CUSTOMER_ID },
    services: store.servicesOf(DEMO_CUSTOMER_ID).map((s) => ({ id: s.service.id, domainName: s.service.domainName })),
    store,
    setFaults: (next) => faults.configure(next, seed),
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
