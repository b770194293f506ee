// Demo data: fixed, documented credentials and a realistic account, so every screen has something
// to show without a real API key. Nothing here is a real secret. What every new service gets
// (cName, default policies) is the gateway's rule, in provisioning.ts.
import { DAY_MS } from '#shared/time.ts';
import type {
  AccessControlPolicy,
  AccessKeyRecord,
  CustomerRecord,
  SandboxState,
  Service,
  ServiceRecord,
  TrafficProfile,
} from './model.ts';
import { cachePolicy, cNameFor, defaultPoliciesFor } from './provisioning.ts';

export const DEMO_CUSTOMER_ID = 1024;
export const DEMO_ACCESS_KEY_ID = 'SANDBOXDEMOKEY01';
export const DEMO_ACCESS_KEY_SECRET = 'sandbox-demo-secret-not-for-production-0001';

/** Key of a customer that exists but has no provision record: create service answers 500. */
export const UNPROVISIONED_CUSTOMER_ID = 2048;
export const UNPROVISIONED_ACCESS_KEY_ID = 'SANDBOXNOPROV01';
export const UNPROVISIONED_ACCESS_KEY_SECRET = 'sandbox-unprovisioned-secret-0001';

/** Key bound to customer ID 0 (no customer): the customer-scoped operations answer IdEmpty. */
export const NO_CUSTOMER_ACCESS_KEY_ID = 'SANDBOXNOCUST01';
export const NO_CUSTOMER_ACCESS_KEY_SECRET = 'sandbox-no-customer-secret-0001';

const FIRST_SERVICE_ID = 101;
const FIRST_POLICY_ID = 5001;

export interface SeedOptions {
  seed: number;
  nowMs: number;
  /** Further keys, each with its customer and a few seeded services of its own. */
  extraKeys?: readonly AccessKeyRecord[];
}

export function customerRecord(id: number, name: string, provisioned = true): CustomerRecord {
  return {
    customer: {
      id,
      name,
      partnership: 1,
      ingestDomain: null,
      industry: id === DEMO_CUSTOMER_ID ? 'E-commerce' : '',
      type: 2,
      region: 'EU',
      parentId: 0,
      onboardingType: 1,
    },
    provisioned,
  };
}

function accessPolicy(
  policyId: number,
  policyName: string,
  type: string,
  priority: number,
  matches: AccessControlPolicy['matches'],
  extra: Partial<AccessControlPolicy> = {},
): AccessControlPolicy {
  return { policyId, policyName, type, matches, priority, anonymousIp: false, enabled: true, ...extra };
}

function traffic(
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

interface ServiceSeed {
  service: Omit<Service, 'id' | 'cName'>;
  traffic: TrafficProfile | null;
  build?: (nextId: () => number, domainName: string) => Partial<Pick<ServiceRecord, 'cacheControl' | 'accessControl' | 'redirections' | 'cors' | 'rateLimit'>>;
}

function baseService(domainName: string, originUrl: string, extra: Partial<Service> = {}): Omit<Service, 'id' | 'cName'> {
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

// 64 characters of [0-9a-z], the token rule of the spec.
const TOKEN_A = 'sandboxdemotoken'.repeat(4);

function demoServices(nowMs: number): ServiceSeed[] {
  return [
    {
      service: baseService('www.example-shop.com', 'https://origin.example-shop.com', {
        alternateDomainNames: ['example-shop.com', 'm.example-shop.com'],
        origins: [
          { originUrl: 'https://origin.example-shop.com', sni: 'origin.example-shop.com', headers: { 'X-Edge': 'sandbox' } },
          { originUrl: 'https://origin-backup.example-shop.com' },
        ],
      }),
      traffic: traffic(nowMs, 900_000_000, 55_000, 0.9, { burstChance: 0.03 }),
      build: (nextId, domain) => ({
        cacheControl: [
          cachePolicy(nextId(), 'Static assets', 30, [
            { field: 'req.path', operator: 'regex', values: ['\\.(css|js|png|jpe?g|webp|svg|woff2)$'] },
          ], { ttl: 2_592_000, enableXCache: true, varyMIMEs: ['image/webp', 'image/avif'] }),
          cachePolicy(nextId(), 'Product images', 20, [
            { field: 'req.path', operator: 'startswith', values: ['/media/catalog/'] },
            { field: 'req.query', operator: 'regex', values: ['^w=\\d+$'] },
          ], { ttl: 604_800, ignoreQueryString: false, refererAcl: { aclType: 'whitelist', domainList: [domain, 'example-shop.com'] } }),
          cachePolicy(nextId(), 'Mobile HTML (V2 only)', 15, [
            { field: 'req.path', operator: 'endswith', values: ['.html'] },
            { field: 'req.header.user-agent', operator: 'iequals', values: ['mobile'] },
          ], { ttl: 300, responseHeaders: [{ name: 'X-Variant', operationType: 'add', value: 'mobile' }] }),
          cachePolicy(nextId(), 'Checkout never cached', 10, [
            { field: 'req.path', operator: 'startswith', values: ['/checkout', '/cart'] },
          ], { noCache: true, ignoreClientNoCache: false }),
        ],
        accessControl: [
          accessPolicy(nextId(), 'Block admin from outside', 'deny', 40, [
            { field: 'req.path', operator: 'startswith', values: ['/admin'] },
          ], { ipRestriction: '203.0.113.0/24,198.51.100.7' }),
          accessPolicy(nextId(), 'EU checkout only', 'allow', 30, [
            { field: 'req.path', operator: 'startswith', values: ['/checkout'] },
          ], { geoRestriction: 'AT,BE,DE,FR,NL' }),
          accessPolicy(nextId(), 'Signed downloads', 'token', 20, [
            { field: 'req.path', operator: 'startswith', values: ['/downloads/'] },
            { field: 'req.query', operator: 'regex', values: ['token=\\w+'] },
          ], { tokenSecret: TOKEN_A }),
          accessPolicy(nextId(), 'Office network (V2 only)', 'allow', 10, [
            { field: 'client.ip', operator: 'subnet', values: ['192.0.2.0/24'] },
            { field: 'req.path', operator: 'startswith', values: ['/internal/'] },
          ], { anonymousIp: false }),
        ],
        redirections: [
          {
            policyId: nextId(),
            policyName: 'Old blog to blog host',
            matches: [{ field: 'req.path', operator: 'startswith', values: ['/blog'] }],
            redirectDestination: 'https://blog.example-shop.com/',
            httpCode: 301,
            priority: 20,
            enabled: true,
          },
          {
            policyId: nextId(),
            policyName: 'Campaign landing',
            matches: [
              { field: 'req.path', operator: 'equals', values: ['/promo'] },
              { field: 'req.query', operator: 'equals', values: ['utm_source=newsletter'] },
            ],
            redirectDestination: 'https://www.example-shop.com/landing/winter',
            httpCode: 302,
            priority: 10,
            enabled: true,
          },
          {
            policyId: nextId(),
            policyName: 'Bare domain (V2 only)',
            matches: [{ field: 'req.host', operator: 'iequals', values: ['example-shop.com'] }],
            redirectDestination: 'https://www.example-shop.com/',
            httpCode: 301,
            priority: 5,
            enabled: true,
          },
        ],
        cors: { accessControlAllowOrigin: 'https://www.example-shop.com', accessControlAllowMethods: 'GET,HEAD,OPTIONS', accessControlMaxAge: 600 },
        rateLimit: { timeWindow: 60, requestLimit: 600, ignoreUrlPath: false, ignoreQueryString: true },
      }),
    },
    {
      service: baseService('static.example-media.net', 'https://media-bucket.s3.eu-central-1.storage.example', {
        defaultHostHeader: 'originHost',
        origins: [
          {
            originUrl: 'https://media-bucket.s3.eu-central-1.storage.example',
            s3Credential: {
              accessKey: 'SANDBOXS3ACCESSKEY',
              accessSecret: 'sandbox-s3-secret-not-real-0001',
              region: 'eu-central-1',
              dropQueryString: true,
            },
          },
        ],
      }),
      traffic: traffic(nowMs, 2_400_000_000, 450_000, 0.97, { weekendFactor: 0.9 }),
    },
    {
      service: baseService('api.example-shop.com', 'https://api-origin.example-shop.com:8443/v2', {
        defaultHostHeader: 'preserve',
        http3: true,
        tlsProfile: 'modern',
        origins: [
          { originUrl: 'https://api-origin.example-shop.com:8443/v2' },
          { originUrl: 'https://api-origin-dr.example-shop.com:8443/v2' },
        ],
      }),
      traffic: traffic(nowMs, 120_000_000, 3_000, 0.35, { weekendFactor: 0.5, burstChance: 0.04 }),
      build: (nextId) => ({
        cacheControl: [
          cachePolicy(nextId(), 'API responses not cached', 10, [
            { field: 'req.path', operator: 'startswith', values: ['/'] },
          ], { noCache: true, autoGzipDisable: true }),
        ],
        accessControl: [
          accessPolicy(nextId(), 'No anonymous proxies', 'deny', 10, [
            { field: 'req.path', operator: 'startswith', values: ['/'] },
          ], { anonymousIp: true }),
        ],
      }),
    },
    {
      service: baseService('legacy.example-shop.com', 'http://legacy-origin.example-shop.com', {
        enabled: false,
        tlsProfile: 'old',
        redirectHttpToHttps: false,
        http2: false,
      }),
      // Disabled ten days ago: history until then, nothing since.
      traffic: traffic(nowMs, 60_000_000, 25_000, 0.8, { endsAt: Math.floor((nowMs - 10 * DAY_MS) / DAY_MS) * DAY_MS }),
    },
    {
      service: baseService('downloads.example-media.net', 'https://files.example-media.net/releases', {
        streaming: true,
        alternateDomainNames: ['dl.example-media.net'],
      }),
      traffic: traffic(nowMs, 5_000_000_000, 80_000_000, 0.99, { burstChance: 0.06, utcOffsetHours: -5 }),
    },
    {
      service: baseService('staging.example-shop.com', 'https://staging-origin.example-shop.com', {
        tlsProfile: 'intermediate',
      }),
      // Idle: analytics answer empty lists.
      traffic: null,
    },
  ];
}

function otherCustomerServices(customerId: number, nowMs: number): ServiceSeed[] {
  const domain = `customer-${customerId}.example.org`;
  return [
    {
      service: baseService(`www.${domain}`, `https://origin.${domain}`),
      traffic: traffic(nowMs, 150_000_000, 30_000, 0.88),
    },
    {
      service: baseService(`assets.${domain}`, `https://assets-origin.${domain}`, { http3: true, tlsProfile: 'modern' }),
      traffic: traffic(nowMs, 400_000_000, 200_000, 0.95),
    },
    {
      service: baseService(`idle.${domain}`, `https://origin.${domain}`),
      traffic: null,
    },
  ];
}

function materialise(state: SandboxState, customerId: number, seeds: ServiceSeed[], nowMs: number): void {
  const nextId = (): number => state.nextPolicyId++;
  for (const s of seeds) {
    const id = state.nextServiceId++;
    const service: Service = { id, ...structuredClone(s.service), cName: cNameFor(s.service.domainName, customerId, id) };
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

/** Adds a key; its customer gets a record and seeded services the first time it appears. */
export function addAccessKey(state: SandboxState, key: AccessKeyRecord, nowMs: number): void {
  const existing = state.keys.find((k) => k.accessKeyId === key.accessKeyId);
  if (existing) {
    existing.accessKeySecret = key.accessKeySecret;
    existing.customerId = key.customerId;
  } else {
    state.keys.push({ ...key });
  }
  if (key.customerId === 0 || state.customers.some((c) => c.customer.id === key.customerId)) return;
  state.customers.push(customerRecord(key.customerId, `Sandbox Customer ${key.customerId}`));
  materialise(state, key.customerId, otherCustomerServices(key.customerId, nowMs), nowMs);
}

export function buildInitialState(options: SeedOptions): SandboxState {
  const state: SandboxState = {
    formatVersion: 1,
    seed: options.seed,
    nextServiceId: FIRST_SERVICE_ID,
    nextPolicyId: FIRST_POLICY_ID,
    customers: [
      customerRecord(DEMO_CUSTOMER_ID, 'Sandbox Demo Retail Ltd'),
      customerRecord(UNPROVISIONED_CUSTOMER_ID, 'Sandbox Unprovisioned Ltd', false),
    ],
    keys: [
      { accessKeyId: DEMO_ACCESS_KEY_ID, accessKeySecret: DEMO_ACCESS_KEY_SECRET, customerId: DEMO_CUSTOMER_ID },
      {
        accessKeyId: UNPROVISIONED_ACCESS_KEY_ID,
        accessKeySecret: UNPROVISIONED_ACCESS_KEY_SECRET,
        customerId: UNPROVISIONED_CUSTOMER_ID,
      },
      { accessKeyId: NO_CUSTOMER_ACCESS_KEY_ID, accessKeySecret: NO_CUSTOMER_ACCESS_KEY_SECRET, customerId: 0 },
    ],
    services: [],
  };
  materialise(state, DEMO_CUSTOMER_ID, demoServices(options.nowMs), options.nowMs);
  for (const key of options.extraKeys ?? []) addAccessKey(state, key, options.nowMs);
  return state;
}
