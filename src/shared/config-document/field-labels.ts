// Human labels for document field paths ("matches.0.values" → "Condition 1 — values"), in the
// wording of the editors (src/renderer/.../policies/field-labels.ts). Kept in this one file so
// that it can be swapped for the shared label table of the review diff once that lands.

const fields: Record<string, string> = {
  // service
  domainName: 'Domain name',
  cName: 'CNAME',
  alternateDomainNames: 'Alternate domain names',
  origins: 'Origins',
  defaultHostHeader: 'Default host header',
  streaming: 'Streaming',
  http2: 'HTTP/2',
  http3: 'HTTP/3',
  redirectHttpToHttps: 'Redirect HTTP to HTTPS',
  tlsProfile: 'TLS profile',
  // every policy
  policyName: 'Policy name',
  priority: 'Priority',
  enabled: 'Enabled',
  // cache control
  ttl: 'TTL',
  varyMIMEs: 'Vary MIME types',
  refererAcl: 'Referer ACL',
  originAcl: 'Origin ACL',
  responseHeaders: 'Response headers',
  ignoreClientNoCache: 'Ignore client no-cache',
  ignoreOriginNoCache: 'Ignore origin no-cache',
  ignoreQueryString: 'Ignore query string',
  enableXCache: 'X-Cache header',
  noCache: 'No cache',
  autoGzipDisable: 'Automatic gzip off',
  // conditions
  matches: 'Conditions',
  matchUrlPath: 'URL path',
  matchQueryString: 'Query string',
  // access control
  type: 'Type',
  ipRestriction: 'IP restriction',
  geoRestriction: 'Geo restriction',
  anonymousIp: 'Anonymous IPs',
  tokenSecret: 'Token secret',
  // redirection
  redirectDestination: 'Redirect destination',
  httpCode: 'HTTP code',
  // CORS
  accessControlAllowOrigin: 'Access-Control-Allow-Origin',
  accessControlAllowMethods: 'Access-Control-Allow-Methods',
  accessControlAllowHeaders: 'Access-Control-Allow-Headers',
  accessControlExposeHeaders: 'Access-Control-Expose-Headers',
  accessControlMaxAge: 'Access-Control-Max-Age',
  accessControlAllowCredentials: 'Access-Control-Allow-Credentials',
  // rule tests (the expectation's request and expected outcome)
  request: 'Request',
  expect: 'Expected',
  // rate limit
  timeWindow: 'Time window (seconds)',
  requestLimit: 'Request limit',
  ignoreUrlPath: 'Same limit for all URLs',
};

/** Lists whose entries are numbered ("Response header 1"). */
const items: Record<string, string> = {
  responseHeaders: 'Response header',
  matches: 'Condition',
  origins: 'Origin',
};

/** Fields below the top level. */
const parts: Record<string, string> = {
  name: 'name',
  value: 'value',
  operationType: 'operation',
  field: 'field',
  operator: 'operator',
  values: 'values',
  patterns: 'patterns',
  aclType: 'type',
  domainList: 'domains',
  originUrl: 'URL',
  sni: 'SNI',
  headers: 'headers',
  s3Credential: 'S3 credential',
  accessKey: 'access key',
  accessSecret: 'access secret',
  region: 'region',
  dropQueryString: 'drop query string',
  url: 'URL',
  clientIp: 'client IP',
  clientCountry: 'client country',
  status: 'status',
  rule: 'rule',
  cache: 'caching',
  destination: 'destination',
  ttl: 'TTL',
  httpCode: 'HTTP code',
};

function humanize(segment: string): string {
  const words = segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Label of a dotted field path of a service or policy; '' for the whole. */
export function documentFieldLabel(path: string): string {
  const segments = path.split('.').filter((s) => s !== '');
  const out: string[] = [];
  let previous: string | null = null;
  for (const segment of segments) {
    if (/^\d+$/.test(segment) && previous !== null && out.length > 0) {
      const item = items[previous];
      const last = out.length - 1;
      out[last] = item ? `${out.length === 1 ? item : item.toLowerCase()} ${Number(segment) + 1}` : `${out[last]} ${Number(segment) + 1}`;
    } else if (previous === 'headers') {
      // Origin header names are data, shown as written.
      out.push(segment);
    } else {
      out.push(out.length === 0 ? (fields[segment] ?? humanize(segment)) : (parts[segment] ?? fields[segment]?.toLowerCase() ?? humanize(segment).toLowerCase()));
    }
    previous = segment;
  }
  return out.join(' — ');
}

/** The parts of a service's configuration, in the order diffs and plans show them. */
export const documentParts = ['service', 'cache-control', 'access-control', 'redirection', 'cors', 'rate-limit', 'rule-tests'] as const;
export type DocumentPart = (typeof documentParts)[number];

/** Titles of the groups of a diff or a plan. */
export const documentPartTitles: Readonly<Record<DocumentPart, string>> = {
  service: 'Service settings',
  'cache-control': 'Cache control policy',
  'access-control': 'Access control policy',
  redirection: 'Redirection policy',
  cors: 'CORS headers',
  'rate-limit': 'Rate limit',
  'rule-tests': 'Rule test',
};
