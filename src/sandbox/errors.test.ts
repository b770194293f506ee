// Every error code of the API error table, provoked against a running gateway: the spec's codes
// through the real API client (a raw table lets invalid input through to the gateway), the gateway's
// authentication and transport codes through hand-signed requests where the client cannot err.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorTable } from '#shared/api/errors.ts';
import { operations, type OperationId } from '#shared/api/operations.ts';
import { pathParamNames } from '#shared/api/operations/operation-entry.ts';
import { formatSfdDate } from '#signing/signature.ts';
import {
  NO_CUSTOMER_ACCESS_KEY_ID,
  NO_CUSTOMER_ACCESS_KEY_SECRET,
  UNPROVISIONED_ACCESS_KEY_ID,
  UNPROVISIONED_ACCESS_KEY_SECRET,
  type SandboxHandle,
} from './index.ts';
import { clientFor, failure, rawClientFor, signedCall, startTestSandbox } from './test-support/sandbox-clients.ts';

let sandbox: SandboxHandle;
let raw: ReturnType<typeof rawClientFor>;
let shop: number;
let acpIds: number[];
let cacheId: number;
let redirectId: number;

interface Observed {
  status: number | undefined;
  code: string;
  traceId: string | undefined;
}

async function viaClient(promise: Promise<unknown>): Promise<Observed> {
  const e = await failure(promise);
  return { status: e.status, code: e.code, traceId: e.traceId };
}

async function viaSigned(
  result: Promise<{ status: number; headers: Record<string, unknown>; json: unknown }>,
): Promise<Observed> {
  const r = await result;
  const body = r.json as { code: string };
  return { status: r.status, code: body.code, traceId: r.headers['x-sfd-trace-id'] as string | undefined };
}

const now = (offsetMs = 0): string => formatSfdDate(new Date(Date.now() + offsetMs));
const apiTime = (offsetMs: number): string =>
  new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

const acp = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  policyName: 'Rule',
  type: 'deny',
  matchUrlPath: { operator: 'prefix', patterns: ['/x'] },
  ...over,
});
const cache = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  policyName: 'Rule',
  priority: 5,
  matches: [{ field: 'req.path', operator: 'startswith', values: ['/'] }],
  autoGzipDisable: false,
  ...over,
});
const redirect = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  policyName: 'Move',
  matchUrlPath: { operator: 'prefix', patterns: ['/old'] },
  redirectDestination: 'https://www.example-shop.com/new',
  httpCode: 301,
  priority: 3,
  ...over,
});
const service = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  domainName: 'errors.example.net',
  origins: [{ originUrl: 'https://origin.example.net' }],
  defaultHostHeader: 'originHost',
  ...over,
});
const s3 = (over: Record<string, unknown>): Record<string, unknown> =>
  service({
    origins: [
      { originUrl: 'https://b.example.net', s3Credential: { accessKey: 'A', accessSecret: 'B', region: 'r', ...over } },
    ],
  });
const series = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  serviceNames: ['www.example-shop.com'],
  startTime: apiTime(-3_600_000),
  endTime: apiTime(0),
  ...over,
});

const createAcp = (body: unknown) => viaClient(raw.createAccessControlPolicy({ params: { serviceId: shop }, body }));
const editCache = (body: unknown) =>
  viaClient(raw.updateCacheControlPolicyV2({ params: { serviceId: shop, policyId: cacheId }, body }));
const editAcpV2 = (body: unknown) =>
  viaClient(raw.updateAccessControlPolicyV2({ params: { serviceId: shop, policyId: acpIds[0] }, body }));
const editRedirect = (body: unknown) =>
  viaClient(raw.updateRedirectionPolicy({ params: { serviceId: shop, policyId: redirectId }, body }));
const cors = (body: unknown) => viaClient(raw.setCorsHeaders({ params: { serviceId: shop }, body }));
const rate = (body: unknown) => viaClient(raw.upsertRateLimit({ params: { serviceId: shop }, body }));
const create = (body: unknown) => viaClient(raw.createService({ body }));
const volume = (body: unknown) => viaClient(raw.getVolume({ body }));
const requests = (body: unknown) => viaClient(raw.getRequestNumber({ body }));

async function withFaults<T>(faults: Parameters<SandboxHandle['setFaults']>[0], run: () => Promise<T>): Promise<T> {
  sandbox.setFaults(faults);
  try {
    return await run();
  } finally {
    sandbox.setFaults(undefined);
  }
}

const cases: Array<{ code: string; status: number; provoke: () => Promise<Observed> }> = [
  // Authentication (spec) and the gateway's authentication codes.
  {
    code: 'Signature.NotMatch',
    status: 401,
    provoke: () =>
      viaClient(
        clientFor(sandbox, {
          accessKeyId: sandbox.credentials.accessKeyId,
          accessKeySecret: 'wrong-secret',
        }).getService({ params: { serviceId: shop } }),
      ),
  },
  {
    code: 'Auth.HeaderMissing',
    status: 401,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'GET',
          path: `/cdn/v1.0/service/${shop}`,
          mutateHeaders: (h) => delete h['X-SFD-Nonce'],
        }),
      ),
  },
  {
    code: 'Auth.HeaderInvalid',
    status: 401,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'GET',
          path: `/cdn/v1.0/service/${shop}`,
          mutateHeaders: (h) => (h.Authorization = 'Bearer abc'),
        }),
      ),
  },
  {
    code: 'Auth.AccessKeyUnknown',
    status: 401,
    provoke: () =>
      viaClient(
        clientFor(sandbox, { accessKeyId: 'NOSUCHKEY', accessKeySecret: 'x' }).getService({
          params: { serviceId: shop },
        }),
      ),
  },
  {
    code: 'Auth.DateExpired',
    status: 401,
    provoke: () =>
      viaSigned(signedCall(sandbox, { method: 'GET', path: `/cdn/v1.0/service/${shop}`, date: now(-3_600_000) })),
  },
  {
    code: 'Auth.NonceInvalid',
    status: 401,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'GET',
          path: `/cdn/v1.0/service/${shop}`,
          mutateHeaders: (h) => (h['X-SFD-Nonce'] = '1234'),
        }),
      ),
  },
  {
    code: 'Auth.NonceReused',
    status: 401,
    provoke: async () => {
      const fixed = clientFor(sandbox, sandbox.credentials, { nonce: () => '5550001112223' });
      await fixed.getService({ params: { serviceId: shop } });
      return viaClient(fixed.getService({ params: { serviceId: shop } }));
    },
  },
  {
    code: 'Auth.SignatureVersionUnsupported',
    status: 400,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'GET',
          path: `/cdn/v1.0/service/${shop}`,
          mutateHeaders: (h) => (h['X-SFD-Signature-Version'] = '3'),
        }),
      ),
  },
  // Transport.
  {
    code: 'Request.ContentTypeInvalid',
    status: 415,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'POST',
          path: '/cdn/v1.0/service',
          body: JSON.stringify(service()),
          contentType: 'text/plain',
        }),
      ),
  },
  {
    code: 'Request.MalformedJson',
    status: 400,
    provoke: () =>
      viaSigned(signedCall(sandbox, { method: 'POST', path: '/cdn/v1.0/service', body: '{"domainName":' })),
  },
  {
    code: 'Request.BodyTooLarge',
    status: 413,
    provoke: () =>
      viaSigned(
        signedCall(sandbox, {
          method: 'POST',
          path: '/cdn/v1.0/service',
          body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
        }),
      ),
  },
  {
    code: 'Request.NotFound',
    status: 404,
    provoke: async () => {
      const res = await request(`${sandbox.url}/cdn/v9/unknown`);
      return {
        status: res.statusCode,
        code: ((await res.body.json()) as { code: string }).code,
        traceId: res.headers['x-sfd-trace-id'] as string,
      };
    },
  },
  {
    code: 'Request.MethodNotAllowed',
    status: 405,
    provoke: async () => {
      const res = await request(`${sandbox.url}/cdn/v1.0/service`, { method: 'PATCH' });
      expect(res.headers.allow).toBe('POST');
      return {
        status: res.statusCode,
        code: ((await res.body.json()) as { code: string }).code,
        traceId: res.headers['x-sfd-trace-id'] as string,
      };
    },
  },
  {
    code: 'Request.TooManyRequests',
    status: 429,
    provoke: () =>
      withFaults({ perOperation: { getService: { rateLimitBurst: 1 } } }, () =>
        viaClient(raw.getService({ params: { serviceId: shop } })),
      ),
  },
  {
    code: 'Server.InternalError',
    status: 500,
    provoke: () =>
      withFaults({ perOperation: { getService: { errorRate: 1, errorStatus: 500 } } }, () =>
        viaClient(raw.getService({ params: { serviceId: shop } })),
      ),
  },
  {
    code: 'Server.Unavailable',
    status: 503,
    provoke: () =>
      withFaults({ perOperation: { getService: { errorRate: 1, errorStatus: 503 } } }, () =>
        viaClient(raw.getService({ params: { serviceId: shop } })),
      ),
  },
  // Customer and service lookups.
  {
    code: 'InvalidCustomer.NotFound',
    status: 404,
    provoke: () => viaClient(raw.getCustomer({ params: { customer_id: 99 } })),
  },
  {
    code: 'InvalidCustomer.IdEmpty',
    status: 400,
    provoke: () =>
      viaClient(
        rawClientFor(sandbox, {
          accessKeyId: NO_CUSTOMER_ACCESS_KEY_ID,
          accessKeySecret: NO_CUSTOMER_ACCESS_KEY_SECRET,
        }).createService({ body: service() }),
      ),
  },
  {
    code: 'InvalidCustomer.ProvisionNotFound',
    status: 500,
    provoke: () =>
      viaClient(
        rawClientFor(sandbox, {
          accessKeyId: UNPROVISIONED_ACCESS_KEY_ID,
          accessKeySecret: UNPROVISIONED_ACCESS_KEY_SECRET,
        }).createService({ body: service() }),
      ),
  },
  {
    code: 'InvalidService.IdIncorrect',
    status: 400,
    provoke: () => viaClient(raw.getService({ params: { serviceId: 'abc' } })),
  },
  {
    code: 'InvalidService.IdPermission',
    status: 400,
    provoke: () => viaClient(raw.listAccessControlPolicies({ params: { serviceId: 999_999 } })),
  },
  {
    code: 'InvalidPolicy.IdNotFound',
    status: 404,
    provoke: () =>
      viaClient(raw.updateRedirectionPolicy({ params: { serviceId: shop, policyId: 987_654 }, body: redirect() })),
  },
  { code: 'Request.BadRequest', status: 400, provoke: () => createAcp(['not', 'an', 'object']) },
  // Access control.
  { code: 'Invalid.PolicyName', status: 400, provoke: () => createAcp(acp({ policyName: '' })) },
  { code: 'InvalidPolicy.Priority', status: 400, provoke: () => createAcp(acp({ priority: 0 })) },
  {
    code: 'InvalidPriority.Unique',
    status: 400,
    provoke: async () => {
      const list = (await raw.listAccessControlPolicies({ params: { serviceId: shop } })) as unknown as Array<{
        priority: number;
      }>;
      return viaClient(
        raw.updateAccessControlPolicy({
          params: { serviceId: shop, policyId: acpIds[0] },
          body: acp({ priority: list[1].priority }),
        }),
      );
    },
  },
  { code: 'InvalidPolicy.TypeEmpty', status: 400, provoke: () => createAcp(acp({ type: '' })) },
  { code: 'InvalidPolicy.AccessType', status: 400, provoke: () => createAcp(acp({ type: 'block' })) },
  { code: 'InvalidPolicy.MatchURLIncorrect', status: 400, provoke: () => createAcp(acp({ matchUrlPath: undefined })) },
  {
    code: 'InvalidPolicy.Operator',
    status: 400,
    provoke: () => createAcp(acp({ matchUrlPath: { operator: 'contains', patterns: ['/x'] } })),
  },
  {
    code: 'InvalidPolicy.Patterns',
    status: 400,
    provoke: () => createAcp(acp({ matchQueryString: { operator: 'regex', patterns: [] } })),
  },
  {
    code: 'InvalidPolicy.MatchUrlPathPatternsIncorrect',
    status: 400,
    provoke: () => createAcp(acp({ matchUrlPath: { operator: 'prefix', patterns: [] } })),
  },
  { code: 'InvalidPolicy.IpRestriction', status: 400, provoke: () => createAcp(acp({ ipRestriction: '300.1.2.3' })) },
  { code: 'InvalidPolicy.GeoFormat', status: 400, provoke: () => createAcp(acp({ geoRestriction: 'Germany' })) },
  // Cache control (V2 edit) and V2 matches.
  {
    code: 'InvalidPolicy.RefererAcl',
    status: 400,
    provoke: () => editCache(cache({ refererAcl: { aclType: 'graylist', domainList: ['a.example.com'] } })),
  },
  {
    code: 'InvalidPolicy.AclDomainList',
    status: 400,
    provoke: () => editCache(cache({ refererAcl: { aclType: 'whitelist', domainList: [] } })),
  },
  {
    code: 'InvalidPolicy.AclDomainType',
    status: 400,
    provoke: () => editCache(cache({ originAcl: { aclType: 'blacklist', domainList: ['-bad.example.com'] } })),
  },
  { code: 'InvalidService.VaryMiME', status: 400, provoke: () => editCache(cache({ varyMIMEs: [] })) },
  {
    code: 'InvalidPolicy.ResponseHeader',
    status: 400,
    provoke: () => editCache(cache({ responseHeaders: [{ name: 'X-A', operationType: 'add' }] })),
  },
  {
    code: 'InvalidPolicy.MatchesIncorrect',
    status: 400,
    provoke: () => editAcpV2({ policyName: 'R', type: 'deny', matches: [] }),
  },
  {
    code: 'InvalidPolicy.MatchFieldIncorrect',
    status: 400,
    provoke: () => editCache(cache({ matches: [{ field: 'req.body', operator: 'equals', values: ['a'] }] })),
  },
  {
    code: 'InvalidPolicy.MatchOperatorIncorrect',
    status: 400,
    provoke: () =>
      editAcpV2({
        policyName: 'R',
        type: 'deny',
        matches: [{ field: 'req.path', operator: 'subnet', values: ['10.0.0.0/8'] }],
      }),
  },
  {
    code: 'InvalidPolicy.MatchValuesIncorrect',
    status: 400,
    provoke: () => editCache(cache({ matches: [{ field: 'req.path', operator: 'equals', values: [] }] })),
  },
  {
    code: 'InvalidPolicy.MatchValueIncorrect',
    status: 400,
    provoke: () =>
      editAcpV2({
        policyName: 'R',
        type: 'deny',
        matches: [{ field: 'req.path', operator: 'equals', values: ['/a', ''] }],
      }),
  },
  // Redirection.
  {
    code: 'InvalidRedirection.PolicyName',
    status: 400,
    provoke: () => editRedirect(redirect({ policyName: undefined })),
  },
  {
    code: 'InvalidRedirection.MatchURLIncorrect',
    status: 400,
    provoke: () => editRedirect(redirect({ matchUrlPath: undefined })),
  },
  {
    code: 'InvalidRedirection.Operator',
    status: 400,
    provoke: () => editRedirect(redirect({ matchUrlPath: { operator: 'startswith', patterns: ['/a'] } })),
  },
  {
    code: 'InvalidRedirection.MatchUrlPathPatternsIncorrect',
    status: 400,
    provoke: () => editRedirect(redirect({ matchUrlPath: { operator: 'prefix', patterns: [] } })),
  },
  {
    code: 'InvalidRedirection.URLEmpty',
    status: 400,
    provoke: () => editRedirect(redirect({ redirectDestination: '' })),
  },
  {
    code: 'InvalidRedirection.HttpCodeEmpty',
    status: 400,
    provoke: () => editRedirect(redirect({ httpCode: undefined })),
  },
  { code: 'InvalidRedirection.HttpCode', status: 400, provoke: () => editRedirect(redirect({ httpCode: 307 })) },
  { code: 'InvalidRedirection.Priority', status: 400, provoke: () => editRedirect(redirect({ priority: 0 })) },
  // CORS and rate limit.
  { code: 'InvalidOrigin.UrlFormat', status: 400, provoke: () => cors({ accessControlAllowOrigin: 'example.com' }) },
  {
    code: 'InvalidPolicy.CorsHeaderForMethod',
    status: 400,
    provoke: () => cors({ accessControlAllowMethods: 'GET,FETCH' }),
  },
  {
    code: 'InvalidPolicy.CorsHeaderForCredentials',
    status: 400,
    provoke: () => cors({ accessControlAllowCredentials: false }),
  },
  { code: 'InvalidPolicy.CorsHeaderForHeader', status: 400, provoke: () => cors({ accessControlAllowHeaders: '' }) },
  { code: 'InvalidPolicy.CorsHeaderForMaxAge', status: 400, provoke: () => cors({ accessControlMaxAge: -5 }) },
  {
    code: 'InvalidPolicy.CorsHeaderForExposeHeader',
    status: 400,
    provoke: () => cors({ accessControlExposeHeaders: '' }),
  },
  { code: 'InvalidRateLimit.TimeWindow', status: 400, provoke: () => rate({ timeWindow: 0, requestLimit: 10 }) },
  { code: 'InvalidRateLimit.RequestLimit', status: 400, provoke: () => rate({ timeWindow: 10, requestLimit: -1 }) },
  // Create service.
  { code: 'InvalidService.Empty', status: 400, provoke: () => create(undefined) },
  { code: 'InvalidService.DomainNameEmpty', status: 400, provoke: () => create(service({ domainName: '' })) },
  { code: 'InvalidService.OriginsEmpty', status: 400, provoke: () => create(service({ origins: [] })) },
  { code: 'InvalidService.OriginEmpty', status: 400, provoke: () => create(service({ origins: [{}] })) },
  {
    code: 'InvalidService.OriginUrlEmpty',
    status: 400,
    provoke: () => create(service({ origins: [{ originUrl: '', sni: 'a.example.com' }] })),
  },
  { code: 'InvalidService.S3CredentialAccessKeyEmpty', status: 400, provoke: () => create(s3({ accessKey: '' })) },
  {
    code: 'InvalidService.S3CredentialAccessSecretEmpty',
    status: 400,
    provoke: () => create(s3({ accessSecret: '' })),
  },
  { code: 'InvalidService.S3CredentialRegionEmpty', status: 400, provoke: () => create(s3({ region: '' })) },
  {
    code: 'InvalidService.DefaultHostHeaderEmpty',
    status: 400,
    provoke: () => create(service({ defaultHostHeader: '' })),
  },
  {
    code: 'InvalidService.DefaultHostHeaderInCorrect',
    status: 400,
    provoke: () => create(service({ defaultHostHeader: 'origin' })),
  },
  { code: 'InvalidService.TLSProfileInCorrect', status: 400, provoke: () => create(service({ tlsProfile: 'legacy' })) },
  {
    code: 'InvalidService.DomainName',
    status: 409,
    provoke: () => create(service({ domainName: 'm.example-shop.com' })),
  },
  // Analytics.
  {
    code: 'ServiceNames.Invalid',
    status: 400,
    provoke: () => volume(series({ serviceNames: ['unknown.example.com'] })),
  },
  {
    code: 'ServiceNames.NumberInvalid',
    status: 400,
    provoke: () => volume(series({ serviceNames: Array.from({ length: 51 }, (_, i) => `s${i}.example.com`) })),
  },
  { code: 'Time.Invalid', status: 400, provoke: () => volume(series({ startTime: undefined })) },
  { code: 'IntervalType.Invalid', status: 400, provoke: () => volume(series({ interval: 'hour' })) },
  { code: 'TimeFormat.Invalid', status: 400, provoke: () => volume(series({ startTime: '2026-11-22 10:00:00' })) },
  { code: 'TimeRange.Exceeded', status: 400, provoke: () => requests(series({ startTime: apiTime(-25 * 3_600_000) })) },
  {
    code: 'TimeRange.EndBeforeStart',
    status: 400,
    provoke: () => requests(series({ startTime: apiTime(0), endTime: apiTime(-3_600_000) })),
  },
];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  raw = rawClientFor(sandbox);
  shop = sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
  const record = sandbox.store.serviceById(shop)!;
  acpIds = record.accessControl.map((p) => p.policyId);
  cacheId = record.cacheControl[0].policyId;
  redirectId = record.redirections[0].policyId;
});

afterAll(async () => {
  await raw.close();
  await sandbox.stop();
});

describe('error table', () => {
  it('covers every code of apiErrorTable exactly once', () => {
    const tested = cases.map((c) => c.code).sort();
    expect(new Set(tested).size).toBe(tested.length);
    expect(tested).toEqual(apiErrorTable.map((e) => e.code).sort());
  });

  it('uses the status of the table for each code', () => {
    for (const c of cases)
      expect([c.code, c.status]).toEqual([c.code, apiErrorTable.find((e) => e.code === c.code)!.status]);
  });

  it.each(cases.map((c) => [c.code, c] as const))('%s', async (_code, c) => {
    const observed = await c.provoke();
    expect({ status: observed.status, code: observed.code }).toEqual({ status: c.status, code: c.code });
    expect(observed.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('path and customer errors on every operation the table lists them for', () => {
  const paramsFor = (id: OperationId, serviceId: string | number): Record<string, string | number> => {
    const names = pathParamNames(operations[id].path);
    const policyId =
      id === 'updateCacheControlPolicyV2' ? cacheId : id === 'updateRedirectionPolicy' ? redirectId : acpIds[0];
    return Object.fromEntries(names.map((n) => [n, n === 'serviceId' ? serviceId : n === 'policyId' ? policyId : 1]));
  };
  const bodyFor = (id: OperationId): unknown => (operations[id].body === null ? undefined : {});
  const rowOps = (code: string): OperationId[] => [...apiErrorTable.find((e) => e.code === code)!.operations];

  it.each(rowOps('InvalidService.IdIncorrect'))('%s: malformed serviceId → InvalidService.IdIncorrect', async (id) => {
    const e = await failure(raw.call(id, { params: paramsFor(id, '0'), body: bodyFor(id) } as never));
    expect([e.status, e.code]).toEqual([400, 'InvalidService.IdIncorrect']);
  });

  it('lists the service reads 3, 4, 5 for InvalidService.IdPermission', () => {
    expect(rowOps('InvalidService.IdPermission')).toEqual(
      expect.arrayContaining(['getService', 'listCacheControlPolicies', 'listCacheControlPoliciesV2']),
    );
  });

  it.each(rowOps('InvalidService.IdPermission'))('%s: unknown serviceId → InvalidService.IdPermission', async (id) => {
    const e = await failure(raw.call(id, { params: paramsFor(id, 987_654), body: bodyFor(id) } as never));
    expect([e.status, e.code]).toEqual([400, 'InvalidService.IdPermission']);
  });

  // A valid body, so only the missing policy can fail; the stored policies must stay untouched.
  const validEdit: Partial<Record<OperationId, () => unknown>> = {
    updateCacheControlPolicyV2: () => cache(),
    updateAccessControlPolicy: () => acp({ priority: 777 }),
    updateAccessControlPolicyV2: () => ({
      policyName: 'R',
      type: 'deny',
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/x'] }],
    }),
    updateRedirectionPolicy: () => redirect(),
  };

  it('tests the missing policy on exactly the operations the table lists', () => {
    expect(rowOps('InvalidPolicy.IdNotFound').sort()).toEqual(Object.keys(validEdit).sort());
  });

  it.each(rowOps('InvalidPolicy.IdNotFound'))(
    '%s: policyId the service does not have → 404 InvalidPolicy.IdNotFound',
    async (id) => {
      const before = JSON.stringify(sandbox.store.serviceById(shop));
      // acpIds[0] exists on the demo shop but not on another service of the same customer.
      const other = sandbox.services.find((s) => s.id !== shop)!.id;
      const cases = [
        { serviceId: shop, policyId: 987_654 },
        {
          serviceId: other,
          policyId:
            id === 'updateCacheControlPolicyV2' ? cacheId : id === 'updateRedirectionPolicy' ? redirectId : acpIds[0],
        },
      ];
      for (const params of cases) {
        const e = await failure(raw.call(id, { params, body: validEdit[id]!() } as never));
        expect([e.status, e.code, e.message], JSON.stringify(params)).toEqual([
          404,
          'InvalidPolicy.IdNotFound',
          expect.stringContaining(String(params.policyId)),
        ]);
      }
      expect(JSON.stringify(sandbox.store.serviceById(shop))).toBe(before);
    },
  );

  it('keeps Request.BadRequest for a malformed policyId', async () => {
    const e = await failure(
      raw.call('updateRedirectionPolicy', { params: { serviceId: shop, policyId: 0 }, body: redirect() } as never),
    );
    expect([e.status, e.code]).toEqual([400, 'Request.BadRequest']);
  });

  it.each(rowOps('InvalidCustomer.IdEmpty'))('%s: key without customer → InvalidCustomer.IdEmpty', async (id) => {
    const noCustomer = rawClientFor(sandbox, {
      accessKeyId: NO_CUSTOMER_ACCESS_KEY_ID,
      accessKeySecret: NO_CUSTOMER_ACCESS_KEY_SECRET,
    });
    const e = await failure(noCustomer.call(id, { params: paramsFor(id, shop), body: bodyFor(id) } as never));
    await noCustomer.close();
    expect([e.status, e.code]).toEqual([400, 'InvalidCustomer.IdEmpty']);
  });

  it.each(rowOps('Request.BadRequest').filter((id) => id !== 'createService' && operations[id].body !== null))(
    '%s: a body that is not an object → Request.BadRequest',
    async (id) => {
      const e = await failure(raw.call(id, { params: paramsFor(id, shop), body: 'text' } as never));
      expect([e.status, e.code]).toEqual([400, 'Request.BadRequest']);
    },
  );

  it.each(rowOps('ServiceNames.Invalid'))('%s: unknown service name → ServiceNames.Invalid', async (id) => {
    const e = await failure(raw.call(id, { body: series({ serviceNames: ['nope.example.com'] }) } as never));
    expect([e.status, e.code]).toEqual([400, 'ServiceNames.Invalid']);
  });
});
