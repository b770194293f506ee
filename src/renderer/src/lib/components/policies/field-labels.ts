// Human labels for error paths ("responseHeaders.0.name" → "Response header 1 — name"), shared
// by every policy editor's error summary. Labels follow the editors' own field labels.

/** Top-level fields of every policy body. */
const fields: Record<string, string> = {
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
  // rate limit
  timeWindow: 'Time window (seconds)',
  requestLimit: 'Request limit',
  ignoreUrlPath: 'Same limit for all URLs',
};

/** Lists whose entries are numbered in the editor ("Response header 1"). */
const items: Record<string, string> = {
  responseHeaders: 'Response header',
  matches: 'Condition',
  tokenSecret: 'Token',
  ipRestriction: 'IP entry',
  geoRestriction: 'Country',
  varyMIMEs: 'MIME type',
  values: 'value',
  patterns: 'pattern',
  domainList: 'domain',
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
};

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/** "someField" → "Some field" (fields this table does not know yet). */
function humanize(segment: string): string {
  const words = segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Label of a dotted error path; '' for the form as a whole. */
export function fieldLabel(path: string): string {
  const segments = path.split('.').filter((s) => s !== '');
  if (segments.length === 0) return '';
  const out: string[] = [];
  let previous: string | null = null;
  for (const segment of segments) {
    if (isIndex(segment) && previous !== null) {
      // "responseHeaders", "0" → "Response header 1" (replaces the list's own label).
      const item = items[previous];
      const number = Number(segment) + 1;
      if (item) {
        const last = out.length - 1;
        const itemLabel = out.length === 1 ? item : item.toLowerCase();
        out[last] = `${itemLabel} ${number}`;
      } else {
        out[out.length - 1] = `${out[out.length - 1]} ${number}`;
      }
    } else {
      out.push(out.length === 0 ? (fields[segment] ?? humanize(segment)) : (parts[segment] ?? humanize(segment).toLowerCase()));
    }
    previous = segment;
  }
  return out.join(' — ');
}
