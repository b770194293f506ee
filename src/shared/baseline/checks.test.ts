import { describe, expect, it } from 'vitest';
import { builtinChecks, checkById } from './catalogue.ts';
import { checkParametersById, describedCheckIds } from './check-parameters.ts';
import type { CheckResult, CheckTarget } from './check-types.ts';
import { NOW, serviceConfig, target, type ConfigOverrides } from './test-support/service-config.ts';
import { DAY_MS } from '../time.ts';

function run(id: string, t: CheckTarget, params: unknown = {}): CheckResult {
  const check = checkById(id);
  if (!check) throw new Error(`no check ${id}`);
  const prepared = check.prepare(params);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.run(t, { now: NOW });
}
const on = (overrides: ConfigOverrides) => target(serviceConfig(overrides));
const path = (operator: string, ...values: string[]) => ({ field: 'req.path', operator, values });

describe('the catalogue', () => {
  it('has at least 12 checks, each with an id, a one-line reason and a fix text, and default parameters', () => {
    expect(builtinChecks.length).toBeGreaterThanOrEqual(12);
    expect(new Set(builtinChecks.map((c) => c.id)).size).toBe(builtinChecks.length);
    for (const c of builtinChecks) {
      expect(c.reason).not.toMatch(/\n/);
      expect(c.reason.length).toBeGreaterThan(10);
      expect(c.fixText.length).toBeGreaterThan(10);
      expect(c.prepare({}).ok).toBe(true);
    }
  });
  it('builds every check on its parameters, which the editor reads without the evaluation', () => {
    for (const c of builtinChecks) {
      const parameters = checkParametersById(c.id);
      expect(parameters, c.id).toBeDefined();
      expect(c.params, c.id).toBe(parameters?.params);
      expect(c.fields, c.id).toBe(parameters?.fields);
    }
    expect(checkParametersById('no-such-check')).toBeUndefined();
    // No parameters for a check the catalogue does not have: the editor would offer its fields.
    expect([...describedCheckIds].sort()).toEqual(builtinChecks.map((c) => c.id).sort());
  });
  it('refuses bad parameters naming the check and the field', () => {
    const prepared = checkById('static-cache-ttl')?.prepare({ minTtlSeconds: -1 });
    expect(prepared).toEqual({
      ok: false,
      message: expect.stringMatching(/^Static paths cached long enough — minTtlSeconds: .*0 or more/),
    });
  });
});

describe('service settings', () => {
  it('https-redirect', () => {
    expect(run('https-redirect', on({})).status).toBe('pass');
    const failed = run('https-redirect', on({ service: { redirectHttpToHttps: false } }));
    expect(failed).toMatchObject({
      status: 'fail',
      fixes: [],
      findings: [{ item: 'Redirect HTTP to HTTPS', detail: 'off' }],
    });
    expect(run('https-redirect', on({ service: { redirectHttpToHttps: undefined } })).status).toBe('fail');
  });
  it('tls-profile', () => {
    expect(run('tls-profile', on({})).status).toBe('pass');
    expect(run('tls-profile', on({ service: { tlsProfile: 'old' } })).status).toBe('fail');
    expect(
      run('tls-profile', on({ service: { tlsProfile: 'intermediate' } }), { disallowed: ['old', 'intermediate'] })
        .status,
    ).toBe('fail');
    expect(run('tls-profile', on({ service: { tlsProfile: undefined } })).status).toBe('unknown');
  });
  it('http2 (absent means the default: on)', () => {
    expect(run('http2', on({ service: { http2: undefined } })).status).toBe('pass');
    expect(run('http2', on({ service: { http2: false } })).status).toBe('fail');
  });
  it('https-origins', () => {
    expect(run('https-origins', on({})).status).toBe('pass');
    const failed = run(
      'https-origins',
      on({ service: { origins: [{ originUrl: 'https://a.example' }, { originUrl: 'http://b.example' }] } }),
    );
    expect(failed.findings).toEqual([{ item: 'Origin 2 (http://b.example)', detail: 'uses http://' }]);
    // Without a scheme the client's protocol is used: fine only when HTTP is redirected.
    expect(run('https-origins', on({ service: { origins: [{ originUrl: 'b.example' }] } })).status).toBe('pass');
    expect(
      run('https-origins', on({ service: { redirectHttpToHttps: false, origins: [{ originUrl: 'b.example' }] } }))
        .status,
    ).toBe('fail');
  });
  it('s3-credentials-https', () => {
    const s3 = { accessKey: 'AK', accessSecret: '[REDACTED]', region: 'eu' };
    expect(
      run(
        's3-credentials-https',
        on({
          service: {
            origins: [{ originUrl: 'https://bucket.example', s3Credential: s3 }, { originUrl: 'http://plain.example' }],
          },
        }),
      ).status,
    ).toBe('pass');
    const failed = run(
      's3-credentials-https',
      on({ service: { origins: [{ originUrl: 'bucket.example', s3Credential: s3 }] } }),
    );
    expect(failed).toMatchObject({ status: 'fail', findings: [{ item: 'Origin 1 (bucket.example)' }] });
  });
});

describe('CORS and rate limit (from what this app applied)', () => {
  const cors = (headers: Record<string, unknown>) => ({ cors: { appliedAt: '2026-11-01T00:00:00Z', headers } });
  it('cors-no-wildcard-with-credentials', () => {
    expect(run('cors-no-wildcard-with-credentials', on({})).status).toBe('unknown');
    expect(
      run('cors-no-wildcard-with-credentials', on({ lastAppliedFromThisApp: cors({ accessControlAllowOrigin: '*' }) }))
        .status,
    ).toBe('pass');
    const bad = on({
      lastAppliedFromThisApp: cors({
        accessControlAllowOrigin: '*',
        accessControlAllowCredentials: true,
        accessControlMaxAge: 60,
      }),
    });
    expect(run('cors-no-wildcard-with-credentials', bad)).toMatchObject({
      status: 'fail',
      fixes: [{ kind: 'cors', headers: { accessControlAllowOrigin: '*', accessControlMaxAge: 60 } }],
    });
    expect(run('cors-no-wildcard-with-credentials', bad).fixes[0]).not.toHaveProperty(
      'headers.accessControlAllowCredentials',
    );
    expect(run('cors-no-wildcard-with-credentials', bad, { allowOrigin: 'https://app.example.com' }).fixes).toEqual([
      {
        kind: 'cors',
        headers: {
          accessControlAllowOrigin: 'https://app.example.com',
          accessControlAllowCredentials: true,
          accessControlMaxAge: 60,
        },
      },
    ]);
    expect(checkById('cors-no-wildcard-with-credentials')?.prepare({ allowOrigin: '*' }).ok).toBe(false);
  });
  it('rate-limit-applied', () => {
    expect(
      run(
        'rate-limit-applied',
        on({
          lastAppliedFromThisApp: { rateLimit: { appliedAt: 'x', rateLimit: { timeWindow: 60, requestLimit: 10 } } },
        }),
      ).status,
    ).toBe('pass');
    expect(run('rate-limit-applied', on({}), { requestLimit: 100 })).toMatchObject({
      status: 'fail',
      fixes: [{ kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 100 } }],
    });
    expect(
      run(
        'rate-limit-applied',
        on({ lastAppliedFromThisApp: { rateLimit: { appliedAt: '2026-11-02', rateLimit: null } } }),
      ).findings[0].detail,
    ).toMatch(/deleted/);
  });
});

describe('policies', () => {
  const cacheRule = (
    policyId: number,
    priority: number,
    matches: ReturnType<typeof path>[],
    ttl: number | undefined,
    extra = {},
  ) => ({
    policyId,
    policyName: `c${policyId}`,
    priority,
    matches,
    ...(ttl !== undefined ? { ttl } : {}),
    ...extra,
  });
  it('static-cache-ttl: a covering rule with a long TTL passes', () => {
    expect(
      run(
        'static-cache-ttl',
        on({ cacheControlPolicies: [cacheRule(1, 10, [path('startswith', '/static/')], 86_400)] }),
      ).status,
    ).toBe('pass');
    // A higher rule on other paths does not matter; one that may take some static paths must cache long enough too.
    expect(
      run(
        'static-cache-ttl',
        on({
          cacheControlPolicies: [
            cacheRule(2, 20, [path('startswith', '/api/')], 0),
            cacheRule(1, 10, [path('startswith', '/')], 86_400),
          ],
        }),
      ).status,
    ).toBe('pass');
  });
  it('static-cache-ttl: short TTL, never cache, no cover', () => {
    const short = run(
      'static-cache-ttl',
      on({ cacheControlPolicies: [cacheRule(1, 10, [path('startswith', '/static/')], 60)] }),
    );
    expect(short).toMatchObject({
      status: 'fail',
      fixes: [{ kind: 'cache-control-edit', policyName: 'c1', fields: { ttl: 86_400 } }],
    });
    const shadow = run(
      'static-cache-ttl',
      on({
        cacheControlPolicies: [
          cacheRule(2, 20, [path('endswith', '.js')], 3600, { noCache: true }),
          cacheRule(1, 10, [path('startswith', '/static/')], 86_400),
        ],
      }),
    );
    expect(shadow).toMatchObject({
      status: 'fail',
      findings: [{ item: 'Cache control “c2”', detail: expect.stringMatching(/may take paths/) }],
    });
    expect(run('static-cache-ttl', on({}))).toMatchObject({ status: 'fail', fixes: [] });
    expect(
      run('static-cache-ttl', on({ cacheControlPolicies: [cacheRule(1, 10, [path('startswith', '/static/')], 600)] }), {
        minTtlSeconds: 300,
      }).status,
    ).toBe('pass');
  });
  const access = (policyId: number, priority: number, type: string, prefix: string, extra = {}) => ({
    policyId,
    policyName: `a${policyId}`,
    type,
    priority,
    matchUrlPath: { operator: 'prefix', patterns: [prefix] },
    ...extra,
  });
  it('admin-path-denied', () => {
    const guarded = on({
      accessControlPolicies: [
        access(1, 10, 'deny', '/admin', { ipRestriction: '10.0.0.0/8' }),
        access(2, 11, 'deny', '/admin', { ipRestriction: '10.0.0.0/8', anonymousIp: true }),
      ],
    });
    expect(run('admin-path-denied', guarded).status).toBe('pass');
    expect(run('admin-path-denied', guarded, { allowedNetworks: ['0.0.0.0/0'] }).status).toBe('unknown');
    const open = run('admin-path-denied', on({ accessControlPolicies: [access(5, 3, 'allow', '/')] }), {
      includeAnonymousClients: false,
    });
    expect(open).toMatchObject({
      status: 'fail',
      findings: [{ item: '/admin from a client at 203.0.113.77', detail: 'let through by “a5”: it is an allow rule' }],
      fixes: [
        {
          kind: 'access-control',
          policy: {
            type: 'deny',
            ipRestriction: '10.0.0.0/8',
            priority: 4,
            anonymousIp: false,
            matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
          },
        },
      ],
    });
    // Anonymous clients slip past a rule that applies to non-anonymous ones only.
    const anonymousGap = run(
      'admin-path-denied',
      on({ accessControlPolicies: [access(1, 10, 'deny', '/admin', { ipRestriction: '10.0.0.0/8' })] }),
    );
    expect(anonymousGap).toMatchObject({
      status: 'fail',
      findings: [{ item: '/admin from a client at 203.0.113.77 behind a VPN or proxy' }],
    });
    expect(anonymousGap.fixes).toMatchObject([{ policy: { anonymousIp: true, priority: 11 } }]);
    // A deny rule whose IP list takes the probe in lets it through: said in plain words.
    const listed = run(
      'admin-path-denied',
      on({ accessControlPolicies: [access(1, 10, 'deny', '/admin', { ipRestriction: '203.0.113.0/24' })] }),
      { includeAnonymousClients: false },
    );
    expect(listed.findings[0]?.detail).toBe(
      'let through by “a1”: it is a deny rule, but its IP or geo list lets this client through (a deny rule blocks only clients outside its lists)',
    );
  });
  it('admin-path-denied: one Fix holds a deny rule for every client group that gets through, each with its own priority', () => {
    const open = run('admin-path-denied', on({ accessControlPolicies: [access(1, 7, 'allow', '/public')] }));
    expect(open.findings.map((f) => f.item)).toEqual([
      '/admin from a client at 203.0.113.77',
      '/admin from a client at 203.0.113.77 behind a VPN or proxy',
    ]);
    expect(open.fixes).toEqual([
      {
        kind: 'access-control',
        policy: {
          policyName: 'Deny /admin outside allowed networks',
          type: 'deny',
          matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
          ipRestriction: '10.0.0.0/8',
          anonymousIp: false,
          priority: 8,
          enabled: true,
        },
      },
      {
        kind: 'access-control',
        policy: {
          policyName: 'Deny /admin outside allowed networks (anonymous clients)',
          type: 'deny',
          matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
          ipRestriction: '10.0.0.0/8',
          anonymousIp: true,
          priority: 9,
          enabled: true,
        },
      },
    ]);
    // With both rules in place the check passes: nothing is left for a second round.
    const fixed = on({
      accessControlPolicies: [
        access(1, 7, 'allow', '/public'),
        ...open.fixes.map((f, i) => (f.kind === 'access-control' ? { policyId: 50 + i, ...f.policy } : {})),
      ] as never,
    });
    expect(run('admin-path-denied', fixed).status).toBe('pass');
  });
  it('unique-access-priorities', () => {
    expect(
      run(
        'unique-access-priorities',
        on({ accessControlPolicies: [access(1, 1, 'deny', '/a'), access(2, 2, 'deny', '/b')] }),
      ).status,
    ).toBe('pass');
    expect(
      run(
        'unique-access-priorities',
        on({ accessControlPolicies: [access(1, 5, 'deny', '/a'), access(2, 5, 'allow', '/b')] }),
      ).findings,
    ).toEqual([{ item: 'Priority 5', detail: 'shared by “a1”, “a2”' }]);
  });
  it('no-shadowed-rule', () => {
    expect(
      run(
        'no-shadowed-rule',
        on({
          cacheControlPolicies: [
            cacheRule(1, 10, [path('startswith', '/a')], 1),
            cacheRule(2, 5, [path('startswith', '/b')], 1),
          ],
        }),
      ).status,
    ).toBe('pass');
    const failed = run(
      'no-shadowed-rule',
      on({
        cacheControlPolicies: [
          cacheRule(1, 10, [path('startswith', '/a')], 1),
          cacheRule(2, 5, [path('startswith', '/a/b')], 1),
        ],
      }),
    );
    expect(failed).toMatchObject({
      status: 'fail',
      findings: [{ item: 'Cache control “c2”', detail: expect.stringMatching(/can never win/) }],
    });
    expect(
      run(
        'no-shadowed-rule',
        on({
          cacheControlPolicies: [
            cacheRule(1, 10, [path('startswith', '/a')], 1),
            cacheRule(2, 5, [path('startswith', '/a/b')], 1),
          ],
        }),
        { kinds: ['redirection'] },
      ).status,
    ).toBe('pass');
  });
  it('no-stale-disabled-policy', () => {
    const config = serviceConfig({
      cacheControlPolicies: [cacheRule(1, 10, [path('startswith', '/a')], 1, { enabled: false })],
    });
    const since = (days: number) => ({ disabledSince: { 'cache:1': new Date(NOW - days * DAY_MS).toISOString() } });
    expect(run('no-stale-disabled-policy', target(config, since(5))).status).toBe('pass');
    expect(run('no-stale-disabled-policy', target(config, since(45)))).toMatchObject({
      status: 'fail',
      findings: [{ item: 'Cache control “c1”', detail: expect.stringMatching(/at least 45 days/) }],
    });
    expect(run('no-stale-disabled-policy', target(config, since(45)), { maxDays: 60 }).status).toBe('pass');
    expect(run('no-stale-disabled-policy', target(config)).status).toBe('unknown');
  });
});

describe('traffic (from the analytics cache)', () => {
  const traffic = (coveredDays: number, lastRequestDaysAgo: number | null) => ({
    traffic: {
      coveredSince: NOW - coveredDays * DAY_MS,
      coveredUntil: NOW - 3_600_000,
      lastRequestAt: lastRequestDaysAgo === null ? null : NOW - lastRequestDaysAgo * DAY_MS,
    },
  });
  it('no-idle-enabled-service', () => {
    const config = serviceConfig({});
    expect(run('no-idle-enabled-service', target(config, traffic(40, 2))).status).toBe('pass');
    expect(run('no-idle-enabled-service', target(config, traffic(40, 35)))).toMatchObject({
      status: 'fail',
      findings: [{ detail: expect.stringMatching(/none in the last 30 days/) }],
    });
    expect(run('no-idle-enabled-service', target(config, traffic(40, null))).status).toBe('fail');
    // Not enough cached data to claim zero traffic.
    expect(run('no-idle-enabled-service', target(config, traffic(10, null))).status).toBe('unknown');
    expect(run('no-idle-enabled-service', target(config)).status).toBe('unknown');
    expect(
      run('no-idle-enabled-service', target(serviceConfig({ service: { enabled: false } }), traffic(40, null))).status,
    ).toBe('pass');
    expect(run('no-idle-enabled-service', target(config, traffic(40, null)), { days: 60 }).status).toBe('unknown');
  });
});

describe('fixes are bulk changes', () => {
  it('every fix a check proposes is accepted by the bulk change schema', async () => {
    const { bulkChangeSchema } = await import('../bulk/change.ts');
    const fixes = [
      run(
        'cors-no-wildcard-with-credentials',
        on({
          lastAppliedFromThisApp: {
            cors: {
              appliedAt: 'x',
              headers: { accessControlAllowOrigin: '*', accessControlAllowCredentials: true, accessControlMaxAge: 60 },
            },
          },
        }),
      ).fixes,
      run('rate-limit-applied', on({})).fixes,
      run(
        'static-cache-ttl',
        on({
          cacheControlPolicies: [
            {
              policyId: 1,
              policyName: 'c1',
              priority: 1,
              matches: [path('startswith', '/static/')],
              ttl: 5,
              noCache: true,
            },
          ],
        }),
      ).fixes,
      run('admin-path-denied', on({})).fixes,
    ].flat();
    expect(fixes).toHaveLength(5);
    for (const fix of fixes) {
      expect(bulkChangeSchema.safeParse(fix).success, JSON.stringify(fix)).toBe(true);
    }
  });
});
