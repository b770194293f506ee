import { describe, expect, it } from 'vitest';
import { decideAccess } from './access.ts';
import { evaluateAll } from './evaluate.ts';
import { parseRestrictionEntry } from './ipv4.ts';
import { parseRequest, type RequestForm } from './request.ts';
import type { AccessRestrictions, RuleLike, TestRequest } from './types.ts';
import { overallVerdict } from './verdict.ts';

const req = (form: Partial<RequestForm> = {}): TestRequest => {
  const parsed = parseRequest({ url: '/admin/login', ...form });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.request;
};

const accessRule = (
  policyId: number,
  priority: number,
  access: AccessRestrictions,
  over: Partial<RuleLike> = {},
): RuleLike => ({
  kind: 'access',
  policyId,
  policyName: `access ${policyId}`,
  priority,
  matches: [{ field: 'req.path', operator: 'startswith', values: ['/admin'] }],
  access,
  ...over,
});

describe('ipRestriction entries', () => {
  it('reads a single address, address/netmask and CIDR; IPv6 is recognised, nonsense is not', () => {
    expect(parseRestrictionEntry('203.0.113.7')).toEqual({
      base: parseRestrictionEntryBase('203.0.113.7'),
      prefix: 32,
    });
    expect(parseRestrictionEntry('203.0.113.9/255.255.255.0')).toEqual({
      base: parseRestrictionEntryBase('203.0.113.0'),
      prefix: 24,
    });
    expect(parseRestrictionEntry('203.0.113.0/24')).toEqual({
      base: parseRestrictionEntryBase('203.0.113.0'),
      prefix: 24,
    });
    expect(parseRestrictionEntry('10.0.0.0/255.0.255.0')).toBeNull();
    expect(parseRestrictionEntry('2001:db8::/32')).toBe('ipv6');
    expect(parseRestrictionEntry('example.com')).toBeNull();
  });
});

function parseRestrictionEntryBase(address: string): number {
  return address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

describe('decideAccess', () => {
  const cases: { name: string; list: string; inside: string; outside: string }[] = [
    { name: 'single address', list: '198.51.100.7', inside: '198.51.100.7', outside: '198.51.100.8' },
    { name: 'address/netmask', list: '192.168.1.0/255.255.255.0', inside: '192.168.1.200', outside: '192.168.2.1' },
    { name: 'CIDR', list: '203.0.113.0/24', inside: '203.0.113.5', outside: '10.0.0.1' },
  ];
  for (const c of cases) {
    it(`allow + IP restriction (${c.name}): inside allowed, outside denied`, () => {
      const access = { type: 'allow', ipRestriction: `10.9.9.9,${c.list}` };
      expect(decideAccess(access, req({ clientIp: c.inside })).decision).toBe('allow');
      const outside = decideAccess(access, req({ clientIp: c.outside }));
      expect(outside.decision).toBe('deny');
      expect(outside.reason).toContain(`client ${c.outside} is not in 10.9.9.9, ${c.list}`);
    });
  }

  it('an IP restriction without a client IP cannot be decided, and says what to enter', () => {
    const d = decideAccess({ type: 'allow', ipRestriction: '192.168.1.0/24' }, req());
    expect(d.decision).toBe('unknown');
    expect(d.reason).toMatch(/enter the client IP/);
  });

  it('geo restriction: listed country allowed, others denied, none given undecided', () => {
    const access = { type: 'allow', geoRestriction: 'AT,DE' };
    expect(decideAccess(access, req({ clientCountry: 'de' })).decision).toBe('allow');
    const us = decideAccess(access, req({ clientCountry: 'US' }));
    expect(us.decision).toBe('deny');
    expect(us.reason).toBe('Geo restriction: client country US is not in AT, DE.');
    expect(decideAccess(access, req()).decision).toBe('unknown');
  });

  it('IP and geo together: the client must be in both', () => {
    const access = { type: 'allow', ipRestriction: '192.0.2.0/24', geoRestriction: 'DE' };
    expect(decideAccess(access, req({ clientIp: '192.0.2.1', clientCountry: 'DE' })).decision).toBe('allow');
    expect(decideAccess(access, req({ clientIp: '192.0.2.1', clientCountry: 'FR' })).decision).toBe('deny');
    expect(decideAccess(access, req({ clientIp: '10.0.0.1', clientCountry: 'DE' })).decision).toBe('deny');
  });

  it('deny: without lists every request is refused; with lists the listed clients are let through', () => {
    expect(decideAccess({ type: 'deny' }, req({ clientIp: '203.0.113.5' })).decision).toBe('deny');
    const access = { type: 'deny', ipRestriction: '203.0.113.0/24,198.51.100.7' };
    expect(decideAccess(access, req({ clientIp: '203.0.113.5' })).decision).toBe('allow');
    expect(decideAccess(access, req({ clientIp: '10.0.0.1' })).decision).toBe('deny');
  });

  it('token: a request without a token is refused, with one it passes (validity not checked)', () => {
    const without = decideAccess({ type: 'token' }, req());
    expect(without.decision).toBe('deny');
    expect(without.reason).toBe('Token: the request carries no token.');
    const withToken = decideAccess({ type: 'token' }, req({ hasToken: true }));
    expect(withToken.decision).toBe('allow');
    expect(withToken.checks.map((c) => c.kind)).toEqual(['token']);
  });

  it('anonymousIp is the scope: off applies to non-anonymous clients only, on to anonymous only', () => {
    expect(decideAccess({ type: 'deny' }, req()).scope.outcome).toBe('pass');
    expect(decideAccess({ type: 'deny' }, req({ clientAnonymous: true })).scope.outcome).toBe('fail');
    expect(decideAccess({ type: 'deny', anonymousIp: true }, req({ clientAnonymous: true })).scope.outcome).toBe(
      'pass',
    );
    expect(decideAccess({ type: 'deny', anonymousIp: true }, req()).scope.explanation).toMatch(
      /applies to anonymous clients only; this client is not anonymous, so the rule is skipped/,
    );
  });
});

describe('access rules in the evaluation', () => {
  it('an allow rule limited to 192.168.1.0/24 decides 403 for 10.0.0.5, not "allow"', () => {
    const rules = [accessRule(1, 10, { type: 'allow', ipRestriction: '192.168.1.0/24' })];
    const ev = evaluateAll(rules, req({ clientIp: '10.0.0.5' }));
    expect(ev.access.winner?.access?.decision).toBe('deny');
    expect(overallVerdict(ev).headline).toBe(
      '403 — denied by access rule “access 1” (ID 1): IP restriction: client 10.0.0.5 is not in 192.168.1.0/24.',
    );
    expect(overallVerdict(evaluateAll(rules, req({ clientIp: '192.168.1.20' }))).status).toBe('served');
  });

  it('a rule out of anonymousIp scope is skipped and the next rule decides', () => {
    const rules = [accessRule(1, 20, { type: 'deny' }), accessRule(2, 10, { type: 'allow' })];
    expect(evaluateAll(rules, req()).access.winner?.rule.policyId).toBe(1);
    const vpn = evaluateAll(rules, req({ clientAnonymous: true }));
    expect(vpn.access.winner).toBeNull();
    expect(vpn.access.results.map((r) => r.applies)).toEqual(['fail', 'fail']);
  });

  it('a disabled rule never decides', () => {
    const ev = evaluateAll([accessRule(1, 10, { type: 'deny' }, { enabled: false })], req());
    expect(ev.access.winner).toBeNull();
    expect(overallVerdict(ev).notes[0]).toBe('No access rule applies, so the request is allowed.');
  });

  it('a rule whose path condition is not in the v1.0 list is undecided, and the verdict says so', () => {
    const hidden = accessRule(1, 30, { type: 'deny' }, { matches: undefined, readBack: 'v1.0-list-no-path' });
    const ev = evaluateAll([hidden, accessRule(2, 10, { type: 'allow' })], req());
    expect(ev.access.results[0]?.applies).toBe('unknown');
    expect(ev.access.results[0]?.readBackNote).toMatch(/whether the rule matches cannot be told/);
    expect(ev.access.winner?.rule.policyId).toBe(2);
    const verdict = overallVerdict(ev);
    expect(verdict.status).toBe('unknown');
    expect(verdict.headline).toMatch(/^Cannot tell — access rule “access 1” \(ID 1\) may apply first/);
  });

  it('a rule read from the v1.0 list carries a note that other conditions are not known', () => {
    const ev = evaluateAll([accessRule(1, 10, { type: 'deny' }, { readBack: 'v1.0-list' })], req());
    expect(ev.access.winner?.readBackNote).toMatch(/cannot be read back and are not tested/);
    expect(overallVerdict(ev).notes.join(' ')).toMatch(/cannot be read back/);
  });
});

describe('overallVerdict', () => {
  const cacheRule: RuleLike = {
    kind: 'cache',
    policyId: 5,
    policyName: 'Static',
    priority: 1,
    matches: [{ field: 'req.path', operator: 'startswith', values: ['/'] }],
    cache: { ttl: 86400, enableXCache: true },
  };
  const redirect: RuleLike = {
    kind: 'redirection',
    policyId: 6,
    policyName: 'Old blog',
    priority: 1,
    matches: [{ field: 'req.path', operator: 'startswith', values: ['/blog'] }],
    redirect: { httpCode: 301, destination: 'https://blog.example.com/' },
  };

  it('a redirect answers before the cache', () => {
    expect(overallVerdict(evaluateAll([cacheRule, redirect], req({ url: '/blog/x' }))).headline).toBe(
      '301 to https://blog.example.com/ by redirection “Old blog” (ID 6).',
    );
  });

  it('the cache rule reports its TTL and X-Cache', () => {
    expect(overallVerdict(evaluateAll([cacheRule, redirect], req({ url: '/img/a.png' }))).headline).toBe(
      'Served — cached 1 day by cache rule “Static” (ID 5), X-Cache on.',
    );
  });

  it('no cache rule: the origin decides', () => {
    expect(overallVerdict(evaluateAll([], req())).headline).toBe(
      'Served — no cache rule applies, so the origin’s caching headers decide.',
    );
  });

  it('an undecided restriction makes the verdict "cannot tell" with what to enter', () => {
    const ev = evaluateAll([accessRule(1, 10, { type: 'allow', geoRestriction: 'DE' })], req());
    expect(overallVerdict(ev).headline).toBe(
      'Cannot tell — access rule “access 1” (ID 1) decides: Geo restriction DE: enter the client country to test it.',
    );
  });
});

describe('parseRequest', () => {
  it('rejects a client country that is not two letters, naming the field', () => {
    expect(parseRequest({ url: '/', clientCountry: 'Germany' })).toEqual({
      ok: false,
      field: 'clientCountry',
      problem: 'Client country "Germany" must be a two-letter ISO 3166 code such as DE or US',
    });
  });
});
