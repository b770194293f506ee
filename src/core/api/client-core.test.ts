import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRequestBudget } from './budget.ts';
import { createApiClientFor, parseRetryAfter, type ApiLogEntry } from './client-core.ts';
import {
  AbortError,
  ApiClientError,
  ApiError,
  ConnectionError,
  InputValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
  serializeError,
  TimeoutError,
} from './errors.ts';
import { startTestServer, type TestServer } from '../test-support/api-test-server.ts';
import { MAX_RESPONSE_BYTES } from './transport.ts';

const KEY_ID = 'AKTEST0001';
const SECRET = 'test-secret-Zq9xW3vB7nM2kL5p';
const S3_SECRET = 's3-access-secret-HJKL7788';

const table = {
  getThing: {
    operationId: 'getThing',
    method: 'GET',
    path: '/v1/things/{thingId}',
    pathParams: z.object({ thingId: z.number().int().positive() }),
    body: null,
    response: z.looseObject({ id: z.number(), name: z.string() }),
  },
  getByName: {
    operationId: 'getByName',
    method: 'GET',
    path: '/v1/names/{name}',
    pathParams: z.object({ name: z.string().min(1) }),
    body: null,
    response: null,
  },
  createThing: {
    operationId: 'createThing',
    method: 'POST',
    path: '/v1/things',
    pathParams: z.object({}),
    body: z.strictObject({
      name: z.string().min(1),
      size: z.number().int().default(1),
      s3: z.object({ accessSecret: z.string() }).optional(),
    }),
    response: z.looseObject({ id: z.number() }),
  },
  // A read served by POST, as the analytics operations are: marked safe to retry.
  queryThings: {
    operationId: 'queryThings',
    method: 'POST',
    path: '/v1/things/query',
    pathParams: z.object({}),
    body: z.object({ name: z.string() }),
    response: null,
    idempotent: true,
  },
  deleteThing: {
    operationId: 'deleteThing',
    method: 'DELETE',
    path: '/v1/things/{thingId}',
    pathParams: z.object({ thingId: z.number().int().positive() }),
    body: null,
    response: null,
  },
} as const;

let server: TestServer;
const clients: { close(): Promise<void> }[] = [];
let keySeq = 0;

/** A fresh client with its own budget key, tiny retry delays and no budget unless asked. */
function client(overrides: Partial<Parameters<typeof createApiClientFor>[1]> = {}) {
  const c = createApiClientFor(table, {
    baseUrl: server.url,
    keyId: KEY_ID,
    secret: SECRET,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    budget: false,
    // The test server's Date header comes from the system clock too.
    now: Date.now,
    ...overrides,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ [KEY_ID]: SECRET });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.stop();
});
afterEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ status: 200, body: {} }));
});

describe('requests', () => {
  it('GET: method, path, signed headers, lenient response with extra fields kept', async () => {
    server.respond((req) => ({ body: { id: 7, name: 'seven', extra: true, url: req.url } }));
    const c = client();
    const result = await c.getThing({ params: { thingId: 7 } });
    expect(result).toEqual({ id: 7, name: 'seven', extra: true, url: '/v1/things/7' });
    const [req] = server.requests;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/v1/things/7');
    expect(req.signatureValid).toBe(true);
    expect(req.body).toBe('');
    expect(req.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(req.headers['x-sfd-signature-version']).toBe('2');
    expect(req.headers['x-sfd-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req.headers['x-sfd-nonce']).toMatch(/^\d{5,18}$/);
    expect(req.headers.authorization).toMatch(new RegExp(`^HMAC-SHA256 ${KEY_ID}:[0-9a-f]{64}$`));
  });

  it('POST: the body sent is exactly JSON.stringify of the validated body, and it is signed', async () => {
    server.respond(() => ({ body: { id: 1 } }));
    const c = client();
    await c.call('createThing', { body: { name: 'n' } });
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/things');
    expect(req.body).toBe('{"name":"n","size":1}'); // default applied by the schema
    expect(req.signatureValid).toBe(true);
    expect(req.canonical.endsWith(`\n${KEY_ID}\n{"name":"n","size":1}`)).toBe(true);
  });

  it('DELETE without a response body resolves undefined', async () => {
    server.respond(() => ({ status: 200 }));
    await expect(client().deleteThing({ params: { thingId: 3 } })).resolves.toBeUndefined();
    expect(server.requests[0].method).toBe('DELETE');
    expect(server.requests[0].url).toBe('/v1/things/3');
  });

  it('percent-encodes path parameters and keeps a base URL path prefix (signed as sent)', async () => {
    const c = client({ baseUrl: `${server.url}/api/` });
    await c.getByName({ params: { name: 'a b/c?d' } });
    expect(server.requests[0].url).toBe('/api/v1/names/a%20b%2Fc%3Fd');
    expect(server.requests[0].signatureValid).toBe(true);
  });

  it('sends and signs extra X-SFD- headers', async () => {
    const c = client({ sfdHeaders: { 'X-SFD-FZone': '1' } });
    await c.getByName({ params: { name: 'x' } }, { sfdHeaders: { 'X-SFD-Trace-Hint': 'abc' } });
    const [req] = server.requests;
    expect(req.headers['x-sfd-fzone']).toBe('1');
    expect(req.canonical).toContain('\nx-sfd-fzone:1\n');
    expect(req.canonical).toContain('\nx-sfd-trace-hint:abc');
    expect(req.signatureValid).toBe(true);
  });

  it('reuses one keep-alive connection for sequential calls', async () => {
    const before = server.connections();
    const c = client();
    for (let i = 0; i < 8; i++) await c.getByName({ params: { name: `n${i}` } });
    // undici may open a second socket while the first settles; never one per request.
    expect(server.connections() - before).toBeLessThanOrEqual(2);
    expect(server.requests).toHaveLength(8);
  });

  it('rejects invalid input with field messages before sending anything', async () => {
    const c = client();
    const err = await c.call('createThing', { body: { name: '', bogus: 1 } as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputValidationError);
    const fields = (err as InputValidationError).fields;
    expect(Object.keys(fields)).toContain('name');
    expect((err as InputValidationError).code).toBe('Request.InvalidInput');
    const err2 = await c.getThing({ params: { thingId: -1 } }).catch((e: unknown) => e);
    expect((err2 as InputValidationError).fields.thingId).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('an unknown operation id is rejected', async () => {
    await expect((client().call as (id: string) => Promise<unknown>)('nope')).rejects.toMatchObject({
      code: 'Request.UnknownOperation',
    });
  });

  it('request(operationId, input): the string-keyed entry validates like the typed methods', async () => {
    server.respond(() => ({ body: { id: 7, name: 'seven' } }));
    const c = client();
    await expect(c.request('getThing', { params: { thingId: 7 } })).resolves.toMatchObject({ id: 7 });
    expect(server.requests.at(-1)?.url).toBe('/v1/things/7');
    await expect(c.request('getThing', { params: { thingId: 'x' } })).rejects.toMatchObject({
      code: 'Request.InvalidInput',
      fields: { thingId: expect.any(String) },
    });
    await expect(c.request('nope')).rejects.toMatchObject({ code: 'Request.UnknownOperation' });
    expect(server.requests).toHaveLength(1);
  });

  it('a 2xx answer that does not fit the response schema is a ResponseValidationError', async () => {
    server.respond(() => ({ body: { id: 'not a number', name: 'x' } }));
    const err = await client()
      .getThing({ params: { thingId: 1 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect((err as ResponseValidationError).message).toContain('id');
  });
});

describe('errors', () => {
  it('ApiError carries status, code, message, traceId, field and operationId', async () => {
    server.respond(() => ({
      status: 400,
      headers: { 'x-sfd-trace-id': 'trace-abc' },
      body: { code: 'InvalidRateLimit.TimeWindow', message: 'timeWindow must be positive' },
    }));
    const err = await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e).toMatchObject({
      status: 400,
      code: 'InvalidRateLimit.TimeWindow',
      message: 'timeWindow must be positive',
      traceId: 'trace-abc',
      operationId: 'createThing',
      retryable: false,
      field: 'timeWindow',
      fields: { timeWindow: 'timeWindow must be positive' },
    });
    expect(serializeError(e)).toEqual({
      code: 'InvalidRateLimit.TimeWindow',
      message: 'timeWindow must be positive',
      fields: { timeWindow: 'timeWindow must be positive' },
      retryable: false,
      status: 400,
      traceId: 'trace-abc',
    });
  });

  it('maps InvalidService_IdPermission to InvalidService.IdPermission', async () => {
    server.respond(() => ({ status: 400, body: { code: 'InvalidService_IdPermission', message: 'no such service' } }));
    await expect(client().createThing({ body: { name: 'x' } })).rejects.toMatchObject({
      code: 'InvalidService.IdPermission',
      status: 400,
    });
  });

  it('a non-JSON error body still gives a useful ApiError', async () => {
    server.respond(() => ({
      status: 503,
      headers: { 'content-type': 'text/plain' },
      body: 'Service   temporarily down for maintenance',
    }));
    const err = (await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('Http.503');
    expect(err.message).toBe(
      'The API answered HTTP 503 without an error code: Service temporarily down for maintenance',
    );
  });

  it('an HTML error page is named as such (status, title, likely cause), never shown', async () => {
    const page = `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title><style>body{font:14px sans-serif}</style></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.27.3</center>${'<!-- padding -->'.repeat(40)}</body></html>`;
    server.respond(() => ({ status: 502, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page }));
    const err = (await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('Http.502');
    expect(err.status).toBe(502);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe(
      'The gateway answered 502 with an HTML page ("502 Bad Gateway") instead of JSON (a proxy or load balancer error? Try again later).',
    );
    expect(err.message).not.toMatch(/<|nginx|font/);

    // Without a content type and without a title; a 404 page points at the base URL.
    server.respond(() => ({
      status: 404,
      headers: { 'content-type': 'application/octet-stream' },
      body: '  <html><body>Not here</body></html>',
    }));
    const notFound = (await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(notFound.message).toBe(
      "The gateway answered 404 with an HTML page instead of JSON (a proxy, a captive portal or a base URL that is not the API? Check the account's base URL).",
    );

    // A 200 HTML page (a captive portal) is not taken for an answer either.
    server.respond(() => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>Hotel &amp; Wi-Fi\u001b[31m login</title></head></html>',
    }));
    const portal = await client()
      .getThing({ params: { thingId: 1 } })
      .catch((e: unknown) => e);
    expect(portal).toBeInstanceOf(ResponseValidationError);
    expect((portal as Error).message).toBe(
      'The gateway answered 200 with an HTML page ("Hotel & Wi-Fi [31m login") instead of JSON (a proxy, a captive portal or a base URL that is not the API? Check the account\'s base URL).',
    );
  });

  it('a JSON error body without code uses Http.<status>', async () => {
    server.respond(() => ({ status: 418, body: { error: 'teapot' } }));
    const err = (await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('Http.418');
    expect(err.message).toContain('teapot');
  });

  it('connection refused → ConnectionError without status, retried for GET', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const log: ApiLogEntry[] = [];
    const c = client({ baseUrl: `http://127.0.0.1:${port}`, log: (e) => log.push(e) });
    const err = await c.getThing({ params: { thingId: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).not.toHaveProperty('status');
    expect((err as ConnectionError).causeCode).toBe('ECONNREFUSED');
    expect((err as ConnectionError).retryable).toBe(true);
    expect(log.map((l) => l.attempt)).toEqual([1, 2, 3]);
    expect(log[0].code).toBe('Network.ConnectionFailed');
    const log2: ApiLogEntry[] = [];
    const c2 = client({ baseUrl: `http://127.0.0.1:${port}`, log: (e) => log2.push(e) });
    await expect(c2.createThing({ body: { name: 'x' } })).rejects.toBeInstanceOf(ConnectionError);
    expect(log2).toHaveLength(1); // POST never retried
  });

  it('times out per attempt with TimeoutError (no status)', async () => {
    server.respond(() => ({ delayMs: 400, body: {} }));
    const started = Date.now();
    const err = await client({ timeoutMs: 80 })
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).not.toHaveProperty('status');
    expect(Date.now() - started).toBeLessThan(350);
    const err2 = await client()
      .createThing({ body: { name: 'x' } }, { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(err2).toBeInstanceOf(TimeoutError);
  });

  it('aborts in flight and before sending with AbortError', async () => {
    server.respond(() => ({ delayMs: 400, body: {} }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const err = await client()
      .getThing({ params: { thingId: 1 } }, { signal: ac.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortError);
    expect((err as AbortError).code).toBe('Request.Aborted');
    const before = server.requests.length;
    await expect(client().getThing({ params: { thingId: 1 } }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests.length).toBe(before);
  });

  it('a closed client refuses calls', async () => {
    const c = client();
    await c.close();
    await expect(c.getThing({ params: { thingId: 1 } })).rejects.toMatchObject({ code: 'Client.Closed' });
  });

  it('rejects bad configuration', () => {
    expect(() => createApiClientFor(table, { baseUrl: 'ftp://x', keyId: 'k', secret: 's', now: Date.now })).toThrow(
      ApiClientError,
    );
    expect(() => createApiClientFor(table, { baseUrl: 'not a url', keyId: 'k', secret: 's', now: Date.now })).toThrow(
      /valid URL/,
    );
    expect(() => createApiClientFor(table, { baseUrl: server.url, keyId: '', secret: 's', now: Date.now })).toThrow(
      /required/,
    );
  });
});

describe('answer size', () => {
  /** A real server whose answer is one byte over the limit, declared up front or streamed without a length. */
  async function oversizedServer(declareLength: boolean) {
    let requests = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const server = createHttpServer((_req, res) => {
      requests++;
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-sfd-trace-id': 'trace-big',
        ...(declareLength ? { 'content-length': String(MAX_RESPONSE_BYTES + 1) } : {}),
      });
      let left = MAX_RESPONSE_BYTES + 1;
      const pump = (): void => {
        while (left > 0 && !res.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, left));
          left -= part.length;
          if (!res.write(part)) {
            res.once('drain', pump);
            return;
          }
        }
        if (left === 0) res.end();
      };
      pump();
      res.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const stop = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url, requests: () => requests, stop };
  }

  it.each([
    { how: 'declared in Content-Length', declareLength: true },
    { how: 'streamed without a length', declareLength: false },
  ])(
    'an answer over the limit ($how) is Network.ResponseTooLarge with the limit and its status, not retried',
    async ({ declareLength }) => {
      const big = await oversizedServer(declareLength);
      try {
        const log: ApiLogEntry[] = [];
        const err = await client({ baseUrl: big.url, log: (e) => log.push(e) })
          .getThing({ params: { thingId: 1 } })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ResponseTooLargeError);
        expect(err).not.toBeInstanceOf(ConnectionError);
        expect(MAX_RESPONSE_BYTES).toBe(32 * 1024 * 1024);
        expect(serializeError(err)).toEqual({
          code: 'Network.ResponseTooLarge',
          status: 200,
          traceId: 'trace-big',
          retryable: false,
          message: expect.stringMatching(
            /^The API's answer was larger than 32 MiB, the most this app reads from one answer, so it was not used\. Ask for less at once/,
          ),
        });
        expect(big.requests()).toBe(1);
        expect(log).toEqual([expect.objectContaining({ status: 200, code: 'Network.ResponseTooLarge', attempt: 1 })]);
      } finally {
        await big.stop();
      }
    },
  );
});

describe('retry', () => {
  it('retries a GET on 503 and 429, each attempt signed afresh with a new nonce', async () => {
    const answers = [
      { status: 503, body: { code: 'Server.Unavailable', message: 'down' } },
      { status: 429, headers: { 'retry-after': '0' }, body: { code: 'Request.TooManyRequests', message: 'slow' } },
      { status: 200, body: { id: 1, name: 'ok' } },
    ];
    server.respond(() => answers.shift() ?? { status: 500 });
    const result = await client().getThing({ params: { thingId: 1 } });
    expect(result).toMatchObject({ name: 'ok' });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.signatureValid)).toBe(true);
    const nonces = new Set(server.requests.map((r) => r.headers['x-sfd-nonce']));
    expect(nonces.size).toBe(3);
    expect(new Set(server.requests.map((r) => r.headers.authorization)).size).toBe(3);
  });

  it('honours Retry-After in seconds', async () => {
    const answers = [
      { status: 429, headers: { 'retry-after': '1' }, body: { code: 'Request.TooManyRequests', message: 'slow' } },
      { status: 200, body: { id: 1, name: 'ok' } },
    ];
    server.respond(() => answers.shift() ?? { status: 500 });
    await client().getThing({ params: { thingId: 1 } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it('caps Retry-After at maxRetryAfterMs', async () => {
    const answers = [
      { status: 503, headers: { 'retry-after': '3600' }, body: { code: 'Server.Unavailable', message: 'x' } },
      { status: 200, body: { id: 1, name: 'ok' } },
    ];
    server.respond(() => answers.shift() ?? { status: 500 });
    const started = Date.now();
    await client({ retry: { maxRetryAfterMs: 30 } }).getThing({ params: { thingId: 1 } });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('retries a POST read marked idempotent (the analytics reads)', async () => {
    server.respond(() => ({ status: 503, body: { code: 'Server.Unavailable', message: 'down' } }));
    await expect(
      client({ retry: { maxAttempts: 3, baseDelayMs: 1 } }).queryThings({ body: { name: 'x' } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.signatureValid)).toBe(true);
  });

  it('never retries a POST', async () => {
    server.respond(() => ({ status: 503, body: { code: 'Server.Unavailable', message: 'down' } }));
    const err = (await client()
      .createThing({ body: { name: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(err.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxAttempts and does not retry 4xx', async () => {
    server.respond(() => ({ status: 500, body: { code: 'Server.InternalError', message: 'boom' } }));
    await expect(
      client({ retry: { maxAttempts: 2, baseDelayMs: 1 } }).getThing({ params: { thingId: 1 } }),
    ).rejects.toMatchObject({ status: 500 });
    expect(server.requests).toHaveLength(2);
    server.requests.length = 0;
    server.respond(() => ({ status: 400, body: { code: 'InvalidService.IdIncorrect', message: 'bad id' } }));
    await expect(client().deleteThing({ params: { thingId: 1 } })).rejects.toMatchObject({
      code: 'InvalidService.IdIncorrect',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('abort during the backoff wait stops retrying', async () => {
    server.respond(() => ({
      status: 503,
      headers: { 'retry-after': '5' },
      body: { code: 'Server.Unavailable', message: 'x' },
    }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await expect(client().getThing({ params: { thingId: 1 } }, { signal: ac.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('parseRetryAfter reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('budget', () => {
  it('queues requests over budget instead of sending them; two clients of one key share it', async () => {
    const keyId = `${KEY_ID}`;
    const windows = [{ limit: 3, windowMs: 400 }];
    // Same base URL + key id → the registry hands both clients the same budget.
    const registryKey = `budget-share-${keySeq++}`;
    const a = client({ keyId, budget: { windows }, baseUrl: `${server.url}/${registryKey}` });
    const b = client({ keyId, budget: { windows }, baseUrl: `${server.url}/${registryKey}` });
    expect(a.budget).not.toBeNull();
    expect(a.budget).toBe(b.budget);
    const started = Date.now();
    await Promise.all([
      a.getByName({ params: { name: '1' } }),
      b.getByName({ params: { name: '2' } }),
      a.getByName({ params: { name: '3' } }),
      b.getByName({ params: { name: '4' } }),
      a.getByName({ params: { name: '5' } }),
    ]);
    const times = server.requests.map((r) => r.at - started).sort((x, y) => x - y);
    expect(times).toHaveLength(5);
    expect(times[2]).toBeLessThan(300);
    expect(times[3]).toBeGreaterThanOrEqual(380);
    expect(times[4]).toBeGreaterThanOrEqual(380);
  });

  it('a queued request can be aborted and is never sent', async () => {
    const budget = createRequestBudget({ windows: [{ limit: 1, windowMs: 5000 }] });
    const c = client({ budget });
    await c.getByName({ params: { name: 'first' } });
    const ac = new AbortController();
    const pending = c.getByName({ params: { name: 'queued' } }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 30));
    expect(budget.queued).toBe(1);
    ac.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(budget.queued).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/names/first']);
  });
});

describe('clock', () => {
  it('estimates the offset from Date, reports skew over 5 minutes and signs with corrected time', async () => {
    const skewMs = -2 * 3600_000; // server is two hours behind the workstation
    server.respond(() => ({
      headers: { date: new Date(Date.now() + skewMs).toUTCString() },
      body: { id: 1, name: 'x' },
    }));
    const skews: number[] = [];
    const c = client({ onClockSkew: (o) => skews.push(o) });
    await c.getThing({ params: { thingId: 1 } });
    expect(Math.abs(c.clockOffsetMs() - skewMs)).toBeLessThan(2000);
    expect(skews).toHaveLength(1);
    expect(Math.abs(skews[0] - skewMs)).toBeLessThan(2000);
    await c.getThing({ params: { thingId: 1 } });
    expect(skews).toHaveLength(1); // unchanged estimate: no repeated warning
    const sfdDate = String(server.requests[1].headers['x-sfd-date']);
    const signedAt = Date.parse(
      sfdDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(Math.abs(signedAt - (Date.now() + skewMs))).toBeLessThan(3000);
  });

  it('a skewed workstation clock rejected with Auth.DateExpired is corrected and re-signed once (even POST)', async () => {
    server.respond((req) => {
      const d = String(req.headers['x-sfd-date']);
      const t = Date.parse(d.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      return Math.abs(t - Date.now()) >= 3600_000
        ? { status: 401, body: { code: 'Auth.DateExpired', message: 'date expired' } }
        : { body: { id: 5 } };
    });
    const c = client({ now: () => Date.now() + 3 * 3600_000 });
    await expect(c.createThing({ body: { name: 'x' } })).resolves.toEqual({ id: 5 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0].headers['x-sfd-nonce']).not.toBe(server.requests[1].headers['x-sfd-nonce']);
    expect(Math.abs(c.clockOffsetMs() + 3 * 3600_000)).toBeLessThan(2000);
  });
});

describe('secrets', () => {
  it('never appear in error messages, serialized errors or log entries', async () => {
    server.respond((req) => ({
      status: 401,
      body: {
        code: 'Signature.NotMatch',
        message: `bad ${String(req.headers.authorization)} secret=${SECRET} body=${req.body}`,
      },
    }));
    const log: ApiLogEntry[] = [];
    const c = client({ log: (e) => log.push(e) });
    const err = await c.createThing({ body: { name: 'x', s3: { accessSecret: S3_SECRET } } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const dumps = [
      (err as Error).message,
      JSON.stringify(err),
      JSON.stringify(serializeError(err)),
      String((err as Error).stack),
      JSON.stringify(log),
    ];
    const authValue = String(server.requests[0].headers.authorization);
    for (const dump of dumps) {
      expect(dump).not.toContain(SECRET);
      expect(dump).not.toContain(S3_SECRET);
      expect(dump).not.toContain(authValue.split(':')[1]);
    }
    expect((err as Error).message).toContain('[REDACTED]');
    expect(log).toHaveLength(1);
    expect(Object.keys(log[0]).sort()).toEqual([
      'attempt',
      'code',
      'durationMs',
      'method',
      'operationId',
      'path',
      'status',
      'traceId',
    ]);
    // The error object keeps no request body or headers.
    expect(JSON.stringify(err)).not.toContain('accessSecret');
  });
});
