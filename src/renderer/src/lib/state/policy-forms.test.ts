import { describe, expect, it } from 'vitest';
import {
  accessBody,
  accessBodyForValidation,
  accessFormFrom,
  cacheBody,
  cacheFormFrom,
  corsBody,
  corsFormFrom,
  rateLimitBody,
  redirectionBody,
  redirectionFormFrom,
  splitTtl,
  ttlProblem,
} from './policy-forms.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { updateCacheControlPolicyV2BodySchema } from '#shared/api/schemas/cache-control.ts';
import { corsHeadersSchema } from '#shared/api/schemas/cors.ts';
import { updateAccessControlPolicyBodySchema } from '#shared/api/schemas/access-control.ts';

describe('cache control form', () => {
  const policy = {
    policyId: 7,
    policyName: 'img',
    priority: 3,
    matches: [{ field: 'req.path', operator: 'startswith', values: ['/img/'] }],
    ttl: 7200,
    refererAcl: { aclType: 'blacklist', domainList: ['bad.example'] },
    varyMIMEs: ['image/webp'],
    noCache: true,
  };

  it('round-trips a listed policy into a valid body, TTL in its largest exact unit', () => {
    const form = cacheFormFrom(policy);
    expect(form).toMatchObject({ ttlValue: '2', ttlUnit: 'h', priority: '3' });
    expect(form.flags).toMatchObject({ noCache: true, enabled: true, autoGzipDisable: false });
    const body = cacheBody(form);
    expect(body).toMatchObject({
      ttl: 7200,
      priority: 3,
      refererAcl: policy.refererAcl,
      varyMIMEs: ['image/webp'],
      noCache: true,
      autoGzipDisable: false,
    });
    expect(body).not.toHaveProperty('originAcl');
    expect(body).not.toHaveProperty('responseHeaders');
    expect(updateCacheControlPolicyV2BodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves out what the user emptied and keeps bad text for the schema to name', () => {
    const form = cacheFormFrom(policy);
    form.ttlValue = '';
    form.priority = 'x';
    form.responseHeaders = [{ name: 'X-Gone', operationType: 'delete', value: 'ignored' }];
    const body = cacheBody(form);
    expect(body).not.toHaveProperty('ttl');
    expect(body.priority).toBe('x');
    expect(body.responseHeaders).toEqual([{ name: 'X-Gone', operationType: 'delete' }]);
  });

  it('splits TTLs', () => {
    expect(splitTtl(86400 * 3)).toEqual({ ttlValue: '3', ttlUnit: 'd' });
    expect(splitTtl(90)).toEqual({ ttlValue: '90', ttlUnit: 's' });
    expect(splitTtl(0)).toEqual({ ttlValue: '0', ttlUnit: 's' });
    expect(splitTtl(undefined)).toEqual({ ttlValue: '', ttlUnit: 's' });
  });
});

describe('access control form', () => {
  const listed = {
    policyId: 2,
    policyName: 'dl',
    type: 'token',
    priority: 5,
    matchUrlPath: { operator: 'prefix', patterns: ['/dl/'] },
    ipRestriction: '10.0.0.0/8, 192.0.2.1',
    geoRestriction: 'DE,FR',
    tokenSecret: SECRET_MASK,
  };

  it('keeps the server tokens with the mask unless new ones are given', () => {
    const form = accessFormFrom(listed);
    expect(form).toMatchObject({
      keepTokens: true,
      tokenSecret: [],
      ipRestriction: ['10.0.0.0/8', '192.0.2.1'],
      geoRestriction: ['DE', 'FR'],
    });
    const body = accessBody(form);
    expect(body).toMatchObject({
      tokenSecret: SECRET_MASK,
      ipRestriction: '10.0.0.0/8,192.0.2.1',
      geoRestriction: 'DE,FR',
    });
    expect(updateAccessControlPolicyBodySchema.safeParse(accessBodyForValidation(body)).success).toBe(true);
    form.tokenSecret = ['a'.repeat(64), 'b'.repeat(64)];
    expect(accessBody(form).tokenSecret).toBe(`${'a'.repeat(64)},${'b'.repeat(64)}`);
    form.type = 'deny';
    expect(accessBody(form)).not.toHaveProperty('tokenSecret');
  });

  it('V2 shape sends matches built from the v1.0 conditions', () => {
    const form = accessFormFrom({ ...listed, matchQueryString: { operator: 'regex', patterns: ['t=\\w+'] } });
    form.shape = 'v2';
    const body = accessBody(form);
    expect(body.matches).toEqual([
      { field: 'req.path', operator: 'startswith', values: ['/dl/'] },
      { field: 'req.query', operator: 'regex', values: ['t=\\w+'] },
    ]);
    expect(body).not.toHaveProperty('matchUrlPath');
  });
});

describe('redirection form', () => {
  it('converts the V2 listing to the v1.0 edit shape', () => {
    const { form, converted } = redirectionFormFrom({
      policyId: 1,
      policyName: 'old',
      matches: [{ field: 'req.path', operator: 'endswith', values: ['.php'] }],
      redirectDestination: '/new',
      httpCode: 302,
      priority: 4,
    });
    expect(converted).toBe(true);
    expect(redirectionBody(form)).toEqual({
      policyName: 'old',
      matchUrlPath: { operator: 'suffix', patterns: ['.php'] },
      redirectDestination: '/new',
      httpCode: 302,
      priority: 4,
      enabled: true,
    });
    expect(
      redirectionFormFrom({ policyId: 2, matches: [{ field: 'req.host', operator: 'iequals', values: ['a'] }] })
        .converted,
    ).toBe(false);
  });
});

describe('CORS and rate limit forms', () => {
  it('CORS leaves empty fields out and never sends credentials false', () => {
    expect(corsBody(corsFormFrom(null))).toEqual({});
    const form = corsFormFrom({
      accessControlAllowOrigin: '*',
      accessControlAllowMethods: 'GET,HEAD',
      accessControlMaxAge: 0,
    });
    form.allowHeaders = 'X-A , X-B';
    const body = corsBody(form);
    expect(body).toEqual({
      accessControlAllowOrigin: '*',
      accessControlAllowMethods: 'GET,HEAD',
      accessControlMaxAge: 0,
      accessControlAllowHeaders: 'X-A,X-B',
    });
    expect(corsHeadersSchema.safeParse(body).success).toBe(true);
  });

  it('rate limit: "keep" leaves the option out so the server keeps its value', () => {
    expect(
      rateLimitBody({ timeWindow: '60', requestLimit: '10', ignoreUrlPath: 'keep', ignoreQueryString: 'false' }),
    ).toEqual({
      timeWindow: 60,
      requestLimit: 10,
      ignoreQueryString: false,
    });
  });
});

describe('ttlProblem (the message speaks the chosen unit)', () => {
  it('accepts empty and whole numbers of the unit', () => {
    expect(ttlProblem({ ttlValue: '', ttlUnit: 'd' })).toBeNull();
    expect(ttlProblem({ ttlValue: '0', ttlUnit: 's' })).toBeNull();
    expect(ttlProblem({ ttlValue: ' 30 ', ttlUnit: 'd' })).toBeNull();
  });

  it.each([
    ['1.5', 'd', 'TTL must be a whole number of days, 0 or more (e.g. 1 for one day)'],
    ['-2', 'h', 'TTL must be a whole number of hours, 0 or more (e.g. 1 for one hour)'],
    ['ten', 'min', 'TTL must be a whole number of minutes'],
  ] as const)('rejects %j %s in that unit', (ttlValue, ttlUnit, message) => {
    const problem = ttlProblem({ ttlValue, ttlUnit });
    expect(problem).toContain(message);
    expect(problem).not.toContain('seconds');
  });

  it('reports unreadable text in a number box (its value is empty) and a too large value in the unit', () => {
    expect(ttlProblem({ ttlValue: '', ttlUnit: 'd' }, true)).toContain('whole number of days');
    expect(ttlProblem({ ttlValue: String(Number.MAX_SAFE_INTEGER), ttlUnit: 'd' })).toBe(
      `TTL must be at most ${Math.floor(Number.MAX_SAFE_INTEGER / 86400)} days.`,
    );
  });
});
