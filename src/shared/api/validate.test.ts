import { describe, expect, it } from 'vitest';
import { apiErrorTable } from './errors.ts';
import { operationIds, operations, type OperationId } from './operations.ts';
import {
  apiCodeForIssue,
  issuesToFieldErrors,
  validateOperationBody,
  validateOperationParams,
  validationRules,
} from './validate.ts';

function codeOf(id: OperationId, body: unknown): string {
  const r = validateOperationBody(id, body);
  return r.ok ? 'ok' : r.code;
}

const acl = { policyName: 'p', type: 'allow', matchUrlPath: { operator: 'prefix', patterns: ['/a'] } };

describe('validateOperationBody: first failing rule in the spec order', () => {
  it('updateAccessControlPolicy: policyName → type empty → type value → matchUrlPath → operator → patterns → priority → ip → geo', () => {
    const steps: [unknown, string][] = [
      [
        { policyName: '', type: '', matchUrlPath: null, priority: 0, ipRestriction: 'x', geoRestriction: 'x' },
        'Invalid.PolicyName',
      ],
      [
        { policyName: 'p', type: '', matchUrlPath: null, priority: 0, ipRestriction: 'x', geoRestriction: 'x' },
        'InvalidPolicy.TypeEmpty',
      ],
      [
        { policyName: 'p', type: 'x', matchUrlPath: null, priority: 0, ipRestriction: 'x', geoRestriction: 'x' },
        'InvalidPolicy.AccessType',
      ],
      [
        { policyName: 'p', type: 'deny', matchUrlPath: null, priority: 0, ipRestriction: 'x', geoRestriction: 'x' },
        'InvalidPolicy.MatchURLIncorrect',
      ],
      [
        { ...acl, matchUrlPath: { operator: 'x', patterns: [] }, priority: 0, ipRestriction: 'x', geoRestriction: 'x' },
        'InvalidPolicy.Operator',
      ],
      [
        {
          ...acl,
          matchUrlPath: { operator: 'prefix', patterns: [] },
          priority: 0,
          ipRestriction: 'x',
          geoRestriction: 'x',
        },
        'InvalidPolicy.MatchUrlPathPatternsIncorrect',
      ],
      [{ ...acl, priority: 0, ipRestriction: 'x', geoRestriction: 'x' }, 'InvalidPolicy.Priority'],
      [{ ...acl, priority: 1, ipRestriction: 'x', geoRestriction: 'x' }, 'InvalidPolicy.IpRestriction'],
      [{ ...acl, priority: 1, ipRestriction: '10.0.0.1', geoRestriction: 'x' }, 'InvalidPolicy.GeoFormat'],
      [{ ...acl, priority: 1, ipRestriction: '10.0.0.1', geoRestriction: 'FR' }, 'ok'],
    ];
    for (const [body, code] of steps) {
      expect(codeOf('updateAccessControlPolicy', body), JSON.stringify(body)).toBe(code);
      expect(codeOf('createAccessControlPolicy', body), JSON.stringify(body)).toBe(code);
    }
  });

  it('returns status, plain message and the dotted field', () => {
    expect(validateOperationBody('createAccessControlPolicy', { ...acl, ipRestriction: '10.0.0.0/40' })).toMatchObject({
      ok: false,
      code: 'InvalidPolicy.IpRestriction',
      status: 400,
      field: 'ipRestriction',
      message: expect.stringContaining('10.0.0.0/40'),
    });
    expect(
      validateOperationBody('createService', {
        domainName: 'www.example.com',
        origins: [{ originUrl: 'o.example.com', s3Credential: { accessKey: 'k', accessSecret: 's', region: '' } }],
        defaultHostHeader: 'preserve',
      }),
    ).toMatchObject({
      code: 'InvalidService.S3CredentialRegionEmpty',
      field: 'origins.0.s3Credential.region',
    });
  });

  it('returns the parsed value (defaults applied, aliases normalized) on success', () => {
    const r = validateOperationBody('updateAccessControlPolicyV2', {
      policyName: 'p',
      type: 'allow',
      matches: [{ field: 'req.path', operator: 'not_istartwith', values: ['/a'] }],
    });
    expect(r.ok && r.value).toEqual({
      policyName: 'p',
      type: 'allow',
      matches: [{ field: 'req.path', operator: 'not_istartswith', values: ['/a'] }],
    });
    expect(r).not.toHaveProperty('data');
  });

  it('createService: Empty → DomainNameEmpty → OriginsEmpty → OriginEmpty → OriginUrlEmpty → S3 → host header → TLS', () => {
    const o = [{ originUrl: 'o.example.com' }];
    expect(codeOf('createService', undefined)).toBe('InvalidService.Empty');
    expect(codeOf('createService', 'text')).toBe('InvalidService.Empty');
    expect(codeOf('createService', {})).toBe('InvalidService.Empty');
    expect(codeOf('createService', { origins: [] })).toBe('InvalidService.DomainNameEmpty');
    expect(codeOf('createService', { domainName: 'http://x' })).toBe('InvalidService.DomainNameEmpty');
    expect(codeOf('createService', { domainName: 'a.example.com', origins: [], defaultHostHeader: 'x' })).toBe(
      'InvalidService.OriginsEmpty',
    );
    expect(codeOf('createService', { domainName: 'a.example.com', origins: [{}], defaultHostHeader: 'x' })).toBe(
      'InvalidService.OriginEmpty',
    );
    expect(codeOf('createService', { domainName: 'a.example.com', origins: [null] })).toBe(
      'InvalidService.OriginEmpty',
    );
    expect(codeOf('createService', { domainName: 'a.example.com', origins: [{ originUrl: '' }] })).toBe(
      'InvalidService.OriginUrlEmpty',
    );
    expect(codeOf('createService', { domainName: 'a.example.com', origins: [{ originUrl: 'bad url' }] })).toBe(
      'InvalidService.OriginUrlEmpty',
    );
    expect(
      codeOf('createService', {
        domainName: 'a.example.com',
        origins: [{ originUrl: 'o', s3Credential: { accessKey: '', accessSecret: '', region: '' } }],
      }),
    ).toBe('InvalidService.S3CredentialAccessKeyEmpty');
    expect(
      codeOf('createService', {
        domainName: 'a.example.com',
        origins: [{ originUrl: 'o', s3Credential: { accessKey: 'k', accessSecret: '', region: '' } }],
      }),
    ).toBe('InvalidService.S3CredentialAccessSecretEmpty');
    expect(codeOf('createService', { domainName: 'a.example.com', origins: o })).toBe(
      'InvalidService.DefaultHostHeaderEmpty',
    );
    expect(
      codeOf('createService', { domainName: 'a.example.com', origins: o, defaultHostHeader: 'x', tlsProfile: 'x' }),
    ).toBe('InvalidService.DefaultHostHeaderInCorrect');
    expect(
      codeOf('createService', {
        domainName: 'a.example.com',
        origins: o,
        defaultHostHeader: 'originHost',
        tlsProfile: 'x',
      }),
    ).toBe('InvalidService.TLSProfileInCorrect');
    expect(
      codeOf('createService', {
        domainName: 'a.example.com',
        origins: o,
        defaultHostHeader: 'originHost',
        http3: 'yes',
      }),
    ).toBe('Request.BadRequest');
    expect(codeOf('createService', { domainName: 'a.example.com', origins: o, defaultHostHeader: 'originHost' })).toBe(
      'ok',
    );
  });

  it('updateCacheControlPolicyV2: name → priority → matches → field → operator → values → value → ACL → headers → vary', () => {
    const m = [{ field: 'req.path', operator: 'equals', values: ['/a'] }];
    const b = { policyName: 'c', priority: 1, matches: m, autoGzipDisable: true };
    expect(codeOf('updateCacheControlPolicyV2', { priority: 0 })).toBe('Invalid.PolicyName');
    expect(codeOf('updateCacheControlPolicyV2', { policyName: 'c', matches: [] })).toBe('InvalidPolicy.Priority');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, matches: [] })).toBe('InvalidPolicy.MatchesIncorrect');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, matches: ['x'] })).toBe('InvalidPolicy.MatchesIncorrect');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, matches: [{ field: 'x', operator: 'x', values: [] }] })).toBe(
      'InvalidPolicy.MatchFieldIncorrect',
    );
    expect(
      codeOf('updateCacheControlPolicyV2', { ...b, matches: [{ field: 'req.path', operator: 'x', values: [] }] }),
    ).toBe('InvalidPolicy.MatchOperatorIncorrect');
    expect(
      codeOf('updateCacheControlPolicyV2', {
        ...b,
        matches: [{ field: 'req.path', operator: 'subnet', values: ['10.0.0.0/8'] }],
      }),
    ).toBe('InvalidPolicy.MatchOperatorIncorrect');
    expect(
      codeOf('updateCacheControlPolicyV2', { ...b, matches: [{ field: 'req.path', operator: 'equals', values: [] }] }),
    ).toBe('InvalidPolicy.MatchValuesIncorrect');
    expect(
      codeOf('updateCacheControlPolicyV2', {
        ...b,
        matches: [{ field: 'req.path', operator: 'equals', values: [''] }],
      }),
    ).toBe('InvalidPolicy.MatchValueIncorrect');
    expect(
      codeOf('updateCacheControlPolicyV2', {
        ...b,
        matches: [{ field: 'client.ip', operator: 'subnet', values: ['x'] }],
      }),
    ).toBe('InvalidPolicy.MatchValueIncorrect');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, autoGzipDisable: undefined })).toBe('Request.BadRequest');
    expect(
      codeOf('updateCacheControlPolicyV2', { ...b, refererAcl: { aclType: 'x', domainList: [] }, varyMIMEs: [] }),
    ).toBe('InvalidPolicy.RefererAcl');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, originAcl: { aclType: 'whitelist', domainList: [''] } })).toBe(
      'InvalidPolicy.AclDomainList',
    );
    expect(
      codeOf('updateCacheControlPolicyV2', { ...b, originAcl: { aclType: 'whitelist', domainList: ['-x'] } }),
    ).toBe('InvalidPolicy.AclDomainType');
    expect(
      codeOf('updateCacheControlPolicyV2', {
        ...b,
        responseHeaders: [{ name: 'X', operationType: 'add' }],
        varyMIMEs: [],
      }),
    ).toBe('InvalidPolicy.ResponseHeader');
    expect(codeOf('updateCacheControlPolicyV2', { ...b, varyMIMEs: [] })).toBe('InvalidService.VaryMiME');
    expect(codeOf('updateCacheControlPolicyV2', b)).toBe('ok');
  });

  it('updateRedirectionPolicy: name → match → operator → patterns → URL → http code → priority', () => {
    const b = {
      policyName: 'r',
      matchUrlPath: { operator: 'prefix', patterns: ['/'] },
      redirectDestination: '/new',
      httpCode: 302,
      priority: 1,
    };
    expect(codeOf('updateRedirectionPolicy', { ...b, policyName: '', priority: 0 })).toBe(
      'InvalidRedirection.PolicyName',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, matchUrlPath: undefined, priority: 0 })).toBe(
      'InvalidRedirection.MatchURLIncorrect',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, matchUrlPath: { operator: 'x', patterns: [] } })).toBe(
      'InvalidRedirection.Operator',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, matchUrlPath: { operator: 'regex', patterns: [] } })).toBe(
      'InvalidRedirection.MatchUrlPathPatternsIncorrect',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, redirectDestination: '', httpCode: 1 })).toBe(
      'InvalidRedirection.URLEmpty',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, httpCode: null, priority: 0 })).toBe(
      'InvalidRedirection.HttpCodeEmpty',
    );
    expect(codeOf('updateRedirectionPolicy', { ...b, httpCode: 303, priority: 0 })).toBe('InvalidRedirection.HttpCode');
    expect(codeOf('updateRedirectionPolicy', { ...b, priority: 0 })).toBe('InvalidRedirection.Priority');
    expect(codeOf('updateRedirectionPolicy', b)).toBe('ok');
  });

  it('setCorsHeaders: origin → methods → credentials → headers → max age → expose headers', () => {
    const all = {
      accessControlAllowOrigin: 'x',
      accessControlAllowMethods: 'x',
      accessControlAllowCredentials: false,
      accessControlAllowHeaders: '',
      accessControlMaxAge: -5,
      accessControlExposeHeaders: '',
    };
    const order = [
      'InvalidOrigin.UrlFormat',
      'InvalidPolicy.CorsHeaderForMethod',
      'InvalidPolicy.CorsHeaderForCredentials',
      'InvalidPolicy.CorsHeaderForHeader',
      'InvalidPolicy.CorsHeaderForMaxAge',
      'InvalidPolicy.CorsHeaderForExposeHeader',
    ];
    const keys = Object.keys(all);
    order.forEach((code, i) => {
      const body = Object.fromEntries(keys.slice(i).map((k) => [k, all[k as keyof typeof all]]));
      expect(codeOf('setCorsHeaders', body), code).toBe(code);
    });
    expect(codeOf('setCorsHeaders', 'x')).toBe('Request.BadRequest');
    expect(codeOf('setCorsHeaders', {})).toBe('ok');
  });

  it('upsertRateLimit: timeWindow → requestLimit', () => {
    expect(codeOf('upsertRateLimit', {})).toBe('InvalidRateLimit.TimeWindow');
    expect(codeOf('upsertRateLimit', { timeWindow: 10, requestLimit: 0 })).toBe('InvalidRateLimit.RequestLimit');
    expect(codeOf('upsertRateLimit', { timeWindow: 10, requestLimit: 1, ignoreUrlPath: 'no' })).toBe(
      'Request.BadRequest',
    );
  });

  it.each(['getVolume', 'getBandwidth', 'getRequestNumber', 'getOriginRequestNumber'] as const)(
    '%s: names → count → missing time → format → range',
    (id) => {
      const t = { startTime: '2024-05-01T00:00:00Z', endTime: '2024-05-01T06:00:00Z' };
      const many = Array.from({ length: 51 }, (_, i) => `s${i}.example.com`);
      expect(codeOf(id, { serviceNames: [], startTime: 'x' })).toBe('ServiceNames.Invalid');
      expect(codeOf(id, { serviceNames: ['bad name'] })).toBe('ServiceNames.Invalid');
      expect(codeOf(id, { serviceNames: many })).toBe('ServiceNames.NumberInvalid');
      expect(codeOf(id, { serviceNames: ['a.example.com'], startTime: 'bad' })).toBe('Time.Invalid');
      expect(codeOf(id, { serviceNames: ['a.example.com'], startTime: 'bad', endTime: t.endTime })).toBe(
        'TimeFormat.Invalid',
      );
      expect(codeOf(id, { serviceNames: ['a.example.com'], ...t, endTime: t.startTime })).toBe(
        'TimeRange.EndBeforeStart',
      );
      expect(codeOf(id, { serviceNames: ['a.example.com'], ...t, endTime: '2024-05-02T00:00:01Z' })).toBe(
        'TimeRange.Exceeded',
      );
      expect(codeOf(id, { serviceNames: ['a.example.com'], ...t })).toBe('ok');
    },
  );

  it('interval rules exist only for 16 and 17', () => {
    const body = {
      serviceNames: ['a.example.com'],
      startTime: '2024-05-01T00:00:00Z',
      endTime: '2024-05-01T06:00:00Z',
      interval: 'week',
    };
    expect(codeOf('getVolume', body)).toBe('IntervalType.Invalid');
    expect(codeOf('getRequestNumber', body)).toBe('ok');
    expect(codeOf('getBandwidth', { ...body, interval: 'day' })).toBe('TimeFormat.Invalid');
  });

  it('accepts anything for operations without a body', () => {
    expect(validateOperationBody('getService', { junk: true })).toMatchObject({ ok: true, value: undefined });
  });

  it('only uses codes the error table lists for the operation', () => {
    for (const id of operationIds) {
      for (const rule of validationRules[id]) {
        const entry = apiErrorTable.find((e) => e.code === rule.code);
        expect(entry?.operations, `${id} ${rule.code}`).toContain(id);
      }
      if (operations[id].body === null) expect(validationRules[id], id).toEqual([]);
    }
  });
});

describe('result shape (the contract: { ok, value } | { ok: false, code, status, message, field })', () => {
  it('carries no data/error copies on success or failure', () => {
    const good = validateOperationBody('upsertRateLimit', { timeWindow: 10, requestLimit: 5 });
    expect(good).toEqual({ ok: true, value: { timeWindow: 10, requestLimit: 5 } });
    const bad = validateOperationBody('upsertRateLimit', { timeWindow: 0, requestLimit: 5 });
    expect(Object.keys(bad).sort()).toEqual(['code', 'field', 'message', 'ok', 'status']);
    expect(bad).toMatchObject({ ok: false, code: 'InvalidRateLimit.TimeWindow', status: 400, field: 'timeWindow' });
    const params = validateOperationParams('getService', { serviceId: 'x' });
    expect(Object.keys(params).sort()).toEqual(['code', 'field', 'message', 'ok', 'status']);
    expect(Object.keys(validateOperationParams('getService', { serviceId: '3' })).sort()).toEqual(['ok', 'value']);
  });
});

describe('validateOperationParams', () => {
  it('converts digit strings and maps each parameter to its code', () => {
    expect(validateOperationParams('updateAccessControlPolicy', { serviceId: '5', policyId: '9' })).toMatchObject({
      ok: true,
      value: { serviceId: 5, policyId: 9 },
    });
    expect(validateOperationParams('getCustomer', { customer_id: '0' })).toMatchObject({
      ok: false,
      code: 'InvalidCustomer.IdEmpty',
      field: 'customer_id',
    });
    expect(validateOperationParams('getService', { serviceId: 'abc' })).toMatchObject({
      ok: false,
      code: 'InvalidService.IdIncorrect',
      status: 400,
    });
    expect(validateOperationParams('updateRedirectionPolicy', { serviceId: '1', policyId: '-1' })).toMatchObject({
      ok: false,
      code: 'Request.BadRequest',
      field: 'policyId',
    });
    expect(validateOperationParams('getService', { serviceId: '99999999999' })).toMatchObject({
      ok: false,
      code: 'InvalidService.IdIncorrect',
    });
  });
});

describe('issue helpers', () => {
  it('issuesToFieldErrors keeps the first message per dotted path', () => {
    const r = operations.createService.body.safeParse({
      domainName: '',
      origins: [{ originUrl: '' }, { originUrl: 'x y' }],
      defaultHostHeader: 'preserve',
    });
    expect(r.success).toBe(false);
    expect(issuesToFieldErrors(r.error!)).toEqual({
      domainName: 'Domain name is required; enter a value.',
      'origins.0.originUrl': 'Origin URL is required; enter a value.',
      'origins.1.originUrl': expect.stringContaining('Origin URL must look like'),
    });
  });

  it('issuesToFieldErrors uses the key "" for body-level issues', () => {
    const r = operations.upsertRateLimit.body.safeParse(null);
    expect(Object.keys(issuesToFieldErrors(r.error!))).toEqual(['']);
  });

  it('apiCodeForIssue reads the attached code, or the operation rules when given', () => {
    const geo = operations.createAccessControlPolicy.body.safeParse({ ...acl, geoRestriction: 'xx' });
    expect(apiCodeForIssue(geo.error!.issues[0])).toBe('InvalidPolicy.GeoFormat');
    const name = operations.createAccessControlPolicy.body.safeParse({ ...acl, policyName: '' });
    expect(apiCodeForIssue(name.error!.issues[0])).toBeUndefined();
    expect(apiCodeForIssue(name.error!.issues[0], 'createAccessControlPolicy')).toBe('Invalid.PolicyName');
    const typ = operations.createAccessControlPolicy.body.safeParse({ ...acl, type: '' });
    expect(apiCodeForIssue(typ.error!.issues[0], 'createAccessControlPolicy', { ...acl, type: '' })).toBe(
      'InvalidPolicy.TypeEmpty',
    );
  });
});
