import { describe, expect, it } from 'vitest';
import { onlyIssue } from '../test-support/issues.ts';
import { redirectionPolicyV2Schema, updateRedirectionPolicyBodySchema as schema } from './redirection.ts';

const base = {
  policyName: 'Old blog',
  matchUrlPath: { operator: 'prefix', patterns: ['/blog'] },
  redirectDestination: 'https://blog.example.com/',
  httpCode: 301,
  priority: 1,
};

describe('updateRedirectionPolicyBodySchema (operation 11)', () => {
  it('accepts the mandatory fields, 301 and 302, a path destination, and the optional ones', () => {
    expect(schema.parse(base)).toEqual(base);
    expect(
      schema.safeParse({
        ...base,
        httpCode: 302,
        redirectDestination: '/new',
        matchQueryString: { operator: 'equals', patterns: ['a=1'] },
        enabled: false,
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ ...base, policyName: '' }, 'policyName', 'Policy name is required; enter a value.'],
    [{ ...base, matchUrlPath: undefined }, 'matchUrlPath', 'URL path match is required.'],
    [
      { ...base, matchUrlPath: { operator: 'startswith', patterns: ['/'] } },
      'matchUrlPath.operator',
      'URL path match operator must be prefix, regex, equals or suffix.',
    ],
    [
      { ...base, matchUrlPath: { operator: 'prefix', patterns: [] } },
      'matchUrlPath.patterns',
      'URL path match patterns is empty',
    ],
    [{ ...base, redirectDestination: '' }, 'redirectDestination', 'Redirect destination is required; enter a value.'],
    [
      { ...base, redirectDestination: 'blog.example.com' },
      'redirectDestination',
      'Redirect destination must be an http(s) URL',
    ],
    [{ ...base, httpCode: undefined }, 'httpCode', 'HTTP code is required; choose 301 or 302.'],
    [{ ...base, httpCode: 307 }, 'httpCode', 'HTTP code must be 301 (permanent) or 302 (temporary).'],
    [{ ...base, httpCode: '301' }, 'httpCode', 'HTTP code must be 301'],
    [{ ...base, priority: undefined }, 'priority', 'Priority is required.'],
    [{ ...base, priority: -3 }, 'priority', 'Priority must be a whole number greater than 0.'],
  ])('rejects %j at %s', (body, path, message) => {
    const issue = onlyIssue(schema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
  });
});

describe('redirectionPolicyV2Schema (operation 12 items)', () => {
  it('is lenient and normalizes policyId', () => {
    expect(redirectionPolicyV2Schema.parse({ policyId: '9', httpCode: 308, x: 1 })).toEqual({
      policyId: 9,
      httpCode: 308,
      x: 1,
    });
  });
});
