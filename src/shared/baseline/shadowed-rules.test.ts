import { describe, expect, it } from 'vitest';
import { documentRules } from './document-rules.ts';
import { findShadowedRules } from './shadowed-rules.ts';
import { serviceConfig } from './test-support/service-config.ts';
import type { ServiceConfig } from '#shared/config-document/schema.ts';

type Cache = ServiceConfig['cacheControlPolicies'][number];
type Access = ServiceConfig['accessControlPolicies'][number];
const cache = (
  policyId: number,
  priority: number | undefined,
  matches: Cache['matches'],
  extra: Partial<Cache> = {},
): Cache => ({
  policyId,
  policyName: `c${policyId}`,
  ...(priority !== undefined ? { priority } : {}),
  matches,
  ttl: 60,
  ...extra,
});
const path = (operator: string, ...values: string[]) => ({ field: 'req.path', operator, values });

const shadowedCache = (policies: Cache[]) =>
  findShadowedRules(documentRules(serviceConfig({ cacheControlPolicies: policies })).cache).map((s) => [
    s.shadowed.policyName,
    s.by.policyName,
  ]);

describe('findShadowedRules: flags what it can prove', () => {
  it('a narrower prefix behind a wider one of higher priority', () => {
    expect(
      shadowedCache([
        cache(1, 20, [path('startswith', '/static/')]),
        cache(2, 10, [path('startswith', '/static/img/')]),
      ]),
    ).toEqual([['c2', 'c1']]);
  });
  it('an extra condition only narrows the later rule', () => {
    expect(
      shadowedCache([
        cache(1, 20, [path('startswith', '/a')]),
        cache(2, 10, [path('startswith', '/a/b'), { field: 'req.method', operator: 'equals', values: ['GET'] }]),
      ]),
    ).toEqual([['c2', 'c1']]);
  });
  it('reports the first rule in effective order as the cover', () => {
    expect(
      shadowedCache([
        cache(1, 20, [path('startswith', '/')]),
        cache(2, 30, [path('startswith', '/a')]),
        cache(3, 5, [path('equals', '/a/x')]),
      ]),
    ).toEqual([['c3', 'c2']]);
  });
  it('redirections are proven on their V2 conditions', () => {
    const config = serviceConfig({
      redirectionPolicies: [
        {
          policyId: 31,
          policyName: 'All blog',
          priority: 9,
          matches: [path('startswith', '/blog')],
          redirectDestination: 'https://x',
          httpCode: 301,
        },
        {
          policyId: 32,
          policyName: 'Old blog',
          priority: 3,
          matches: [path('startswith', '/blog/old')],
          redirectDestination: 'https://y',
          httpCode: 301,
        },
      ],
    });
    expect(findShadowedRules(documentRules(config).redirection).map((s) => s.shadowed.policyName)).toEqual([
      'Old blog',
    ]);
  });
  it('access rules: only when the listed conditions are trusted, and with the same anonymous scope', () => {
    const access = (policyId: number, priority: number, prefix: string, extra: Partial<Access> = {}): Access => ({
      policyId,
      policyName: `a${policyId}`,
      type: 'deny',
      priority,
      matchUrlPath: { operator: 'prefix', patterns: [prefix] },
      ...extra,
    });
    const config = serviceConfig({
      accessControlPolicies: [
        access(1, 20, '/admin'),
        access(2, 10, '/admin/x'),
        access(3, 5, '/admin/y', { anonymousIp: true }),
      ],
    });
    expect(findShadowedRules(documentRules(config).access)).toEqual([]);
    const trusted = findShadowedRules(documentRules(config, { trustListedAccessConditions: true }).access);
    expect(trusted.map((s) => s.shadowed.policyName)).toEqual(['a2']);
  });
});

describe('findShadowedRules: cases it must not flag', () => {
  it.each([
    [
      'equal priority (the tie-break is not the spec’s)',
      [cache(1, 10, [path('startswith', '/a')]), cache(2, 10, [path('startswith', '/a/b')])],
    ],
    [
      'the cover is disabled',
      [cache(1, 20, [path('startswith', '/a')], { enabled: false }), cache(2, 10, [path('startswith', '/a/b')])],
    ],
    [
      'the later rule is disabled (it never wins anyway; another check)',
      [cache(1, 20, [path('startswith', '/a')]), cache(2, 10, [path('startswith', '/a/b')], { enabled: false })],
    ],
    ['partial overlap', [cache(1, 20, [path('startswith', '/a/')]), cache(2, 10, [path('startswith', '/a')])]],
    [
      'covered only by two rules together',
      [
        cache(1, 20, [path('startswith', '/a')]),
        cache(2, 20, [path('startswith', '/b')]),
        cache(3, 10, [path('startswith', '/a', '/b')]),
      ],
    ],
    [
      'the cover has an extra condition',
      [
        cache(1, 20, [path('startswith', '/a'), { field: 'req.method', operator: 'equals', values: ['GET'] }]),
        cache(2, 10, [path('startswith', '/a/b')]),
      ],
    ],
    [
      'case-insensitive later rule behind a case-sensitive one',
      [cache(1, 20, [path('startswith', '/a')]), cache(2, 10, [path('istartswith', '/a/b')])],
    ],
    ['broken regex in the cover', [cache(1, 20, [path('regex', '(')]), cache(2, 10, [path('regex', '(')])]],
    ['different regexes', [cache(1, 20, [path('regex', '^/a')]), cache(2, 10, [path('regex', '^/a/b')])]],
    [
      'no priority listed',
      [cache(1, undefined, [path('startswith', '/a')]), cache(2, 10, [path('startswith', '/a/b')])],
    ],
    ['cover without conditions', [cache(1, 20, []), cache(2, 10, [path('startswith', '/a/b')])]],
    [
      'negated later rule behind a positive one',
      [cache(1, 20, [path('startswith', '/')]), cache(2, 10, [path('not_startswith', '/a')])],
    ],
  ])('%s', (_name, policies) => {
    expect(shadowedCache(policies)).toEqual([]);
  });
});
