// Demo data: fixed, documented credentials and a realistic account, so every screen has something
// to show without a real API key, and the assembly of a gateway's first state: the default seed
// serves the demo customer, any other seed a customer of its own (seed-customers.ts), optionally
// with more customers and a domain several of them share. Nothing here is a real secret. What every
// new service gets (cName, default policies) is the gateway's rule, in provisioning.ts.
import { DAY_MS } from '#shared/time.ts';
import type { AccessKeyRecord, SandboxState } from './model.ts';
import { seedFrom } from './prng.ts';
import { cachePolicy } from './provisioning.ts';
import {
  firstGeneratedServiceId,
  generatedCustomer,
  sharedDomainService,
  type GeneratedCustomer,
} from './seed-customers.ts';
import { accessPolicy, baseService, customerRecord, materialise, traffic, type ServiceSeed } from './seed-builders.ts';

/** The seed the app and `npm run sandbox` use when none is given: it serves the demo customer. */
export const DEFAULT_SEED = 20261122;
const DEMO_SEED = seedFrom(DEFAULT_SEED);

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

// 64 characters of [0-9a-z], the token rule of the spec.
const TOKEN_A = 'sandboxdemotoken'.repeat(4);

function demoServices(nowMs: number): ServiceSeed[] {
  return [
    {
      service: baseService('www.example-shop.com', 'https://origin.example-shop.com', {
        alternateDomainNames: ['example-shop.com', 'm.example-shop.com'],
        origins: [
          {
            originUrl: 'https://origin.example-shop.com',
            sni: 'origin.example-shop.com',
            headers: { 'X-Edge': 'sandbox' },
          },
          { originUrl: 'https://origin-backup.example-shop.com' },
        ],
      }),
      traffic: traffic(nowMs, 900_000_000, 55_000, 0.9, { burstChance: 0.03 }),
      build: (nextId, domain) => ({
        cacheControl: [
          cachePolicy(
            nextId(),
            'Static assets',
            30,
            [{ field: 'req.path', operator: 'regex', values: ['\\.(css|js|png|jpe?g|webp|svg|woff2)$'] }],
            { ttl: 2_592_000, enableXCache: true, varyMIMEs: ['image/webp', 'image/avif'] },
          ),
          cachePolicy(
            nextId(),
            'Product images',
            20,
            [
              { field: 'req.path', operator: 'startswith', values: ['/media/catalog/'] },
              { field: 'req.query', operator: 'regex', values: ['^w=\\d+$'] },
            ],
            {
              ttl: 604_800,
              ignoreQueryString: false,
              refererAcl: { aclType: 'whitelist', domainList: [domain, 'example-shop.com'] },
            },
          ),
          cachePolicy(
            nextId(),
            'Mobile HTML (V2 only)',
            15,
            [
              { field: 'req.path', operator: 'endswith', values: ['.html'] },
              { field: 'req.header.user-agent', operator: 'iequals', values: ['mobile'] },
            ],
            { ttl: 300, responseHeaders: [{ name: 'X-Variant', operationType: 'add', value: 'mobile' }] },
          ),
          cachePolicy(
            nextId(),
            'Checkout never cached',
            10,
            [{ field: 'req.path', operator: 'startswith', values: ['/checkout', '/cart'] }],
            { noCache: true, ignoreClientNoCache: false },
          ),
        ],
        accessControl: [
          accessPolicy(
            nextId(),
            'Block admin from outside',
            'deny',
            40,
            [{ field: 'req.path', operator: 'startswith', values: ['/admin'] }],
            { ipRestriction: '203.0.113.0/24,198.51.100.7' },
          ),
          accessPolicy(
            nextId(),
            'EU checkout only',
            'allow',
            30,
            [{ field: 'req.path', operator: 'startswith', values: ['/checkout'] }],
            { geoRestriction: 'AT,BE,DE,FR,NL' },
          ),
          accessPolicy(
            nextId(),
            'Signed downloads',
            'token',
            20,
            [
              { field: 'req.path', operator: 'startswith', values: ['/downloads/'] },
              { field: 'req.query', operator: 'regex', values: ['token=\\w+'] },
            ],
            { tokenSecret: TOKEN_A },
          ),
          accessPolicy(
            nextId(),
            'Office network (V2 only)',
            'allow',
            10,
            [
              { field: 'client.ip', operator: 'subnet', values: ['192.0.2.0/24'] },
              { field: 'req.path', operator: 'startswith', values: ['/internal/'] },
            ],
            { anonymousIp: false },
          ),
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
        cors: {
          accessControlAllowOrigin: 'https://www.example-shop.com',
          accessControlAllowMethods: 'GET,HEAD,OPTIONS',
          accessControlMaxAge: 600,
        },
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
          cachePolicy(
            nextId(),
            'API responses not cached',
            10,
            [{ field: 'req.path', operator: 'startswith', values: ['/'] }],
            { noCache: true, autoGzipDisable: true },
          ),
        ],
        accessControl: [
          accessPolicy(
            nextId(),
            'No anonymous proxies',
            'deny',
            10,
            [{ field: 'req.path', operator: 'startswith', values: ['/'] }],
            { anonymousIp: true },
          ),
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
      service: baseService(`assets.${domain}`, `https://assets-origin.${domain}`, {
        http3: true,
        tlsProfile: 'modern',
      }),
      traffic: traffic(nowMs, 400_000_000, 200_000, 0.95),
    },
    {
      service: baseService(`idle.${domain}`, `https://origin.${domain}`),
      traffic: null,
    },
  ];
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

const demoCustomer: GeneratedCustomer = {
  record: customerRecord(DEMO_CUSTOMER_ID, 'Sandbox Demo Retail Ltd', true, { industry: 'E-commerce' }),
  key: { accessKeyId: DEMO_ACCESS_KEY_ID, accessKeySecret: DEMO_ACCESS_KEY_SECRET, customerId: DEMO_CUSTOMER_ID },
  services: demoServices,
};

/** The fixed customers a generated one never takes the ID of. */
const RESERVED_CUSTOMER_IDS = new Set([DEMO_CUSTOMER_ID, UNPROVISIONED_CUSTOMER_ID]);

/** The seed's customers in order (the first one is the one `credentials` names). */
export function seededCustomerIdsOf(state: SandboxState): number[] {
  if (!state.seededCustomerIds) {
    // A state file written before several customers existed: its first keyed customer.
    const first = state.customers.some((c) => c.customer.id === DEMO_CUSTOMER_ID)
      ? DEMO_CUSTOMER_ID
      : state.keys.find((k) => k.customerId > 0 && k.customerId !== UNPROVISIONED_CUSTOMER_ID)?.customerId;
    state.seededCustomerIds = first === undefined ? [] : [first];
  }
  return state.seededCustomerIds;
}

function addCustomer(state: SandboxState, customer: GeneratedCustomer, nowMs: number): void {
  state.customers.push(customer.record);
  state.keys.push(customer.key);
  seededCustomerIdsOf(state).push(customer.record.customer.id);
  materialise(state, customer.record.customer.id, customer.services(nowMs), nowMs);
}

/** Generates the seed's customers up to `count` (the ones present stay as they are); true when some were added. */
export function ensureSeededCustomers(state: SandboxState, count: number, nowMs: number): boolean {
  const ids = seededCustomerIdsOf(state);
  const before = ids.length;
  const taken = (id: number): boolean =>
    RESERVED_CUSTOMER_IDS.has(id) || state.customers.some((c) => c.customer.id === id);
  for (let index = ids.length; index < count; index++)
    addCustomer(state, generatedCustomer(state.seed, index, taken), nowMs);
  return ids.length > before;
}

export interface SharedDomain {
  domainName: string;
  /** The first this many of the seed's customers serve it. */
  customers: number;
}

/** Gives each of the first customers a service on the shared domain unless it has one; true when some were added. */
export function ensureSharedDomain(state: SandboxState, shared: SharedDomain, nowMs: number): boolean {
  const wanted = shared.domainName.toLowerCase();
  let added = false;
  for (const customerId of seededCustomerIdsOf(state).slice(0, shared.customers)) {
    const serves = state.services.some(
      (s) => s.customerId === customerId && s.service.domainName.toLowerCase() === wanted,
    );
    if (serves) continue;
    const name = state.customers.find((c) => c.customer.id === customerId)?.customer.name ?? '';
    materialise(
      state,
      customerId,
      [sharedDomainService(state.seed, customerId, name, shared.domainName, nowMs)],
      nowMs,
    );
    added = true;
  }
  return added;
}

export interface SeedOptions {
  seed: number;
  nowMs: number;
  /** How many customers the seed gives, each with its own key (default 1). */
  customers?: number;
  sharedDomain?: SharedDomain;
  /** Further keys, each with its customer and a few seeded services of its own. */
  extraKeys?: readonly AccessKeyRecord[];
}

export function buildInitialState(options: SeedOptions): SandboxState {
  const demo = options.seed === DEMO_SEED;
  const state: SandboxState = {
    formatVersion: 1,
    seed: options.seed,
    nextServiceId: demo ? FIRST_SERVICE_ID : firstGeneratedServiceId(options.seed),
    nextPolicyId: FIRST_POLICY_ID,
    customers: [],
    keys: [],
    services: [],
    seededCustomerIds: [],
  };
  const first = demo ? demoCustomer : generatedCustomer(options.seed, 0, (id) => RESERVED_CUSTOMER_IDS.has(id));
  // The order of the demo state (demo, then the fixed test customers) is what older state files hold.
  state.customers.push(first.record, customerRecord(UNPROVISIONED_CUSTOMER_ID, 'Sandbox Unprovisioned Ltd', false));
  state.keys.push(
    first.key,
    {
      accessKeyId: UNPROVISIONED_ACCESS_KEY_ID,
      accessKeySecret: UNPROVISIONED_ACCESS_KEY_SECRET,
      customerId: UNPROVISIONED_CUSTOMER_ID,
    },
    { accessKeyId: NO_CUSTOMER_ACCESS_KEY_ID, accessKeySecret: NO_CUSTOMER_ACCESS_KEY_SECRET, customerId: 0 },
  );
  state.seededCustomerIds = [first.record.customer.id];
  materialise(state, first.record.customer.id, first.services(options.nowMs), options.nowMs);
  ensureSeededCustomers(state, options.customers ?? 1, options.nowMs);
  if (options.sharedDomain) ensureSharedDomain(state, options.sharedDomain, options.nowMs);
  for (const key of options.extraKeys ?? []) addAccessKey(state, key, options.nowMs);
  return state;
}
