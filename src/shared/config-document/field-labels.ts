// Human labels for document field paths ("matches.0.values" → "Condition 1 — values"): the API
// fields in the editors' own words (src/shared/api/field-labels.ts, the one table the review diff
// and the journal use), plus the parts only a document has (a rule test's request and expectation).
import { topFieldLabel } from '../api/field-labels.ts';

/** Top-level fields of a document that are not API fields. */
const documentOnlyFields: Record<string, string> = {
  // rule tests (the expectation's request and expected outcome)
  request: 'Request',
  expect: 'Expected',
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

/** Label of a dotted field path of a service or policy; '' for the whole. */
export function documentFieldLabel(path: string): string {
  const segments = path.split('.').filter((s) => s !== '');
  const out: string[] = [];
  let previous: string | null = null;
  for (const segment of segments) {
    if (/^\d+$/.test(segment) && previous !== null && out.length > 0) {
      const item = items[previous];
      const last = out.length - 1;
      out[last] = item
        ? `${out.length === 1 ? item : item.toLowerCase()} ${Number(segment) + 1}`
        : `${out[last]} ${Number(segment) + 1}`;
    } else if (previous === 'headers') {
      // Origin header names are data, shown as written.
      out.push(segment);
    } else {
      out.push(
        out.length === 0
          ? (documentOnlyFields[segment] ?? topFieldLabel(segment))
          : (parts[segment] ?? topFieldLabel(segment).toLowerCase()),
      );
    }
    previous = segment;
  }
  return out.join(' — ');
}

/** The parts of a service's configuration, in the order diffs and plans show them. */
export const documentParts = [
  'service',
  'cache-control',
  'access-control',
  'redirection',
  'cors',
  'rate-limit',
  'rule-tests',
] as const;
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
