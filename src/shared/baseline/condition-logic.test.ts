import { describe, expect, it } from 'vitest';
import { atomImplies, atomOf, atomsDisjoint, conjunctionImplies, type Atom } from './condition-logic.ts';
import { evaluateMatch } from '../rules/match.ts';
import type { MatchLike, TestRequest } from '../rules/types.ts';

const atom = (field: string, operator: string, ...values: string[]): Atom => {
  const a = atomOf({ field, operator, values });
  if (a === null) throw new Error(`unreadable ${field} ${operator} ${values.join(',')}`);
  return a;
};
const path = (operator: string, ...values: string[]) => atom('req.path', operator, ...values);

describe('atomImplies (proven only)', () => {
  it('prefix inside a shorter prefix', () => {
    expect(atomImplies(path('startswith', '/static/img/'), path('startswith', '/static/'))).toBe(true);
    expect(atomImplies(path('startswith', '/static/'), path('startswith', '/static/img/'))).toBe(false);
  });
  it('every value must be covered by some value', () => {
    expect(atomImplies(path('startswith', '/a/', '/b/x'), path('startswith', '/b/', '/a/'))).toBe(true);
    expect(atomImplies(path('startswith', '/a/', '/c/'), path('startswith', '/b/', '/a/'))).toBe(false);
  });
  it('suffixes, equals against anything, identical regexes', () => {
    expect(atomImplies(path('endswith', '.min.js'), path('endswith', '.js'))).toBe(true);
    expect(atomImplies(path('equals', '/admin/login'), path('startswith', '/admin'))).toBe(true);
    expect(atomImplies(path('equals', '/admin/login'), path('regex', '^/admin/(login|logout)$'))).toBe(true);
    expect(atomImplies(path('equals', '/admin/x'), path('regex', '^/admin/(login|logout)$'))).toBe(false);
    expect(atomImplies(path('regex', '^/a'), path('regex', '^/a'))).toBe(true);
    // Different regexes are never compared, even when one is obviously narrower.
    expect(atomImplies(path('regex', '^/a/b'), path('regex', '^/a'))).toBe(false);
    expect(atomImplies(path('startswith', '/a'), path('regex', '^/a'))).toBe(false);
  });
  it('case: a case-sensitive set lies inside the case-insensitive one, not the other way round', () => {
    expect(atomImplies(path('startswith', '/Static/'), path('istartswith', '/static/'))).toBe(true);
    expect(atomImplies(path('istartswith', '/static/'), path('startswith', '/static/'))).toBe(false);
    expect(atomImplies(path('iequals', '/ADMIN'), path('iequals', '/admin'))).toBe(true);
  });
  it('non-ASCII values under case folding are not reasoned about', () => {
    // toLowerCase is not one-to-one there (İ → i̇, final sigma): no claim.
    expect(atomImplies(path('startswith', '/İ'), path('istartswith', '/i̇'))).toBe(false);
  });
  it('subnets nest; not_subnet complements within IPv4 only', () => {
    const ip = (op: string, ...v: string[]) => atom('client.ip', op, ...v);
    expect(atomImplies(ip('subnet', '10.1.0.0/16'), ip('subnet', '10.0.0.0/8'))).toBe(true);
    expect(atomImplies(ip('subnet', '10.0.0.0/8'), ip('subnet', '10.1.0.0/16'))).toBe(false);
    expect(atomImplies(ip('equals', '10.1.2.3'), ip('subnet', '10.0.0.0/8'))).toBe(true);
    expect(atomImplies(ip('not_subnet', '10.0.0.0/8'), ip('not_subnet', '10.1.0.0/16'))).toBe(true);
    expect(atomImplies(ip('subnet', '192.168.0.0/16'), ip('not_subnet', '10.0.0.0/8'))).toBe(true);
    // not_equals is over all strings, not_subnet over IPv4 addresses only: not compared.
    expect(atomImplies(ip('not_subnet', '10.0.0.0/8'), ip('not_equals', '10.0.0.1'))).toBe(false);
  });
  it('negations reverse; positive inside a negation needs disjointness', () => {
    expect(atomImplies(path('not_startswith', '/a'), path('not_startswith', '/a/b'))).toBe(true);
    expect(atomImplies(path('not_startswith', '/a/b'), path('not_startswith', '/a'))).toBe(false);
    expect(atomImplies(atom('req.method', 'equals', 'GET'), atom('req.method', 'not_equals', 'POST'))).toBe(true);
    expect(atomImplies(atom('req.method', 'equals', 'GET'), atom('req.method', 'not_equals', 'GET'))).toBe(false);
    expect(atomImplies(path('not_startswith', '/a'), path('startswith', '/'))).toBe(false);
  });
  it('different fields never imply each other', () => {
    expect(atomImplies(atom('req.host', 'startswith', '/a'), path('startswith', '/a'))).toBe(false);
  });
});

describe('atomOf refuses conditions the engine reports problems for', () => {
  it.each([
    { field: 'req.path', operator: 'regex', values: ['(unclosed'] },
    { field: 'req.path', operator: 'subnet', values: ['10.0.0.0/8'] },
    { field: 'client.ip', operator: 'subnet', values: ['not-a-network'] },
    { field: 'req.body', operator: 'equals', values: ['x'] },
    { field: 'req.path', operator: 'contains', values: ['x'] },
    { field: 'req.path', operator: 'equals', values: [] },
  ])('$field $operator $values', (m) => {
    expect(atomOf(m)).toBeNull();
  });
});

describe('atomsDisjoint', () => {
  it('prefixes that do not nest, equals outside a set', () => {
    expect(atomsDisjoint(path('startswith', '/a/'), path('startswith', '/b/'))).toBe(true);
    expect(atomsDisjoint(path('startswith', '/a/'), path('startswith', '/a/b'))).toBe(false);
    expect(atomsDisjoint(path('equals', '/x'), path('regex', '^/a'))).toBe(true);
    expect(atomsDisjoint(path('startswith', '/a'), path('endswith', '.js'))).toBe(false);
    expect(atomsDisjoint(path('startswith', '/a'), path('not_startswith', '/'))).toBe(true);
  });
});

describe('conjunctionImplies', () => {
  it('the narrow rule must meet every condition of the wide one', () => {
    const narrow = [path('startswith', '/api/v1/'), atom('req.method', 'equals', 'GET')];
    expect(conjunctionImplies(narrow, [path('startswith', '/api/')])).toBe(true);
    expect(conjunctionImplies([path('startswith', '/api/')], narrow)).toBe(false);
    expect(conjunctionImplies(narrow, [])).toBe(false);
  });
});

// Soundness against the engine itself: whenever the logic claims a ⊆ b, no generated request
// may match a and not b; whenever it claims disjointness, none may match both.
describe('soundness against the rule engine (generated cases)', () => {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const pieces = ['/', 'a', 'A', 'b', '/a', '/A/', '.js', 'x', ''];
  const word = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(pieces)).join('') || '/';
  const pathOps = [
    'startswith',
    'not_startswith',
    'istartswith',
    'not_istartswith',
    'equals',
    'not_equals',
    'iequals',
    'endswith',
    'not_endswith',
    'iendswith',
    'regex',
    'not_regex',
  ];
  const ipValues = ['10.0.0.0/8', '10.1.0.0/16', '10.1.2.3', '192.168.0.0/16', '0.0.0.0/0'];
  const ipOps = ['subnet', 'not_subnet', 'equals', 'not_equals'];
  const condition = (): MatchLike => {
    if (random() < 0.3)
      return {
        field: 'client.ip',
        operator: pick(ipOps),
        values: [pick(ipValues), ...(random() < 0.3 ? [pick(ipValues)] : [])],
      };
    const operator = pick(pathOps).replace('not_regex', 'regex');
    const values =
      operator === 'regex' ? [pick(['^/a', '^/a$', 'js$', '^/A/'])] : [word(), ...(random() < 0.3 ? [word()] : [])];
    return { field: 'req.path', operator, values };
  };
  const request = (p: string, ip: string): TestRequest => ({
    path: p,
    query: '',
    method: 'GET',
    clientIp: ip,
    host: '',
    userAgent: '',
    cookie: '',
    origin: '',
    via: '',
    clientCountry: '',
    clientAnonymous: false,
    hasToken: false,
  });
  const samplePaths = Array.from({ length: 300 }, word).concat(['/', '/a', '/A/', '/a.js', '/İ', '/ab', '/A/x.js']);
  const sampleIps = ['10.0.0.1', '10.1.2.3', '10.1.9.9', '192.168.1.1', '8.8.8.8', 'not-ip', '', '::1'];

  it('never claims an implication or disjointness the engine contradicts', () => {
    let claims = 0;
    for (let n = 0; n < 3000; n++) {
      const m1 = condition();
      const m2 = condition();
      const a = atomOf(m1);
      const b = atomOf(m2);
      if (a === null || b === null) continue;
      const implies = atomImplies(a, b);
      const disjoint = atomsDisjoint(a, b);
      if (!implies && !disjoint) continue;
      claims += 1;
      for (const p of samplePaths) {
        for (const ip of sampleIps) {
          const r = request(p, ip);
          const x = evaluateMatch(m1, r).matched;
          const y = evaluateMatch(m2, r).matched;
          if (implies && x && !y)
            throw new Error(`claimed ${JSON.stringify(m1)} ⊆ ${JSON.stringify(m2)}; ${p} ${ip} contradicts`);
          if (disjoint && x && y)
            throw new Error(`claimed ${JSON.stringify(m1)} ∩ ${JSON.stringify(m2)} = ∅; ${p} ${ip} contradicts`);
        }
      }
    }
    // The generator must exercise the logic, not only produce "not proven".
    expect(claims).toBeGreaterThan(200);
  });
});
