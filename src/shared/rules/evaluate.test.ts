import { describe, expect, it } from 'vitest';
import { evaluateAll, evaluateRules, sortRules } from './evaluate.ts';
import { parseRequest } from './request.ts';
import type { RuleLike, TestRequest } from './types.ts';

const req = (url: string, extra: Partial<TestRequest> = {}): TestRequest => {
  const parsed = parseRequest({ url, clientIp: '192.0.2.10' });
  if (!parsed.ok) throw new Error(parsed.problem);
  return { ...parsed.request, ...extra };
};

const rule = (policyId: number, priority: number, over: Partial<RuleLike> = {}): RuleLike => ({
  kind: 'cache',
  policyId,
  policyName: `rule ${policyId}`,
  priority,
  matches: [{ field: 'req.path', operator: 'startswith', values: ['/img/'] }],
  ...over,
});

describe('effective order', () => {
  it('higher priority first, then lower policyId, then input order', () => {
    const rules = [rule(5, 1), rule(3, 10), rule(9, 10), rule(1, 10), rule(1, 10, { policyName: 'dup' })];
    expect(sortRules(rules).map((r) => `${r.policyId}:${r.policyName}`)).toEqual([
      '1:rule 1',
      '1:dup',
      '3:rule 3',
      '9:rule 9',
      '5:rule 5',
    ]);
  });
});

describe('evaluateRules', () => {
  it('a rule matches only when all its matches match', () => {
    const r = rule(1, 5, {
      matches: [
        { field: 'req.path', operator: 'startswith', values: ['/img/'] },
        { field: 'req.method', operator: 'equals', values: ['POST'] },
      ],
    });
    expect(evaluateRules([r], req('/img/a.png')).results[0]?.matched).toBe(false);
    expect(evaluateRules([r], req('/img/a.png', { method: 'POST' })).winner?.rule.policyId).toBe(1);
  });

  it('the highest priority matching enabled rule wins; disabled rules never win', () => {
    const rules = [
      rule(1, 1),
      rule(2, 50, { enabled: false }),
      rule(3, 20),
      rule(4, 99, { matches: [], matchUrlPath: { operator: 'prefix', patterns: ['/css/'] } }),
    ];
    const out = evaluateRules(rules, req('https://cdn.example.com/img/x.png?a=1'));
    expect(out.results.map((r) => [r.rule.policyId, r.matched, r.winner])).toEqual(
      [
        [4, true, false], // empty matches array: empty AND matches; matches wins over v1.0 fields
        [2, true, false],
        [3, true, false],
        [1, true, false],
      ].map(([id, m], i) => [id, m, i === 0]),
    );
  });

  it('disabled matching rule is shown and skipped', () => {
    const out = evaluateRules([rule(2, 50, { enabled: false }), rule(3, 20)], req('/img/a'));
    expect(out.results[0]).toMatchObject({ enabled: false, matched: true, winner: false, rank: 1 });
    expect(out.winner?.rule.policyId).toBe(3);
  });

  it('v1.0 rules use matchUrlPath and matchQueryString together', () => {
    const v10 = rule(7, 3, {
      matches: undefined,
      matchUrlPath: { operator: 'suffix', patterns: ['.png'] },
      matchQueryString: { operator: 'regex', patterns: ['(^|&)v=\\d'] },
    });
    expect(evaluateRules([v10], req('/a.png?v=2')).winner?.rule.policyId).toBe(7);
    const miss = evaluateRules([v10], req('/a.png?x=2'));
    expect(miss.winner).toBeNull();
    expect(miss.results[0]?.conditions.map((c) => c.matched)).toEqual([true, false]);
    expect(miss.results[0]?.conditions[1]?.description).toBe('query string regex (^|&)v=\\d');
  });

  it('no rule matches: no winner', () => {
    expect(evaluateRules([rule(1, 1)], req('/css/a.css')).winner).toBeNull();
  });
});

describe('evaluateAll', () => {
  it('keeps kinds apart', () => {
    const out = evaluateAll(
      [rule(1, 1), rule(2, 9, { kind: 'access' }), rule(3, 1, { kind: 'redirection', enabled: false })],
      req('/img/a'),
    );
    expect(out.cache.winner?.rule.policyId).toBe(1);
    expect(out.access.winner?.rule.policyId).toBe(2);
    expect(out.redirection.winner).toBeNull();
    expect(out.redirection.results).toHaveLength(1);
  });
});

describe('parseRequest', () => {
  it('splits an absolute URL', () => {
    const p = parseRequest({ url: 'https://www.example.com:8443/a/b%20c?x=1&y#frag', method: 'post' });
    expect(p).toMatchObject({
      ok: true,
      request: { path: '/a/b%20c', query: 'x=1&y', host: 'www.example.com:8443', method: 'POST' },
    });
  });
  it('accepts a path and a host override', () => {
    expect(parseRequest({ url: '/p?q', host: 'h.example' })).toMatchObject({
      ok: true,
      request: { path: '/p', query: 'q', host: 'h.example' },
    });
    expect(parseRequest({ url: 'https://h.example' })).toMatchObject({ ok: true, request: { path: '/', query: '' } });
  });
  it('explains bad input', () => {
    expect(parseRequest({ url: '' })).toMatchObject({ ok: false });
    expect(parseRequest({ url: 'example.com/a' })).toEqual({
      ok: false,
      field: 'url',
      problem: 'The URL must start with http://, https:// or /',
    });
    expect(parseRequest({ url: 'http://exa mple.com/' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not a valid URL/),
    });
  });
});
