// Every operation of the spec succeeds through the real API client, and its effect is visible
// through the API (or, for CORS and rate limit, which have no read, through the store).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#core/api/client.ts';
import { operationIds, type OperationId } from '#shared/api/operations.ts';
import type { SandboxHandle } from './index.ts';
import { clientFor, signedCall, startTestSandbox } from './test-support/sandbox-clients.ts';

let sandbox: SandboxHandle;
let client: ApiClient;
const exercised = new Set<OperationId>();

function hourAligned(offsetHours: number): string {
  const t = Math.floor(Date.now() / 3_600_000) * 3_600_000 + offsetHours * 3_600_000;
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function dayAligned(offsetDays: number): string {
  const t = Math.floor(Date.now() / 86_400_000) * 86_400_000 + offsetDays * 86_400_000;
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = clientFor(sandbox);
});

afterAll(async () => {
  await client.close();
  await sandbox.stop();
});

const shop = (): number => sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;

describe('every operation through the API client', () => {
  it('getCustomer returns the key’s customer', async () => {
    const customer = await client.getCustomer({ params: { customer_id: sandbox.credentials.customerId } });
    exercised.add('getCustomer');
    expect(customer.id).toBe(sandbox.credentials.customerId);
    expect(customer.name).toMatch(/Sandbox/);
  });

  it('createService assigns an increasing id, a cName and defaults; getService reads it on both paths', async () => {
    const created = await client.createService({
      body: {
        domainName: 'shop.example.org',
        origins: [
          {
            originUrl: 'https://origin.example.org',
            s3Credential: { accessKey: 'AK', accessSecret: 'S3SECRET', region: 'eu-west-1' },
          },
        ],
        defaultHostHeader: 'originHost',
        alternateDomainNames: ['www.shop.example.org'],
        tlsProfile: 'modern',
      },
    });
    exercised.add('createService');
    expect(created.id).toBeGreaterThan(Math.max(...sandbox.services.map((s) => s.id)));
    expect(created.cName).toBe(`shop-example-org.${sandbox.credentials.customerId}.cdn.sandbox.example`);
    expect(created).toMatchObject({
      http2: true,
      http3: false,
      streaming: false,
      enabled: true,
      redirectHttpToHttps: false,
    });

    const read = await client.getService({ params: { serviceId: created.id } });
    exercised.add('getService');
    expect(read).toEqual(created);
    expect(read.origins?.[0].s3Credential?.accessSecret).toBe('S3SECRET');

    // The plural read path the spec's example uses answers the same.
    const viaAlias = await signedCall(sandbox, { method: 'GET', path: `/cdn/v1.0/services/${created.id}` });
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.json).toEqual(created);

    // A new service starts with the documented default policies.
    const cache = await client.listCacheControlPoliciesV2({ params: { serviceId: created.id } });
    expect(cache.map((p) => p.policyName)).toEqual(['Static assets', 'Default']);
    const redirections = await client.listRedirectionPoliciesV2({ params: { serviceId: created.id } });
    expect(redirections).toHaveLength(1);
    expect(redirections[0].enabled).toBe(false);
  });

  it('lists cache control policies in both shapes from one stored form', async () => {
    const v1 = await client.listCacheControlPolicies({ params: { serviceId: shop() } });
    const v2 = await client.listCacheControlPoliciesV2({ params: { serviceId: shop() } });
    exercised.add('listCacheControlPolicies');
    exercised.add('listCacheControlPoliciesV2');
    expect(v1.map((p) => p.policyId)).toEqual(v2.map((p) => p.policyId));
    const images1 = v1.find((p) => p.policyName === 'Product images')!;
    expect(images1.matchUrlPath).toEqual({ operator: 'prefix', patterns: ['/media/catalog/'] });
    expect(images1.matchQueryString).toEqual({ operator: 'regex', patterns: ['^w=\\d+$'] });
    expect(images1).not.toHaveProperty('matches');
    const images2 = v2.find((p) => p.policyName === 'Product images')!;
    expect(images2.matches).toEqual([
      { field: 'req.path', operator: 'startswith', values: ['/media/catalog/'] },
      { field: 'req.query', operator: 'regex', values: ['^w=\\d+$'] },
    ]);
    // A V2-only rule (user-agent) is listed in v1.0 with what maps (the path suffix).
    const mobile = v1.find((p) => p.policyName === 'Mobile HTML (V2 only)')!;
    expect(mobile.matchUrlPath).toEqual({ operator: 'suffix', patterns: ['.html'] });
    expect(mobile.matchQueryString).toBeUndefined();
  });

  it('updateCacheControlPolicyV2 replaces the policy (200, no body)', async () => {
    const [first] = await client.listCacheControlPoliciesV2({ params: { serviceId: shop() } });
    const result = await client.updateCacheControlPolicyV2({
      params: { serviceId: shop(), policyId: Number(first.policyId) },
      body: {
        policyName: 'Static assets (edited)',
        priority: 31,
        matches: [{ field: 'req.path', operator: 'iendswith', values: ['.css', '.js'] }],
        autoGzipDisable: true,
        ttl: 60,
        varyMIMEs: ['image/webp'],
      },
    });
    exercised.add('updateCacheControlPolicyV2');
    expect(result).toBeUndefined();
    const after = (await client.listCacheControlPoliciesV2({ params: { serviceId: shop() } })).find(
      (p) => p.policyId === first.policyId,
    )!;
    expect(after).toMatchObject({
      policyName: 'Static assets (edited)',
      priority: 31,
      ttl: 60,
      autoGzipDisable: true,
      enableXCache: false,
    });
    expect(after.matches).toEqual([{ field: 'req.path', operator: 'iendswith', values: ['.css', '.js'] }]);
    // iendswith has no v1.0 form: the v1.0 list shows the policy without matchUrlPath.
    const v1 = (await client.listCacheControlPolicies({ params: { serviceId: shop() } })).find(
      (p) => p.policyId === first.policyId,
    )!;
    expect(v1.matchUrlPath).toBeUndefined();
  });

  it('creates, lists and edits access control policies in both versions', async () => {
    const created = await client.createAccessControlPolicy({
      params: { serviceId: shop() },
      body: {
        policyName: 'Block scrapers',
        type: 'deny',
        matchUrlPath: { operator: 'prefix', patterns: ['/search'] },
        matchQueryString: { operator: 'regex', patterns: ['page=\\d{3,}'] },
        geoRestriction: 'US,CN,DE',
      },
    });
    exercised.add('createAccessControlPolicy');
    expect(created.policyId).toBeGreaterThan(0);
    const list = await client.listAccessControlPolicies({ params: { serviceId: shop() } });
    exercised.add('listAccessControlPolicies');
    const listed = list.find((p) => p.policyId === created.policyId)!;
    // Without a priority the policy gets the highest + 1, so priorities stay unique.
    expect(listed.priority).toBe(Math.max(...list.filter((p) => p !== listed).map((p) => Number(p.priority))) + 1);
    expect(listed.geoRestriction).toBe('CN,DE,US');
    expect(listed.matchQueryString).toEqual({ operator: 'regex', patterns: ['page=\\d{3,}'] });

    const edited = await client.updateAccessControlPolicy({
      params: { serviceId: shop(), policyId: Number(created.policyId) },
      body: {
        policyName: 'Block scrapers v2',
        type: 'token',
        matchUrlPath: { operator: 'suffix', patterns: ['.pdf'] },
        tokenSecret: 'a'.repeat(64),
        priority: 99,
      },
    });
    exercised.add('updateAccessControlPolicy');
    expect(edited).toMatchObject({
      policyName: 'Block scrapers v2',
      type: 'token',
      priority: 99,
      tokenSecret: 'a'.repeat(64),
    });
    expect(edited.matchUrlPath).toEqual({ operator: 'suffix', patterns: ['.pdf'] });

    const v2 = await client.updateAccessControlPolicyV2({
      params: { serviceId: shop(), policyId: Number(created.policyId) },
      body: {
        policyName: 'Office only',
        type: 'allow',
        matches: [{ field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] }],
        ipRestriction: '10.0.0.0/255.0.0.0',
      },
    });
    exercised.add('updateAccessControlPolicyV2');
    expect(v2).toMatchObject({ policyName: 'Office only', type: 'allow', priority: 99 });
    expect(v2.matches).toEqual([{ field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] }]);
  });

  it('edits a redirection policy (v1.0) and lists it in V2 shape', async () => {
    const [first] = await client.listRedirectionPoliciesV2({ params: { serviceId: shop() } });
    exercised.add('listRedirectionPoliciesV2');
    const edited = await client.updateRedirectionPolicy({
      params: { serviceId: shop(), policyId: Number(first.policyId) },
      body: {
        policyName: 'Docs moved',
        matchUrlPath: { operator: 'prefix', patterns: ['/docs'] },
        matchQueryString: { operator: 'equals', patterns: ['v=1'] },
        redirectDestination: 'https://docs.example-shop.com/',
        httpCode: 302,
        priority: 7,
      },
    });
    exercised.add('updateRedirectionPolicy');
    expect(edited).toMatchObject({ policyId: first.policyId, httpCode: 302, priority: 7, enabled: true });
    const listed = (await client.listRedirectionPoliciesV2({ params: { serviceId: shop() } })).find(
      (p) => p.policyId === first.policyId,
    )!;
    expect(listed.matches).toEqual([
      { field: 'req.path', operator: 'startswith', values: ['/docs'] },
      { field: 'req.query', operator: 'equals', values: ['v=1'] },
    ]);
  });

  it('setCorsHeaders replaces the whole set (visible in the store)', async () => {
    await client.setCorsHeaders({
      params: { serviceId: shop() },
      body: { accessControlAllowOrigin: '*', accessControlAllowCredentials: true },
    });
    exercised.add('setCorsHeaders');
    expect(sandbox.store.corsOf(shop())).toEqual({
      accessControlAllowOrigin: '*',
      accessControlAllowCredentials: true,
    });
    await client.setCorsHeaders({ params: { serviceId: shop() }, body: { accessControlMaxAge: 0 } });
    expect(sandbox.store.corsOf(shop())).toEqual({ accessControlMaxAge: 0 });
  });

  it('upsertRateLimit creates, updates keeping omitted flags, and deleteRateLimit removes', async () => {
    const id = sandbox.services.find((s) => s.domainName === 'api.example-shop.com')!.id;
    expect(sandbox.store.rateLimitOf(id)).toBeNull();
    await client.upsertRateLimit({
      params: { serviceId: id },
      body: { timeWindow: 10, requestLimit: 50, ignoreUrlPath: true },
    });
    exercised.add('upsertRateLimit');
    expect(sandbox.store.rateLimitOf(id)).toEqual({
      timeWindow: 10,
      requestLimit: 50,
      ignoreUrlPath: true,
      ignoreQueryString: false,
    });
    await client.upsertRateLimit({ params: { serviceId: id }, body: { timeWindow: 20, requestLimit: 5 } });
    expect(sandbox.store.rateLimitOf(id)).toEqual({
      timeWindow: 20,
      requestLimit: 5,
      ignoreUrlPath: true,
      ignoreQueryString: false,
    });
    await client.deleteRateLimit({ params: { serviceId: id } });
    exercised.add('deleteRateLimit');
    expect(sandbox.store.rateLimitOf(id)).toBeNull();
  });

  it('answers the four analytics series with consistent values', async () => {
    const serviceNames = ['www.example-shop.com', 'staging.example-shop.com'];
    const window = { serviceNames, startTime: hourAligned(-3), endTime: hourAligned(-1) };
    const volume = await client.getVolume({ body: window });
    const bandwidth = await client.getBandwidth({ body: window });
    const requests = await client.getRequestNumber({ body: window });
    const origin = await client.getOriginRequestNumber({ body: window });
    exercised.add('getVolume').add('getBandwidth').add('getRequestNumber').add('getOriginRequestNumber');
    expect(volume.map((s) => s.serviceName)).toEqual(serviceNames);
    expect(volume[0].volumes).toHaveLength(24);
    expect(volume[1].volumes).toEqual([]);
    volume[0].volumes.forEach((p, i) => {
      expect(bandwidth[0].bandwidths[i]).toEqual({ timestamp: p.timestamp, value: (p.value * 8) / 300 });
      expect(origin[0].originReqNumbers[i].value).toBeLessThanOrEqual(requests[0].reqNumbers[i].value);
      expect(requests[0].reqNumbers[i].value).toBeGreaterThan(0);
    });
    const days = await client.getVolume({
      body: { serviceNames, startTime: dayAligned(-7), endTime: dayAligned(0), interval: 'day' },
    });
    expect(days[0].volumes).toHaveLength(7);
  });

  it('exercised every operationId', () => {
    expect([...exercised].sort()).toEqual([...operationIds].sort());
  });
});
