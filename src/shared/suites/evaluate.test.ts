import { describe, expect, it } from 'vitest';
import { evaluateAll, parseRequest, rulesFromLists, type ServicePolicyLists } from '../rules/index.ts';
import {
  checkChange,
  compactRequest,
  describeExpected,
  expectationFromEvaluation,
  runExpectations,
} from './evaluate.ts';
import { checkChangeOnLists, listsAfterChange, NEW_POLICY_ID } from './lists-after-change.ts';
import { expectationListSchema, type Expectation } from './schema.ts';

const lists: ServicePolicyLists = {
  cache: [
    {
      policyId: 1,
      policyName: 'Static',
      priority: 10,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/static/'] }],
      ttl: 86_400,
    },
    {
      policyId: 2,
      policyName: 'API',
      priority: 5,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/api/'] }],
      noCache: true,
    },
  ],
  access: [
    {
      policyId: 7,
      policyName: 'Block admin',
      priority: 10,
      type: 'deny',
      matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
      ipRestriction: '203.0.113.0/24',
    },
  ],
  redirections: [
    {
      policyId: 9,
      policyName: 'Old blog',
      priority: 1,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/blog/'] }],
      httpCode: 301,
      redirectDestination: 'https://blog.example.com/',
    },
  ],
};
const rules = rulesFromLists(lists);

const admin: Expectation = {
  name: 'Admin blocked from outside',
  request: { url: '/admin', clientIp: '10.0.0.1' },
  expect: { status: 'denied', rule: 'Block admin' },
};
const css: Expectation = {
  name: 'CSS cached a day',
  request: { url: '/static/a.css' },
  expect: { status: 'served', rule: 'Static', cache: 'cached', ttl: 86_400 },
};
const blog: Expectation = {
  name: 'Blog moved',
  request: { url: '/blog/x' },
  expect: { status: 'redirected', httpCode: 301, destination: 'https://blog.example.com/' },
};

describe('runExpectations', () => {
  it('passes expectations the rules meet', () => {
    const results = runExpectations([admin, css, blog], rules);
    expect(results.map((r) => [r.name, r.outcome, r.reason])).toEqual([
      ['Admin blocked from outside', 'pass', null],
      ['CSS cached a day', 'pass', null],
      ['Blog moved', 'pass', null],
    ]);
    expect(results[0]?.expected).toBe('403 by “Block admin”');
    expect(results[1]?.expected).toBe('served, cached 1 day by “Static”');
  });

  it('fails with the reason: another status, another rule, another TTL', () => {
    const fromInside: Expectation = { ...admin, name: 'inside', request: { url: '/admin', clientIp: '203.0.113.5' } };
    const otherRule: Expectation = { ...admin, name: 'other rule', expect: { status: 'denied', rule: 'Geo block' } };
    const hour: Expectation = { ...css, name: 'hour', expect: { status: 'served', cache: 'cached', ttl: 3600 } };
    const [a, b, c] = runExpectations([fromInside, otherRule, hour], rules);
    expect(a?.outcome).toBe('fail');
    expect(a?.reason).toBe(
      'Expected 403 by “Block admin”, got served, caching left to the origin (no cache rule applies).',
    );
    expect(b?.reason).toBe('Expected rule “Geo block” to decide, got 403 by “Block admin”.');
    expect(c?.reason).toBe('Expected a TTL of 1 hour, got served, cached 1 day by “Static”.');
  });

  it('cannot tell when an input is missing or the request no longer parses', () => {
    const noIp: Expectation = { ...admin, name: 'no ip', request: { url: '/admin' } };
    const broken: Expectation = { ...admin, name: 'broken', request: { url: 'admin' } };
    const [a, b] = runExpectations([noIp, broken], rules);
    expect(a?.outcome).toBe('cannot-tell');
    expect(a?.actual).toMatch(/^Cannot tell/);
    expect(b?.outcome).toBe('cannot-tell');
    expect(b?.reason).toBe('The URL must start with http://, https:// or /');
  });

  it('cannot tell when an access rule above may apply (no path condition readable)', () => {
    const unreadable = rulesFromLists({
      ...lists,
      access: [{ policyId: 3, policyName: 'V2 only', priority: 50, type: 'deny' }, ...lists.access],
    });
    expect(runExpectations([css], unreadable)[0]?.outcome).toBe('cannot-tell');
  });
});

describe('checkChange', () => {
  it('lists the expectations a change flips, with the verdict before and after', () => {
    const after = listsAfterChange(lists, {
      operationId: 'updateAccessControlPolicy',
      params: { serviceId: 1, policyId: 7 },
      body: {
        policyName: 'Block admin',
        type: 'deny',
        matchUrlPath: { operator: 'prefix', patterns: ['/administration'] },
        ipRestriction: '203.0.113.0/24',
        priority: 10,
      },
    });
    const result = checkChange([admin, css], rules, rulesFromLists(after));
    expect(result.total).toBe(2);
    expect(result.flipped).toHaveLength(1);
    expect(result.flipped[0]).toMatchObject({
      name: 'Admin blocked from outside',
      outcome: 'fail',
      expected: '403 by “Block admin”',
    });
    expect(result.flipped[0]?.before).toMatch(/^403 — denied by access rule “Block admin”/);
    expect(result.flipped[0]?.after).toMatch(/^Served/);
  });

  it('reports a change that makes a failing expectation pass as fixed, not flipped', () => {
    const week: Expectation = { ...css, name: 'week', expect: { status: 'served', cache: 'cached', ttl: 604_800 } };
    const body = {
      policyName: 'Static',
      priority: 10,
      autoGzipDisable: false,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/static/'] }],
      ttl: 604_800,
    };
    const result = checkChangeOnLists([week, css], lists, [], {
      operationId: 'updateCacheControlPolicyV2',
      params: { serviceId: 1, policyId: 1 },
      body,
    });
    expect(result.fixed).toEqual(['week']);
    expect(result.flipped.map((f) => [f.name, f.outcome])).toEqual([['CSS cached a day', 'fail']]);
  });

  it('flips to cannot tell when the change leaves an input the verdict needs unknown', () => {
    const open: Expectation = { name: 'Home served', request: { url: '/' }, expect: { status: 'served' } };
    // A new allow rule on every path with an IP list: the request without a client IP cannot be told.
    const result = checkChangeOnLists([open], lists, [], {
      operationId: 'createAccessControlPolicy',
      params: { serviceId: 1 },
      body: {
        policyName: 'Office only',
        type: 'allow',
        priority: 1,
        matchUrlPath: { operator: 'prefix', patterns: ['/'] },
        ipRestriction: '192.0.2.0/24',
      },
    });
    expect(result.flipped).toEqual([
      expect.objectContaining({
        name: 'Home served',
        outcome: 'cannot-tell',
        after: expect.stringMatching(/^Cannot tell — access rule “Office only”/),
      }),
    ]);
    // The policy has no ID before it is created: the verdict calls it new.
    const denied = checkChangeOnLists([open], lists, [], {
      operationId: 'createAccessControlPolicy',
      params: { serviceId: 1 },
      body: { policyName: 'Closed', type: 'deny', priority: 1, matchUrlPath: { operator: 'prefix', patterns: ['/'] } },
    });
    expect(denied.flipped[0]?.after).toContain('access rule “Closed” (new)');
    expect(denied.flipped[0]?.after).not.toContain(String(NEW_POLICY_ID));
  });

  it('places a created policy after listed ones of the same priority, and leaves CORS changes alone', () => {
    const after = listsAfterChange(lists, {
      operationId: 'createAccessControlPolicy',
      params: { serviceId: 1 },
      body: { policyName: 'New', type: 'deny' },
    });
    expect(after.access.at(-1)?.policyId).toBe(NEW_POLICY_ID);
    expect(listsAfterChange(lists, { operationId: 'setCorsHeaders', params: { serviceId: 1 }, body: {} })).toBe(lists);
  });

  it('uses the V2 matches of a V2 edit in full', () => {
    const body = {
      policyName: 'Block admin',
      type: 'deny',
      ipRestriction: '203.0.113.0/24',
      priority: 10,
      matches: [{ field: 'req.method', operator: 'equals', values: ['POST'] }],
    };
    const result = checkChangeOnLists([admin], lists, [], {
      operationId: 'updateAccessControlPolicyV2',
      params: { serviceId: 1, policyId: 7 },
      body,
    });
    expect(result.flipped[0]?.after).toMatch(/^Served/);
  });
});

describe('expectationFromEvaluation and the schema', () => {
  it('prefills the outcome the current verdict meets, naming the deciding rule', () => {
    const request = (url: string, clientIp = '') => {
      const parsed = parseRequest({ url, clientIp });
      if (!parsed.ok) throw new Error(parsed.problem);
      return parsed.request;
    };
    expect(expectationFromEvaluation(evaluateAll(rules, request('/admin', '10.0.0.1')))).toEqual({
      status: 'denied',
      rule: 'Block admin',
    });
    expect(expectationFromEvaluation(evaluateAll(rules, request('/static/a.css')))).toEqual({
      status: 'served',
      rule: 'Static',
      cache: 'cached',
      ttl: 86_400,
    });
    expect(expectationFromEvaluation(evaluateAll(rules, request('/index.html')))).toEqual({
      status: 'served',
      cache: 'origin',
    });
    expect(expectationFromEvaluation(evaluateAll(rules, request('/admin')))).toBeNull();
  });

  it('describes expectations and stores only fields away from their default', () => {
    expect(describeExpected({ status: 'served', cache: 'never' })).toBe('served, never cached');
    expect(describeExpected({ status: 'redirected', httpCode: 302 })).toBe('302');
    expect(
      compactRequest({
        url: ' /a ',
        method: 'GET',
        clientIp: '10.0.0.1',
        clientCountry: '',
        host: '',
        userAgent: '',
        cookie: '',
        origin: '',
        via: '',
        clientAnonymous: false,
        hasToken: true,
      }),
    ).toEqual({ url: '/a', clientIp: '10.0.0.1', hasToken: true });
  });

  it('refuses repeated names and a TTL without "cached", naming the field', () => {
    const repeated = expectationListSchema.safeParse([admin, admin]);
    expect(repeated.success).toBe(false);
    expect(repeated.error?.issues[0]?.path).toEqual([1, 'name']);
    const ttl = expectationListSchema.safeParse([{ ...css, expect: { status: 'served', ttl: 5 } }]);
    expect(ttl.error?.issues[0]?.message).toBe('A TTL is only expected when the request is cached (cache: cached).');
  });
});
