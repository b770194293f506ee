import { describe, expect, it } from 'vitest';
import { onlyIssue } from '../test-support/issues.ts';
import {
  cacheControlPolicySchema,
  cacheControlPolicyV2Schema,
  updateCacheControlPolicyV2BodySchema as schema,
} from './cache-control.ts';

const base = {
  policyName: 'Images',
  priority: 10,
  matches: [{ field: 'req.path', operator: 'endswith', values: ['.png'] }],
  autoGzipDisable: false,
};

describe('updateCacheControlPolicyV2BodySchema (operation 6)', () => {
  it('accepts the mandatory fields without adding defaults', () => {
    expect(schema.parse(base)).toEqual(base);
  });

  it('accepts every optional field', () => {
    const full = {
      ...base,
      ttl: 0,
      refererAcl: { aclType: 'whitelist', domainList: ['www.example.com', '*.example.com'] },
      originAcl: { aclType: 'blacklist', domainList: ['bad.example'] },
      ignoreClientNoCache: true,
      ignoreOriginNoCache: true,
      ignoreQueryString: true,
      enableXCache: true,
      noCache: false,
      responseHeaders: [
        { name: 'X-A', operationType: 'add', value: '1' },
        { name: 'Server', operationType: 'delete' },
      ],
      varyMIMEs: ['image/webp', 'image/avif'],
      enabled: false,
    };
    expect(schema.parse(full)).toEqual(full);
  });

  it.each([
    [{ ...base, policyName: undefined }, 'policyName', 'Policy name is required.'],
    [{ ...base, priority: undefined }, 'priority', 'Priority is required.'],
    [{ ...base, priority: 0 }, 'priority', 'Priority must be a whole number greater than 0.'],
    [{ ...base, priority: 2_147_483_648 }, 'priority', 'Priority must be at most 2147483647.'],
    [{ ...base, matches: [] }, 'matches', 'Match conditions is empty'],
    [{ ...base, autoGzipDisable: undefined }, 'autoGzipDisable', 'Disable automatic Gzip is required.'],
    [{ ...base, ttl: -1 }, 'ttl', 'TTL (seconds) must be a whole number of 0 or more.'],
    [{ ...base, ttl: 1.5 }, 'ttl', 'TTL (seconds) must be a whole number of 0 or more.'],
    [
      { ...base, refererAcl: { aclType: 'allow', domainList: ['a.com'] } },
      'refererAcl.aclType',
      'Referer ACL type must be whitelist or blacklist.',
    ],
    [
      { ...base, originAcl: { aclType: 'whitelist', domainList: [] } },
      'originAcl.domainList',
      'Origin ACL domain list is empty',
    ],
    [
      { ...base, refererAcl: { aclType: 'whitelist', domainList: ['a.com', ''] } },
      'refererAcl.domainList.1',
      'Referer ACL domain list has an empty entry',
    ],
    [
      { ...base, refererAcl: { aclType: 'whitelist', domainList: ['-a.com'] } },
      'refererAcl.domainList.0',
      "Referer ACL domain must not start with '-'",
    ],
    [{ ...base, responseHeaders: [] }, 'responseHeaders', 'Response headers is empty'],
    [
      { ...base, responseHeaders: [{ name: 'X-A', operationType: 'replace' }] },
      'responseHeaders.0.value',
      'Header value is required when the operation is replace',
    ],
    [
      { ...base, responseHeaders: [{ name: 'X-A', operationType: 'add', value: ' ' }] },
      'responseHeaders.0.value',
      'Header value is required when the operation is add',
    ],
    [
      { ...base, responseHeaders: [{ name: 'X A', operationType: 'delete' }] },
      'responseHeaders.0.name',
      'Header name may only contain',
    ],
    [
      { ...base, responseHeaders: [{ name: 'X-A', operationType: 'set' }] },
      'responseHeaders.0.operationType',
      'Header operation must be add, replace or delete.',
    ],
    [{ ...base, varyMIMEs: [] }, 'varyMIMEs', 'Vary MIME types is empty'],
    [{ ...base, varyMIMEs: [''] }, 'varyMIMEs.0', 'Vary MIME types has an empty entry'],
    [{ ...base, varyMIMEs: ['webp'] }, 'varyMIMEs.0', 'Vary MIME type must look like type/subtype'],
  ])('rejects %j at %s', (body, path, message) => {
    const issue = onlyIssue(schema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
  });

  it('attaches spec codes to the ACL and response header rules', () => {
    expect(onlyIssue(schema, { ...base, refererAcl: { aclType: 'whitelist', domainList: ['-x'] } }).apiCode).toBe(
      'InvalidPolicy.AclDomainType',
    );
    expect(onlyIssue(schema, { ...base, responseHeaders: [{ name: 'X', operationType: 'add' }] }).apiCode).toBe(
      'InvalidPolicy.ResponseHeader',
    );
  });
});

describe('cache control responses', () => {
  it('version 1.0 list items carry matchUrlPath, V2 items matches; policyId normalized', () => {
    const v1 = cacheControlPolicySchema.parse({ policyId: '4', matchUrlPath: { operator: 'prefix', patterns: ['/'] } });
    expect(v1).toEqual({ policyId: 4, matchUrlPath: { operator: 'prefix', patterns: ['/'] } });
    const v2 = cacheControlPolicyV2Schema.parse({
      policyId: 5,
      matches: [{ field: 'req.path', operator: 'not_istartwith', values: ['/a'] }],
    });
    expect(v2.matches?.[0].operator).toBe('not_istartswith');
  });
  it('require policyId', () => {
    expect(cacheControlPolicyV2Schema.safeParse({ policyName: 'x' }).success).toBe(false);
  });
});
