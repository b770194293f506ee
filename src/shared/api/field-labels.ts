// The form's words for API body fields: one table for every place that names a field to the user
// (error summaries, the review diff before saving, the change journal). Paths are the API's own,
// dotted, with 0-based list indexes ("responseHeaders.1.operationType"); labels number entries as
// the editors do ("Response header 2 — operation"). Values get human units ("1 day", not 86400).

/** How a field's value reads to a person. */
type ValueKind = 'seconds' | 'corsMaxAge' | 'httpCode' | 'switch';

type FieldEntry = {
  /** The editor's label for the field (error summaries use it as is). */
  label: string;
  /** The name of one entry when the field is a list the editor numbers ("Response header 2"). */
  item?: string;
  kind?: ValueKind;
  /** A map whose keys are names the user typed (origin headers): keys are shown verbatim. */
  keyed?: boolean;
};

/** Fields at the top of a policy, CORS, rate-limit or service body. */
const topFields: Readonly<Record<string, FieldEntry>> = {
  policyName: { label: 'Policy name' },
  policyId: { label: 'Policy ID' },
  priority: { label: 'Priority' },
  enabled: { label: 'Enabled', kind: 'switch' },
  // cache control
  ttl: { label: 'TTL', kind: 'seconds' },
  varyMIMEs: { label: 'Vary MIME types', item: 'MIME type' },
  refererAcl: { label: 'Referer ACL' },
  originAcl: { label: 'Origin ACL' },
  responseHeaders: { label: 'Response headers', item: 'Response header' },
  ignoreClientNoCache: { label: 'Ignore client no-cache', kind: 'switch' },
  ignoreOriginNoCache: { label: 'Ignore origin no-cache', kind: 'switch' },
  ignoreQueryString: { label: 'Ignore query string', kind: 'switch' },
  enableXCache: { label: 'X-Cache header', kind: 'switch' },
  noCache: { label: 'Never cache', kind: 'switch' },
  autoGzipDisable: { label: 'Disable automatic Gzip', kind: 'switch' },
  // conditions
  matches: { label: 'Conditions', item: 'Condition' },
  matchUrlPath: { label: 'URL path' },
  matchQueryString: { label: 'Query string' },
  // access control
  type: { label: 'Type' },
  ipRestriction: { label: 'IP restriction', item: 'IP entry' },
  geoRestriction: { label: 'Geo restriction', item: 'Country' },
  anonymousIp: { label: 'Anonymous IPs', kind: 'switch' },
  tokenSecret: { label: 'Token secret', item: 'Token' },
  // redirection
  redirectDestination: { label: 'Redirect destination' },
  httpCode: { label: 'HTTP code', kind: 'httpCode' },
  // CORS
  accessControlAllowOrigin: { label: 'Access-Control-Allow-Origin' },
  accessControlAllowMethods: { label: 'Access-Control-Allow-Methods' },
  accessControlAllowHeaders: { label: 'Access-Control-Allow-Headers' },
  accessControlExposeHeaders: { label: 'Access-Control-Expose-Headers' },
  accessControlMaxAge: { label: 'Access-Control-Max-Age', kind: 'corsMaxAge' },
  accessControlAllowCredentials: { label: 'Access-Control-Allow-Credentials', kind: 'switch' },
  // rate limit
  timeWindow: { label: 'Time window (seconds)', kind: 'seconds' },
  requestLimit: { label: 'Request limit' },
  ignoreUrlPath: { label: 'Same limit for all URLs', kind: 'switch' },
  // service
  id: { label: 'Service ID' },
  cName: { label: 'Edge CNAME' },
  domainName: { label: 'Domain name' },
  alternateDomainNames: { label: 'Alternate domain names', item: 'Alternate domain name' },
  origins: { label: 'Origins', item: 'Origin' },
  defaultHostHeader: { label: 'Default host header' },
  streaming: { label: 'Streaming', kind: 'switch' },
  http2: { label: 'HTTP/2', kind: 'switch' },
  http3: { label: 'HTTP/3', kind: 'switch' },
  redirectHttpToHttps: { label: 'Redirect HTTP to HTTPS', kind: 'switch' },
  tlsProfile: { label: 'TLS profile' },
};

/** Fields below the top level (inside a condition, a header rule, an ACL, an origin). */
const innerFields: Readonly<Record<string, FieldEntry>> = {
  name: { label: 'name' },
  value: { label: 'value' },
  operationType: { label: 'operation' },
  field: { label: 'field' },
  operator: { label: 'operator' },
  values: { label: 'values', item: 'value' },
  patterns: { label: 'patterns', item: 'pattern' },
  aclType: { label: 'type' },
  domainList: { label: 'domains', item: 'domain' },
  originUrl: { label: 'origin URL' },
  sni: { label: 'SNI' },
  headers: { label: 'header', keyed: true },
  s3Credential: { label: 'S3' },
  accessKey: { label: 'access key' },
  accessSecret: { label: 'access secret' },
  region: { label: 'region' },
  dropQueryString: { label: 'drop query string before signing', kind: 'switch' },
};

/** The editor's label of a top-level field, for places that name one field on its own. */
export function topFieldLabel(key: string): string {
  return topFields[key]?.label ?? humanize(key);
}

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/** "someField" → "Some field" (fields this table does not know yet). */
function humanize(segment: string): string {
  const words = segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Resolved = { label: string; entry: FieldEntry | undefined };

function resolve(path: string): Resolved {
  const segments = path.split('.').filter((s) => s !== '');
  const out: string[] = [];
  let entry: FieldEntry | undefined;
  let keyedParent = false;
  for (const segment of segments) {
    if (keyedParent) {
      // A name the user typed (an origin header): verbatim, after the map's own label.
      out[out.length - 1] = `${out[out.length - 1]} ${segment}`;
      keyedParent = false;
      entry = undefined;
      continue;
    }
    if (isIndex(segment) && out.length > 0) {
      // "responseHeaders", "0" → "Response header 1" (replaces the list's own label).
      const number = Number(segment) + 1;
      const item = entry?.item;
      out[out.length - 1] = item
        ? `${out.length === 1 ? item : item.toLowerCase()} ${number}`
        : `${out[out.length - 1]} ${number}`;
      entry = undefined;
      continue;
    }
    entry = out.length === 0 ? topFields[segment] : innerFields[segment];
    out.push(entry?.label ?? (out.length === 0 ? humanize(segment) : humanize(segment).toLowerCase()));
    keyedParent = entry?.keyed === true;
  }
  return { label: out.join(' — '), entry };
}

/** The form's label for an API path ("matches.2.field" → "Condition 3 — field"); '' for the body as a whole. */
export function fieldLabel(path: string): string {
  return resolve(path).label;
}

const units = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
] as const;

/** 86400 → "1 day", 5400 → "90 minutes", 45 → "45 seconds": the largest unit that divides exactly. */
export function formatSeconds(seconds: number): string {
  const plural = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;
  if (!Number.isInteger(seconds) || seconds <= 0) return plural(seconds, 'second');
  for (const [size, unit] of units) if (seconds % size === 0) return plural(seconds / size, unit);
  return plural(seconds, 'second');
}

const httpCodes: Readonly<Record<number, string>> = { 301: '301 Moved Permanently', 302: '302 Found (temporary)' };

/** One value as the form would say it; lists of plain values are joined with ", ". */
export function formatFieldValue(path: string, value: unknown): string {
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((v) => formatFieldValue(path, v)).join(', ');
  // A field this table knows at the top, nested in something it does not (a rule test's expected TTL).
  const kind = resolve(path).entry?.kind ?? topFields[path.split('.').at(-1) ?? '']?.kind;
  if (typeof value === 'number') {
    if (kind === 'seconds') return formatSeconds(value);
    if (kind === 'corsMaxAge')
      return value === -1
        ? 'default (cache indefinitely)'
        : value === 0
          ? '0 seconds (no caching)'
          : formatSeconds(value);
    if (kind === 'httpCode') return httpCodes[value] ?? String(value);
    return value.toLocaleString('en-US');
  }
  if (typeof value === 'boolean')
    return kind === 'switch' || kind === undefined ? (value ? 'On' : 'Off') : String(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (value === null) return '(none)';
  return JSON.stringify(value);
}

/** The value exactly as the API sends it, for the "API names and values" view. */
export function formatApiValue(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return value.length === 0 ? '[]' : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  }
  return typeof value === 'string' ? (value === '' ? '""' : value) : JSON.stringify(value);
}
