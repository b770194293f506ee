// The client bound to THE operation table, against a real HTTP server that verifies signatures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operationIds, operations } from '#shared/api/operations.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { ApiError, InputValidationError } from './errors.ts';
import { startTestServer, type TestServer } from '../test-support/api-test-server.ts';

const KEY_ID = 'AKREALTABLE1';
const SECRET = 'real-table-secret-0123456789';

let server: TestServer;
let client: ApiClient;

const service = { id: 12, domainName: 'www.example.com', cName: 'www.example.com.edge.example', unknownExtra: 1 };

beforeAll(async () => {
  server = await startTestServer({ [KEY_ID]: SECRET }, (req) => {
    if (req.url.startsWith('/v1.1/customer/')) return { body: { id: 1024, name: 'Acme', ingestDomain: null } };
    if (req.method === 'GET' && /\/(cacheControl|accessControl|redirections)$/.test(req.url)) return { body: [] };
    if (req.url.startsWith('/cdn/v1.0/service'))
      return req.method === 'DELETE' || req.url.endsWith('rateLimit') || req.url.endsWith('corsHeaders')
        ? { status: 200 }
        : { body: service };
    if (req.url.startsWith('/cdn/v1.0/analytics/'))
      return { body: [{ serviceName: 'www.example.com', reqNumbers: [] }] };
    return { status: 404, body: { code: 'Request.NotFound', message: 'no route' } };
  });
  client = createApiClient({
    baseUrl: server.url,
    keyId: KEY_ID,
    secret: SECRET,
    budget: false,
    retry: { baseDelayMs: 1 },
    now: Date.now,
  });
});
afterAll(async () => {
  await client.close();
  await server.stop();
});
afterEach(() => {
  server.requests.length = 0;
});

describe('createApiClient over the operation table', () => {
  it('refuses plain http:// to another computer (secrets travel in bodies), allows it for this one', () => {
    expect(() =>
      createApiClient({
        baseUrl: 'http://api.example.net',
        keyId: KEY_ID,
        secret: SECRET,
        budget: false,
        now: Date.now,
      }),
    ).toThrow(
      expect.objectContaining({ code: 'Config.InsecureBaseUrl', message: expect.stringMatching(/^Use https:\/\//) }),
    );
    expect(client.baseUrl.startsWith('http://127.0.0.1')).toBe(true);
  });

  it('has one method per operationId', () => {
    for (const id of operationIds) expect(typeof client[id]).toBe('function');
  });

  it('every parameter-only operation uses the table method and path, signed', async () => {
    const cases = [
      ['getCustomer', { customer_id: 1024 }],
      ['getService', { serviceId: 12 }],
      ['listCacheControlPolicies', { serviceId: 12 }],
      ['listCacheControlPoliciesV2', { serviceId: 12 }],
      ['listAccessControlPolicies', { serviceId: 12 }],
      ['listRedirectionPoliciesV2', { serviceId: 12 }],
      ['deleteRateLimit', { serviceId: 12 }],
    ] as const;
    for (const [id, params] of cases) {
      await client.call(id, { params } as never);
      const req = server.requests.at(-1);
      const op = operations[id];
      const expectedPath = op.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
        String((params as Record<string, number>)[n]),
      );
      expect({ id, method: req?.method, url: req?.url, valid: req?.signatureValid }).toEqual({
        id,
        method: op.method,
        url: expectedPath,
        valid: true,
      });
    }
  });

  it('typed methods parse lenient responses', async () => {
    const customer = await client.getCustomer({ params: { customer_id: 1024 } });
    expect(customer).toMatchObject({ id: 1024, name: 'Acme', ingestDomain: null });
    const svc = await client.getService({ params: { serviceId: 12 } });
    expect(svc).toMatchObject({ id: 12, cName: 'www.example.com.edge.example', unknownExtra: 1 });
    await expect(client.deleteRateLimit({ params: { serviceId: 12 } })).resolves.toBeUndefined();
  });

  it('body operations send the validated body with defaults as signed JSON', async () => {
    await client.createService({
      body: {
        domainName: 'www.example.com',
        origins: [{ originUrl: 'https://origin.example.com' }],
        defaultHostHeader: 'originHost',
      },
    });
    const req = server.requests[0];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/cdn/v1.0/service');
    expect(req.signatureValid).toBe(true);
    const sent = JSON.parse(req.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ domainName: 'www.example.com', http2: true, enabled: true });
    await client.upsertRateLimit({ params: { serviceId: 12 }, body: { timeWindow: 60, requestLimit: 100 } });
    expect(server.requests[1]).toMatchObject({
      method: 'POST',
      url: '/cdn/v1.0/services/12/rateLimit',
      body: '{"timeWindow":60,"requestLimit":100}',
    });
    const series = await client.getRequestNumber({
      body: { serviceNames: ['www.example.com'], startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-22T06:00:00Z' },
    });
    expect(series[0].serviceName).toBe('www.example.com');
  });

  it('rejects invalid input with the schema messages and sends nothing', async () => {
    const err = await client
      .createService({ body: { domainName: 'not a domain', origins: [], defaultHostHeader: 'bogus' as never } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputValidationError);
    const fields = (err as InputValidationError).fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['domainName', 'origins', 'defaultHostHeader']));
    const err2 = await client.getService({ params: { serviceId: 0 } }).catch((e: unknown) => e);
    expect(Object.keys((err2 as InputValidationError).fields)).toEqual(['serviceId']);
    const err3 = await client
      .upsertRateLimit({ params: { serviceId: 1 }, body: { timeWindow: -5, requestLimit: 1 } })
      .catch((e: unknown) => e);
    expect(Object.keys((err3 as InputValidationError).fields)).toEqual(['timeWindow']);
    expect(server.requests).toHaveLength(0);
  });

  it('maps the error table field onto ApiError', async () => {
    server.respond(() => ({ status: 409, body: { code: 'InvalidService.DomainName', message: 'exists' } }));
    const err = (await client
      .createService({
        body: {
          domainName: 'www.example.com',
          origins: [{ originUrl: 'origin.example.com' }],
          defaultHostHeader: 'preserve',
        },
      })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      code: 'InvalidService.DomainName',
      field: 'domainName',
      retryable: false,
      operationId: 'createService',
    });
    expect(err.traceId).toMatch(/^trace-/);
  });
});
