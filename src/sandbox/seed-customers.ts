// Customers a seed generates: a fictional company (name, industry, region), a customer ID, an
// access key and four to six services under <company>.example (a reserved TLD). Everything is
// derived from (seed, index), so the same seed always gives the same customers, and different
// seeds give different ones. Nothing here is a real secret.
import { DAY_MS } from '#shared/time.ts';
import type { AccessKeyRecord, CustomerRecord } from './model.ts';
import { createPrng, hashToUnit } from './prng.ts';
import { cachePolicy } from './provisioning.ts';
import { accessPolicy, baseService, customerRecord, slugOf, traffic, type ServiceSeed } from './seed-builders.ts';

// Fictional company names in common use for demos (no real company).
const BRANDS = [
  'Acme',
  'Umbrella',
  'Globex',
  'Initech',
  'Northwind',
  'Contoso',
  'Fabrikam',
  'Tailspin',
  'Woodgrove',
  'Litware',
  'Proseware',
  'Wingtip',
  'Coho',
  'Lucerne',
  'Adatum',
  'Relecloud',
  'Alpine',
  'Blue Yonder',
  'Humongous',
  'Southridge',
  'Trey',
  'Cascade',
  'VanArsdel',
  'Wide World',
  'Evergreen',
  'Cyberdyne',
  'Hooli',
  'Vandelay',
  'Soylent',
  'Massive Dynamic',
  'Oscorp',
  'Wonka',
  'Tyrell',
  'Monarch',
  'Gekko',
  'Sirius',
  'Pied Piper',
  'Dunder',
  'Sterling',
  'Bluth',
] as const;

interface Industry {
  /** Customer record `industry`. */
  label: string;
  /** Second word of the company name. */
  words: readonly string[];
  /** Host label of the customer's main application. */
  app: string;
  /** Paths never cached on the application (accounts, carts, …). */
  privatePaths: readonly string[];
}

const INDUSTRIES: readonly Industry[] = [
  {
    label: 'Retail',
    words: ['Retail', 'Stores', 'Outlet'],
    app: 'shop',
    privatePaths: ['/checkout', '/cart', '/account'],
  },
  { label: 'Media', words: ['Media', 'Studios', 'News'], app: 'news', privatePaths: ['/account', '/subscribe'] },
  {
    label: 'Travel',
    words: ['Travel', 'Airlines', 'Holidays'],
    app: 'booking',
    privatePaths: ['/booking', '/account'],
  },
  { label: 'Financial services', words: ['Bank', 'Finance', 'Insurance'], app: 'online', privatePaths: ['/'] },
  { label: 'Software', words: ['Software', 'Labs', 'Cloud'], app: 'app', privatePaths: ['/api', '/account'] },
  {
    label: 'Manufacturing',
    words: ['Corp', 'Industries', 'Group'],
    app: 'portal',
    privatePaths: ['/partners', '/orders'],
  },
  { label: 'Gaming', words: ['Games', 'Interactive'], app: 'play', privatePaths: ['/account', '/store/checkout'] },
  { label: 'Education', words: ['Learning', 'Academy'], app: 'learn', privatePaths: ['/account', '/exam'] },
  { label: 'Healthcare', words: ['Health', 'Pharma'], app: 'care', privatePaths: ['/'] },
];

const REGIONS = [
  { region: 'EU', utcOffsetHours: 1 },
  { region: 'US', utcOffsetHours: -5 },
  { region: 'APAC', utcOffsetHours: 8 },
] as const;

/** Generated customer IDs lie in [10000, 100000); the fixed demo and test customers are below. */
const CUSTOMER_ID_BASE = 10_000;
const CUSTOMER_ID_SPAN = 90_000;
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface GeneratedCustomer {
  record: CustomerRecord;
  key: AccessKeyRecord;
  services: (nowMs: number) => ServiceSeed[];
}

const pick = <T>(list: readonly T[], u: number): T => list[Math.min(list.length - 1, Math.floor(u * list.length))];

/** The brands in the order a seed hands them out (Fisher–Yates with the seed's PRNG). */
function brandOrder(seed: number): string[] {
  const random = createPrng(seed ^ 0x5eed);
  const order = [...BRANDS];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function token(seed: number, index: number, salt: number, length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(hashToUnit(seed, index, salt, i) * alphabet.length)];
  return out;
}

/**
 * Customer `index` of `seed`. `taken` says which customer IDs the gateway already has; the ID moves
 * to the next free one, so several customers of one gateway never share an ID.
 */
export function generatedCustomer(
  seed: number,
  index: number,
  taken: (customerId: number) => boolean,
): GeneratedCustomer {
  const brands = brandOrder(seed);
  const round = Math.floor(index / brands.length);
  const industry = pick(INDUSTRIES, hashToUnit(seed, index, 21));
  const name = `${brands[index % brands.length]} ${pick(industry.words, hashToUnit(seed, index, 22))}${round > 0 ? ` ${round + 1}` : ''}`;
  const slug = slugOf(name);
  let customerId = CUSTOMER_ID_BASE + Math.floor(hashToUnit(seed, index, 23) * CUSTOMER_ID_SPAN);
  while (taken(customerId))
    customerId = customerId + 1 >= CUSTOMER_ID_BASE + CUSTOMER_ID_SPAN ? CUSTOMER_ID_BASE : customerId + 1;
  const { region, utcOffsetHours } = pick(REGIONS, hashToUnit(seed, index, 24));
  return {
    record: customerRecord(customerId, name, true, { industry: industry.label, region }),
    key: {
      accessKeyId: `SBX${token(seed, index, 25, 13, KEY_ALPHABET)}`,
      accessKeySecret: `sandbox-${slug}-secret-${token(seed, index, 26, 12, '0123456789abcdef')}`,
      customerId,
    },
    services: (nowMs) => companyServices({ seed, index, slug, industry, utcOffsetHours, nowMs }),
  };
}

interface CompanyContext {
  seed: number;
  index: number;
  slug: string;
  industry: Industry;
  utcOffsetHours: number;
  nowMs: number;
}

const OPTIONAL_KINDS = ['static', 'images', 'api', 'downloads', 'staging', 'legacy'] as const;

/** The main site and application, then two to four of the optional kinds, in catalogue order. */
function companyServices(c: CompanyContext): ServiceSeed[] {
  const domain = `${c.slug}.example`;
  const u = (salt: number): number => hashToUnit(c.seed, c.index, salt);
  // Size of the company: scales every service's traffic (0.3× to 3× a mid-sized site).
  const size = 0.3 + 2.7 * u(30);
  const profile = (bytes: number, objectBytes: number, hitRatio: number, extra: Parameters<typeof traffic>[4] = {}) =>
    traffic(c.nowMs, Math.round(bytes * size), objectBytes, hitRatio, { utcOffsetHours: c.utcOffsetHours, ...extra });

  const order = [...OPTIONAL_KINDS].sort(
    (a, b) =>
      hashToUnit(c.seed, c.index, 31, OPTIONAL_KINDS.indexOf(a)) -
      hashToUnit(c.seed, c.index, 31, OPTIONAL_KINDS.indexOf(b)),
  );
  const chosen = new Set(order.slice(0, 2 + Math.floor(u(32) * 3)));

  const seeds: ServiceSeed[] = [
    {
      service: baseService(`www.${domain}`, `https://origin.${domain}`, { alternateDomainNames: [domain] }),
      traffic: profile(300_000_000, 45_000, 0.86 + 0.08 * u(33), { burstChance: 0.02 }),
      build: (nextId, host) => ({
        cacheControl: [
          cachePolicy(
            nextId(),
            'Static assets',
            30,
            [{ field: 'req.path', operator: 'regex', values: ['\\.(css|js|png|jpe?g|webp|svg|woff2)$'] }],
            { ttl: 2_592_000, enableXCache: true },
          ),
          cachePolicy(
            nextId(),
            'HTML pages',
            10,
            [{ field: 'req.path', operator: 'endswith', values: ['.html', '/'] }],
            { ttl: 300 },
          ),
        ],
        accessControl: [
          accessPolicy(
            nextId(),
            'Block admin from outside',
            'deny',
            20,
            [{ field: 'req.path', operator: 'startswith', values: ['/admin'] }],
            { ipRestriction: '203.0.113.0/24' },
          ),
        ],
        redirections: [
          {
            policyId: nextId(),
            policyName: 'Bare domain to www',
            matches: [{ field: 'req.host', operator: 'iequals', values: [domain] }],
            redirectDestination: `https://${host}/`,
            httpCode: 301,
            priority: 10,
            enabled: true,
          },
        ],
      }),
    },
    {
      service: baseService(`${c.industry.app}.${domain}`, `https://app-origin.${domain}`, { http3: u(34) < 0.5 }),
      traffic: profile(120_000_000, 18_000, 0.55 + 0.2 * u(35), { burstChance: 0.03 }),
      build: (nextId) => ({
        cacheControl: [
          cachePolicy(
            nextId(),
            'Static assets',
            20,
            [{ field: 'req.path', operator: 'regex', values: ['\\.(css|js|png|svg|woff2)$'] }],
            { ttl: 604_800, enableXCache: true },
          ),
          cachePolicy(
            nextId(),
            'Private pages never cached',
            10,
            [{ field: 'req.path', operator: 'startswith', values: [...c.industry.privatePaths] }],
            { noCache: true },
          ),
        ],
        rateLimit: {
          timeWindow: 60,
          requestLimit: 300 + 100 * Math.floor(u(36) * 10),
          ignoreUrlPath: false,
          ignoreQueryString: true,
        },
      }),
    },
  ];
  if (chosen.has('static')) {
    const s3 = u(37) < 0.5;
    seeds.push({
      service: baseService(
        `static.${domain}`,
        s3 ? `https://${c.slug}-assets.s3.eu-west-1.storage.example` : `https://assets-origin.${domain}`,
        {
          http3: true,
          tlsProfile: 'modern',
          ...(s3
            ? {
                origins: [
                  {
                    originUrl: `https://${c.slug}-assets.s3.eu-west-1.storage.example`,
                    s3Credential: {
                      accessKey: `SBXS3${token(c.seed, c.index, 38, 11, KEY_ALPHABET)}`,
                      accessSecret: `sandbox-s3-secret-${c.slug}`,
                      region: 'eu-west-1',
                    },
                  },
                ],
              }
            : {}),
        },
      ),
      traffic: profile(1_200_000_000, 280_000, 0.97, { weekendFactor: 0.85 }),
    });
  }
  if (chosen.has('images')) {
    seeds.push({
      service: baseService(`img.${domain}`, `https://images-origin.${domain}`),
      traffic: profile(600_000_000, 120_000, 0.94),
      build: (nextId) => ({
        cacheControl: [
          cachePolicy(
            nextId(),
            'Resized images',
            20,
            [{ field: 'req.query', operator: 'regex', values: ['^w=\\d+$'] }],
            { ttl: 604_800, ignoreQueryString: false, varyMIMEs: ['image/webp', 'image/avif'] },
          ),
        ],
      }),
    });
  }
  if (chosen.has('api')) {
    seeds.push({
      service: baseService(`api.${domain}`, `https://api-origin.${domain}:8443`, {
        defaultHostHeader: 'preserve',
        http3: true,
        tlsProfile: 'modern',
      }),
      traffic: profile(60_000_000, 3_000, 0.25 + 0.2 * u(39), { weekendFactor: 0.5, burstChance: 0.04 }),
      build: (nextId) => ({
        cacheControl: [
          cachePolicy(
            nextId(),
            'API responses not cached',
            10,
            [{ field: 'req.path', operator: 'startswith', values: ['/'] }],
            { noCache: true },
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
    });
  }
  if (chosen.has('downloads')) {
    seeds.push({
      service: baseService(`downloads.${domain}`, `https://files.${domain}/releases`, { streaming: true }),
      traffic: profile(2_500_000_000, 60_000_000, 0.99, { burstChance: 0.05 }),
    });
  }
  if (chosen.has('staging')) {
    // Idle: analytics answer empty lists.
    seeds.push({ service: baseService(`staging.${domain}`, `https://staging-origin.${domain}`), traffic: null });
  }
  if (chosen.has('legacy')) {
    const stoppedDaysAgo = 5 + Math.floor(u(40) * 25);
    seeds.push({
      service: baseService(`legacy.${domain}`, `http://legacy-origin.${domain}`, {
        enabled: false,
        tlsProfile: 'old',
        redirectHttpToHttps: false,
        http2: false,
      }),
      traffic: profile(40_000_000, 25_000, 0.8, {
        endsAt: Math.floor((c.nowMs - stoppedDaysAgo * DAY_MS) / DAY_MS) * DAY_MS,
      }),
    });
  }
  return seeds;
}

/** The first service ID of a generated gateway: separate gateways (seeds) rarely share service IDs. */
export function firstGeneratedServiceId(seed: number): number {
  return 1_000 + Math.floor(hashToUnit(seed, 41) * 9_000) * 10;
}

/** A customer's service on a domain another customer serves too (the shared-domain option). */
export function sharedDomainService(
  seed: number,
  customerId: number,
  customerName: string,
  domainName: string,
  nowMs: number,
): ServiceSeed {
  const u = (salt: number): number => hashToUnit(seed, customerId, salt);
  return {
    service: baseService(domainName, `https://${slugOf(customerName) || `customer-${customerId}`}.origin.example`),
    traffic: traffic(nowMs, Math.round(100_000_000 + 400_000_000 * u(42)), 40_000, 0.8 + 0.15 * u(43)),
  };
}
