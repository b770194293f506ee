import { describe, expect, it } from 'vitest';
import { evaluateMatch, evaluatePatternMatch, normalizeOperator } from './match.ts';
import { matchOperators, type TestRequest } from './types.ts';
import { parseCidr, parseIpv4 } from './ipv4.ts';

const request: TestRequest = {
  path: '/Images/Logo.PNG',
  query: 'size=large&v=2',
  method: 'GET',
  clientIp: '203.0.113.77',
  host: 'www.example.com',
  userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/120',
  cookie: 'session=abc; theme=dark',
  origin: 'https://app.example.com',
  via: '1.1 proxy.example.net',
  clientCountry: '',
  clientAnonymous: false,
  hasToken: false,
};

const m = (field: string, operator: string, ...values: string[]) => evaluateMatch({ field, operator, values }, request);

describe('v1.1 string operators on req.path', () => {
  // [operator, values that make it match, values that make it fail]
  const cases: [string, string[], string[]][] = [
    ['startswith', ['/nope', '/Images/'], ['/images/']],
    ['not_startswith', ['/images/'], ['/Images/']],
    ['istartswith', ['/IMAGES/'], ['/css/']],
    ['not_istartswith', ['/css/'], ['/imAGes']],
    ['not_istartwith', ['/css/'], ['/imAGes']],
    ['equals', ['/Images/Logo.PNG'], ['/images/logo.png']],
    ['not_equals', ['/images/logo.png'], ['/x', '/Images/Logo.PNG']],
    ['iequals', ['/images/logo.png'], ['/images/logo']],
    ['not_iequals', ['/images/logo'], ['/IMAGES/LOGO.png']],
    ['endswith', ['.PNG'], ['.png']],
    ['not_endswith', ['.png'], ['.PNG']],
    ['iendswith', ['.gif', '.png'], ['.gif']],
    ['not_iendswith', ['.gif'], ['.png']],
    ['regex', ['^/Images/.*\\.PNG$'], ['^/images/']],
  ];
  for (const [operator, yes, no] of cases) {
    it(`${operator} matches ${JSON.stringify(yes)} and not ${JSON.stringify(no)}`, () => {
      expect(m('req.path', operator, ...yes)).toEqual({ matched: true, problems: [] });
      expect(m('req.path', operator, ...no)).toEqual({ matched: false, problems: [] });
    });
  }

  it('covers every operator of the spec', () => {
    const tested = new Set([...cases.map((c) => c[0]), 'subnet', 'not_subnet']);
    for (const op of matchOperators) expect(tested.has(op), op).toBe(true);
  });
});

describe('fields', () => {
  it('reads each request field', () => {
    expect(m('req.query', 'equals', 'size=large&v=2').matched).toBe(true);
    expect(m('req.method', 'equals', 'GET').matched).toBe(true);
    expect(m('req.host', 'iendswith', 'EXAMPLE.COM').matched).toBe(true);
    expect(m('req.header.user-agent', 'regex', 'Firefox/\\d+').matched).toBe(true);
    expect(m('req.header.cookie', 'regex', '(^|; )theme=dark').matched).toBe(true);
    expect(m('req.header.origin', 'equals', 'https://app.example.com').matched).toBe(true);
    expect(m('req.header.via', 'startswith', '1.1 ').matched).toBe(true);
    expect(m('client.ip', 'equals', '203.0.113.77').matched).toBe(true);
  });

  it('rejects an unknown field instead of matching', () => {
    const out = m('req.header.referer', 'equals', 'x');
    expect(out.matched).toBe(false);
    expect(out.problems[0]).toMatch(/unsupported field/);
  });

  it('rejects an unknown operator', () => {
    const out = m('req.path', 'contains', 'x');
    expect(out.matched).toBe(false);
    expect(out.problems[0]).toMatch(/unsupported operator "contains"/);
  });

  it('a condition without values does not match', () => {
    expect(m('req.path', 'not_equals').matched).toBe(false);
  });
});

describe('subnet operators', () => {
  it('subnet matches an address inside one of the networks', () => {
    expect(m('client.ip', 'subnet', '198.51.100.0/24', '203.0.113.0/25')).toEqual({ matched: true, problems: [] });
    expect(m('client.ip', 'subnet', '203.0.113.128/25').matched).toBe(false);
    expect(m('client.ip', 'subnet', '0.0.0.0/0').matched).toBe(true);
    expect(m('client.ip', 'subnet', '203.0.113.77/32').matched).toBe(true);
    expect(m('client.ip', 'subnet', '203.0.113.77').matched).toBe(true);
  });

  it('not_subnet is the negation', () => {
    expect(m('client.ip', 'not_subnet', '10.0.0.0/8').matched).toBe(true);
    expect(m('client.ip', 'not_subnet', '203.0.112.0/23').matched).toBe(false);
  });

  it('applies only to client.ip', () => {
    const out = m('req.host', 'subnet', '10.0.0.0/8');
    expect(out.matched).toBe(false);
    expect(out.problems[0]).toMatch(/only to field client.ip/);
    expect(m('req.path', 'not_subnet', '10.0.0.0/8').matched).toBe(false);
  });

  it('reports a bad network and still matches on a good one', () => {
    const out = m('client.ip', 'subnet', '300.1.1.0/24', '203.0.113.0/24');
    expect(out.matched).toBe(true);
    expect(out.problems).toEqual([expect.stringMatching(/invalid subnet "300.1.1.0\/24"/)]);
  });

  it('a bad network does not make not_subnet match everything', () => {
    const out = m('client.ip', 'not_subnet', '10.0.0.0/33');
    expect(out.matched).toBe(false);
    expect(out.problems).toHaveLength(1);
  });

  it('a client IP that is not IPv4 fails both forms', () => {
    const out = evaluateMatch(
      { field: 'client.ip', operator: 'not_subnet', values: ['10.0.0.0/8'] },
      { ...request, clientIp: '' },
    );
    expect(out.matched).toBe(false);
    expect(out.problems[0]).toMatch(/not an IPv4 address/);
  });
});

describe('bad regex', () => {
  it('fails the condition and names the pattern', () => {
    const out = m('req.path', 'regex', '(unclosed');
    expect(out.matched).toBe(false);
    expect(out.problems[0]).toMatch(/invalid regular expression "\(unclosed"/);
  });

  it('another valid pattern can still match, the bad one is reported', () => {
    const out = m('req.path', 'regex', '[', 'Logo');
    expect(out.matched).toBe(true);
    expect(out.problems).toHaveLength(1);
  });
});

describe('v1.0 pattern operators', () => {
  const p = (operator: string, subject: string, ...patterns: string[]) =>
    evaluatePatternMatch({ operator, patterns }, subject).matched;

  it('prefix', () => {
    expect(p('prefix', '/img/a.png', '/css/', '/img/')).toBe(true);
    expect(p('prefix', '/img/a.png', '/IMG/')).toBe(false);
  });
  it('suffix', () => {
    expect(p('suffix', '/img/a.png', '.png')).toBe(true);
    expect(p('suffix', '/img/a.png', '.jpg')).toBe(false);
  });
  it('equals', () => {
    expect(p('equals', 'a=1', 'a=1')).toBe(true);
    expect(p('equals', 'a=1&b=2', 'a=1')).toBe(false);
  });
  it('regex', () => {
    expect(p('regex', '/v2/users/42', '^/v\\d+/users/\\d+$')).toBe(true);
    expect(p('regex', '/v2/users/x', '^/v\\d+/users/\\d+$')).toBe(false);
  });
  it('bad regex and unknown operator are problems, not matches', () => {
    expect(evaluatePatternMatch({ operator: 'regex', patterns: ['*'] }, '/a').problems[0]).toMatch(/invalid regular/);
    expect(evaluatePatternMatch({ operator: 'startswith', patterns: ['/'] }, '/a')).toEqual({
      matched: false,
      problems: ['unsupported operator "startswith"'],
    });
    expect(evaluatePatternMatch({ operator: 'prefix', patterns: [] }, '/a').matched).toBe(false);
  });
});

describe('helpers', () => {
  it('normalizes the alternative spelling', () => {
    expect(normalizeOperator('not_istartwith')).toBe('not_istartswith');
    expect(normalizeOperator('bogus')).toBeNull();
  });
  it('parses IPv4 and CIDR strictly', () => {
    expect(parseIpv4('255.255.255.255')).toBe(0xffffffff);
    expect(parseIpv4('1.2.3')).toBeNull();
    expect(parseIpv4('01.2.3.4')).toBeNull();
    expect(parseCidr('10.1.2.3/8')).toEqual({ base: 10 * 2 ** 24, prefix: 8 });
    expect(parseCidr('10.0.0.0/x')).toBeNull();
    expect(parseCidr('10.0.0.0/8/1')).toBeNull();
  });
});
