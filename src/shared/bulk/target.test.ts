import { describe, expect, it } from 'vitest';
import { domainPatternMatcher, matchTargets, targetSelectorSchema, type TargetCandidate } from './target.ts';

const candidate = (accountId: string, serviceId: number, domainName: string, tags: string[] = []): TargetCandidate => ({
  accountId,
  accountName: accountId.toUpperCase(),
  production: accountId === 'prod',
  serviceId,
  domainName,
  tags,
});

const candidates = [
  candidate('acme', 1, 'www.acme.example', ['retail']),
  candidate('acme', 2, 'img.acme.example', ['retail', 'staging']),
  candidate('prod', 3, 'shop.prod.example', ['retail']),
  candidate('prod', 4, 'api.prod.example'),
];

const ids = (selector: unknown) =>
  matchTargets(candidates, targetSelectorSchema.parse(selector)).targets.map((t) => `${t.accountId}/${t.serviceId}`);

describe('target matching', () => {
  it('domain patterns: * is any characters, whole name, case-insensitive, dots literal', () => {
    const m = domainPatternMatcher('*.ACME.example');
    expect(m('www.acme.example')).toBe(true);
    expect(m('acme.example')).toBe(false);
    expect(m('wwwXacme.example')).toBe(false);
    expect(domainPatternMatcher('shop.prod.example')('shop.prod.example.evil')).toBe(false);
    expect(domainPatternMatcher('*')('anything.example')).toBe(true);
  });

  it('explicit services plus every service that matches all filter fields', () => {
    expect(ids({ services: [{ accountId: 'prod', serviceId: 4 }] })).toEqual(['prod/4']);
    expect(ids({ accountIds: ['acme'] })).toEqual(['acme/1', 'acme/2']);
    expect(ids({ domainPattern: '*.prod.example' })).toEqual(['prod/3', 'prod/4']);
    expect(ids({ tags: ['retail'] })).toEqual(['acme/1', 'acme/2', 'prod/3']);
    expect(ids({ tags: ['retail', 'STAGING'] })).toEqual(['acme/2']);
    expect(ids({ accountIds: ['prod'], tags: ['retail'] })).toEqual(['prod/3']);
    expect(ids({ domainPattern: 'www.*', services: [{ accountId: 'prod', serviceId: 4 }] })).toEqual([
      'acme/1',
      'prod/4',
    ]);
  });

  it('lists each service once and reports explicit services the app does not know', () => {
    const match = matchTargets(
      [...candidates, candidates[0] as TargetCandidate],
      targetSelectorSchema.parse({
        services: [
          { accountId: 'acme', serviceId: 1 },
          { accountId: 'acme', serviceId: 99 },
          { accountId: 'acme', serviceId: 99 },
        ],
        accountIds: ['acme'],
      }),
    );
    expect(match.targets.map((t) => t.serviceId)).toEqual([1, 2]);
    expect(match.unknown).toEqual([{ accountId: 'acme', serviceId: 99 }]);
  });

  it('refuses a selection that selects nothing, naming what to do', () => {
    const result = targetSelectorSchema.safeParse({ services: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Choose target services/);
    expect(targetSelectorSchema.safeParse({ domainPattern: '  ' }).error?.issues[0]?.message).toMatch(
      /Domain pattern cannot be empty/,
    );
  });
});
