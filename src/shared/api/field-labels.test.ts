import { describe, expect, it } from 'vitest';
import { fieldLabel, formatFieldValue, formatSeconds } from './field-labels.ts';
import { diffFields } from './field-diff.ts';

describe('fieldLabel', () => {
  it('names list entries by their number as the editor shows them', () => {
    expect(fieldLabel('responseHeaders.0.name')).toBe('Response header 1 — name');
    expect(fieldLabel('responseHeaders.2.value')).toBe('Response header 3 — value');
    expect(fieldLabel('matches.1.values')).toBe('Condition 2 — values');
    expect(fieldLabel('matches.0.values.2')).toBe('Condition 1 — value 3');
    expect(fieldLabel('tokenSecret.0')).toBe('Token 1');
    expect(fieldLabel('ipRestriction.4')).toBe('IP entry 5');
  });

  it('uses the field labels of every editor', () => {
    expect(fieldLabel('policyName')).toBe('Policy name');
    expect(fieldLabel('timeWindow')).toBe('Time window (seconds)');
    expect(fieldLabel('accessControlMaxAge')).toBe('Access-Control-Max-Age');
    expect(fieldLabel('redirectDestination')).toBe('Redirect destination');
    expect(fieldLabel('refererAcl.domainList')).toBe('Referer ACL — domains');
    expect(fieldLabel('matchUrlPath.patterns.0')).toBe('URL path — pattern 1');
  });

  it('falls back to readable words, and to nothing for the form as a whole', () => {
    expect(fieldLabel('someNewField.0.innerThing')).toBe('Some new field 1 — inner thing');
    expect(fieldLabel('')).toBe('');
  });
});

describe('fieldLabel on the paths of a review diff', () => {
  it('says what the editor says, numbering entries from 1', () => {
    expect(fieldLabel('matches.2.field')).toBe('Condition 3 — field');
    expect(fieldLabel('responseHeaders.1.operationType')).toBe('Response header 2 — operation');
    expect(fieldLabel('refererAcl.aclType')).toBe('Referer ACL — type');
    expect(fieldLabel('autoGzipDisable')).toBe('Disable automatic Gzip');
  });

  it('names service fields, keeping the header names the user typed', () => {
    expect(fieldLabel('origins.0.originUrl')).toBe('Origin 1 — origin URL');
    expect(fieldLabel('origins.1.headers.X-Forwarded-Host')).toBe('Origin 2 — header X-Forwarded-Host');
    expect(fieldLabel('origins.0.s3Credential.region')).toBe('Origin 1 — S3 — region');
    expect(fieldLabel('http2')).toBe('HTTP/2');
  });
});

describe('formatFieldValue', () => {
  it('gives durations in the largest whole unit', () => {
    expect(formatSeconds(3600)).toBe('1 hour');
    expect(formatSeconds(86400)).toBe('1 day');
    expect(formatSeconds(5400)).toBe('90 minutes');
    expect(formatSeconds(45)).toBe('45 seconds');
    expect(formatSeconds(0)).toBe('0 seconds');
    expect(formatFieldValue('ttl', 172800)).toBe('2 days');
    expect(formatFieldValue('timeWindow', 60)).toBe('1 minute');
  });

  it('reads CORS max age, HTTP codes, switches and lists as the form does', () => {
    expect(formatFieldValue('accessControlMaxAge', -1)).toBe('default (cache indefinitely)');
    expect(formatFieldValue('accessControlMaxAge', 0)).toBe('0 seconds (no caching)');
    expect(formatFieldValue('accessControlMaxAge', 600)).toBe('10 minutes');
    expect(formatFieldValue('httpCode', 301)).toBe('301 Moved Permanently');
    expect(formatFieldValue('enableXCache', true)).toBe('On');
    expect(formatFieldValue('matches.0.values', ['/a', '/b'])).toBe('/a, /b');
    expect(formatFieldValue('requestLimit', 12000)).toBe('12,000');
    expect(formatFieldValue('policyName', '')).toBe('(empty)');
  });
});

describe('diffFields', () => {
  it('labels each changed field, with human values and the API name and values beside them', () => {
    const rows = diffFields(
      {
        policyName: 'a',
        ttl: 3600,
        matches: [{ field: 'req.path', values: ['/x'] }],
        responseHeaders: [
          { name: 'A', operationType: 'add' },
          { name: 'B', operationType: 'add' },
        ],
        gone: true,
      },
      {
        policyName: 'a',
        ttl: 86400,
        matches: [{ field: 'req.path', values: ['/x', '/y'] }],
        responseHeaders: [
          { name: 'A', operationType: 'add' },
          { name: 'B', operationType: 'delete' },
        ],
        added: 'n',
      },
    );
    expect(rows.map((r) => [r.path, r.label, r.status])).toEqual([
      ['policyName', 'Policy name', 'same'],
      ['ttl', 'TTL', 'changed'],
      ['matches.0.field', 'Condition 1 — field', 'same'],
      ['matches.0.values', 'Condition 1 — values', 'changed'],
      ['responseHeaders.0.name', 'Response header 1 — name', 'same'],
      ['responseHeaders.0.operationType', 'Response header 1 — operation', 'same'],
      ['responseHeaders.1.name', 'Response header 2 — name', 'same'],
      ['responseHeaders.1.operationType', 'Response header 2 — operation', 'changed'],
      ['added', 'Added', 'added'],
      ['gone', 'Gone', 'removed'],
    ]);
    const ttl = rows.find((r) => r.path === 'ttl');
    expect([ttl?.before, ttl?.after]).toEqual(['1 hour', '1 day']);
    expect([ttl?.apiBefore, ttl?.apiAfter]).toEqual(['3600', '86400']);
    expect(rows.find((r) => r.path === 'matches.0.values')?.after).toBe('/x, /y');
  });

  it('drops a unit from the label where the value carries it', () => {
    const [row] = diffFields({ timeWindow: 60 }, { timeWindow: 120 });
    expect([row.label, row.before, row.after]).toEqual(['Time window', '1 minute', '2 minutes']);
  });
});
