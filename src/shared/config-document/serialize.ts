// The one way a configuration document is written: stable key order, services sorted by domain
// and policies by name, two-space JSON with one field per line, so that two exports of an
// unchanged configuration are byte-identical and a git diff shows only what changed.
import type { ConfigDocument, ServiceConfig } from './schema.ts';

// Known keys in the order a reader expects them (document, service, policies in the spec's
// order); unknown keys follow in alphabetical order.
const keyOrder = [
  // document
  'format',
  'schemaVersion',
  'exportedAt',
  'secrets',
  'services',
  // encrypted envelope
  'kdf',
  'cipher',
  'passphraseCheck',
  'ciphertext',
  'name',
  'N',
  'r',
  'p',
  'salt',
  'iv',
  'tag',
  // one service's configuration
  'source',
  'accountName',
  'serviceId',
  'service',
  'cacheControlPolicies',
  'accessControlPolicies',
  'redirectionPolicies',
  'lastAppliedFromThisApp',
  'note',
  'cors',
  'rateLimit',
  'appliedAt',
  'headers',
  'ruleTests',
  // an expectation of a rule test suite ('name' is above; its 'ttl', 'httpCode' and 'destination' come after 'cache')
  'request',
  'expect',
  'url',
  'method',
  'clientIp',
  'clientCountry',
  'host',
  'userAgent',
  'cookie',
  'origin',
  'via',
  'clientAnonymous',
  'hasToken',
  'status',
  'rule',
  'cache',
  // service fields
  'id',
  'domainName',
  'cName',
  'alternateDomainNames',
  'origins',
  'originUrl',
  'sni',
  's3Credential',
  'accessKey',
  'accessSecret',
  'region',
  'dropQueryString',
  'defaultHostHeader',
  'streaming',
  'http2',
  'http3',
  'redirectHttpToHttps',
  'tlsProfile',
  'enabled',
  // policies
  'policyId',
  'policyName',
  'type',
  'priority',
  'matches',
  'matchUrlPath',
  'matchQueryString',
  'field',
  'operator',
  'values',
  'patterns',
  'ttl',
  'refererAcl',
  'originAcl',
  'aclType',
  'domainList',
  'ignoreClientNoCache',
  'ignoreOriginNoCache',
  'ignoreQueryString',
  'enableXCache',
  'noCache',
  'autoGzipDisable',
  'responseHeaders',
  'operationType',
  'value',
  'varyMIMEs',
  'ipRestriction',
  'geoRestriction',
  'anonymousIp',
  'tokenSecret',
  'redirectDestination',
  'httpCode',
  // CORS and rate limit
  'accessControlAllowOrigin',
  'accessControlAllowMethods',
  'accessControlAllowHeaders',
  'accessControlExposeHeaders',
  'accessControlMaxAge',
  'accessControlAllowCredentials',
  'timeWindow',
  'requestLimit',
  'ignoreUrlPath',
  'destination',
];
const rank = new Map(keyOrder.map((key, index) => [key, index]));

function compareKeys(a: string, b: string): number {
  const ra = rank.get(a) ?? Number.MAX_SAFE_INTEGER;
  const rb = rank.get(b) ?? Number.MAX_SAFE_INTEGER;
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy with every object's keys in the stable order (arrays keep their order: it can mean priority). */
function withStableKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStableKeyOrder);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareKeys)) {
    const child = (value as Record<string, unknown>)[key];
    if (child !== undefined) out[key] = withStableKeyOrder(child);
  }
  return out;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Named = { policyName?: string; policyId: number };
function byPolicyName(a: Named, b: Named): number {
  return byText(a.policyName ?? '', b.policyName ?? '') || a.policyId - b.policyId;
}

function sortedService(config: ServiceConfig): ServiceConfig {
  return {
    ...config,
    cacheControlPolicies: [...config.cacheControlPolicies].sort(byPolicyName),
    accessControlPolicies: [...config.accessControlPolicies].sort(byPolicyName),
    redirectionPolicies: [...config.redirectionPolicies].sort(byPolicyName),
    ...(config.ruleTests ? { ruleTests: [...config.ruleTests].sort((a, b) => byText(a.name, b.name)) } : {}),
  };
}

/**
 * Services by domain name, policies by name (the API's list order is not promised), so the
 * order in the file does not change between exports.
 */
function normalizeConfigDocument(document: ConfigDocument): ConfigDocument {
  return {
    ...document,
    services: [...document.services]
      .sort((a, b) => byText(a.service.domainName, b.service.domainName) || a.source.serviceId - b.source.serviceId)
      .map(sortedService),
  };
}

/** JSON text with a stable key order and one field per line, ending in a newline. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(withStableKeyOrder(value), null, 2)}\n`;
}

/** The text of a configuration document as written to a file. */
export function serializeConfigDocument(document: ConfigDocument): string {
  return stableJson(normalizeConfigDocument(document));
}
