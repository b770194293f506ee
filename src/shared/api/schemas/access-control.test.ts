import { describe, expect, it } from 'vitest';
import { issuesOf, onlyIssue } from '../test-support/issues.ts';
import {
  accessControlPolicySchema,
  accessControlPolicyV2Schema,
  createAccessControlPolicyBodySchema,
  updateAccessControlPolicyBodySchema,
  updateAccessControlPolicyV2BodySchema,
} from './access-control.ts';

const base = { policyName: 'Block admin', type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/admin'] } };
const token = 'a'.repeat(32) + '0123456789'.repeat(3) + 'xy';

describe('createAccessControlPolicyBodySchema (operation 7)', () => {
  it('accepts the mandatory fields and applies anonymousIp=false, enabled=true', () => {
    expect(createAccessControlPolicyBodySchema.parse(base)).toEqual({ ...base, anonymousIp: false, enabled: true });
  });

  it('treats priority as optional but rejects a present invalid one', () => {
    expect(createAccessControlPolicyBodySchema.safeParse({ ...base, priority: 5 }).success).toBe(true);
    expect(onlyIssue(createAccessControlPolicyBodySchema, { ...base, priority: 0 })).toEqual({
      path: 'priority',
      message: 'Priority must be a whole number greater than 0.',
    });
    expect(onlyIssue(createAccessControlPolicyBodySchema, { ...base, priority: 2.5 }).path).toBe('priority');
  });

  it('normalizes ipRestriction, geoRestriction and tokenSecret lists', () => {
    const parsed = createAccessControlPolicyBodySchema.parse({
      ...base,
      type: 'token',
      ipRestriction: '203.0.113.7, 198.51.100.0/24 ,192.0.2.0/255.255.255.0',
      geoRestriction: 'US, DE',
      tokenSecret: `${token}, ${token}`,
    });
    expect(parsed.ipRestriction).toBe('203.0.113.7,198.51.100.0/24,192.0.2.0/255.255.255.0');
    expect(parsed.geoRestriction).toBe('US,DE');
    expect(parsed.tokenSecret).toBe(`${token},${token}`);
  });

  it.each([
    [{ ...base, policyName: '' }, 'policyName', 'Policy name is required; enter a value.', undefined],
    [{ ...base, type: undefined }, 'type', 'Policy type is required; choose allow, deny or token.', undefined],
    [{ ...base, type: 'block' }, 'type', 'Policy type must be allow, deny or token.', undefined],
    [{ ...base, matchUrlPath: undefined }, 'matchUrlPath', 'URL path match is required.', undefined],
    [
      { ...base, matchQueryString: { operator: 'prefix', patterns: [] } },
      'matchQueryString.patterns',
      'Query string match patterns is empty',
      undefined,
    ],
    [
      { ...base, ipRestriction: '203.0.113.0/33' },
      'ipRestriction',
      'IP restriction entry "203.0.113.0/33" is not an address',
      'InvalidPolicy.IpRestriction',
    ],
    [
      { ...base, ipRestriction: '' },
      'ipRestriction',
      'IP restriction has an empty entry',
      'InvalidPolicy.IpRestriction',
    ],
    [
      { ...base, geoRestriction: 'US,EU' },
      'geoRestriction',
      'Geo restriction entry "EU" is not an upper-case ISO 3166',
      'InvalidPolicy.GeoFormat',
    ],
    [{ ...base, geoRestriction: 'de' }, 'geoRestriction', 'Geo restriction entry "de"', 'InvalidPolicy.GeoFormat'],
    [
      { ...base, tokenSecret: 'short' },
      'tokenSecret',
      'Token secret must be comma-separated tokens of exactly 64 characters',
      undefined,
    ],
    [{ ...base, anonymousIp: 'no' }, 'anonymousIp', 'Anonymous IPs must be true or false.', undefined],
  ])('rejects %j at %s', (body, path, message, apiCode) => {
    const issue = onlyIssue(createAccessControlPolicyBodySchema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
    expect(issue.apiCode).toBe(apiCode);
  });

  it('never echoes a token secret in its message', () => {
    const secret = 'Q'.repeat(64);
    expect(
      JSON.stringify(issuesOf(createAccessControlPolicyBodySchema, { ...base, tokenSecret: secret })),
    ).not.toContain(secret);
  });
});

describe('updateAccessControlPolicyBodySchema (operation 9)', () => {
  it('has the same rules as create but no defaults', () => {
    expect(updateAccessControlPolicyBodySchema.parse(base)).toEqual(base);
    expect(onlyIssue(updateAccessControlPolicyBodySchema, { ...base, type: 'x' }).path).toBe('type');
  });
});

describe('updateAccessControlPolicyV2BodySchema (operation 10)', () => {
  const v2 = {
    policyName: 'p',
    type: 'allow',
    matches: [{ field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] }],
  };
  it('requires matches instead of matchUrlPath', () => {
    expect(updateAccessControlPolicyV2BodySchema.parse(v2)).toEqual(v2);
    expect(onlyIssue(updateAccessControlPolicyV2BodySchema, { ...v2, matches: undefined }).path).toBe('matches');
    expect(
      updateAccessControlPolicyV2BodySchema.parse({ ...v2, matchUrlPath: { operator: 'prefix', patterns: ['/'] } }),
    ).toEqual(v2);
  });
  it('checks each match', () => {
    expect(
      onlyIssue(updateAccessControlPolicyV2BodySchema, {
        ...v2,
        matches: [{ field: 'req.path', operator: 'equals', values: [''] }],
      }).path,
    ).toBe('matches.0.values.0');
  });
});

describe('access control responses', () => {
  it('normalize a string policyId to a number and keep unknown fields', () => {
    expect(accessControlPolicySchema.parse({ policyId: '12', policyName: 'p', extra: 'x' })).toEqual({
      policyId: 12,
      policyName: 'p',
      extra: 'x',
    });
    expect(accessControlPolicyV2Schema.parse({ policyId: 12 }).policyId).toBe(12);
    expect(accessControlPolicySchema.safeParse({ policyId: 'abc' }).success).toBe(false);
  });
});
