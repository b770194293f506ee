import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import type { SandboxHandle } from './index.ts';
import { startSandbox } from './index.ts';
import { clientFor, failure, signedCall } from './test-support/sandbox-clients.ts';

describe('rate limiter', () => {
  it('defaults to 100 per minute and 1000 per hour', () => {
    expect(DEFAULT_RATE_LIMIT).toEqual({ perMinute: 100, perHour: 1000 });
  });

  it('refuses past the minute limit until the next minute, per key', () => {
    const limiter = createRateLimiter({ perMinute: 2, perHour: 100 });
    const t0 = Date.parse('2026-11-20T10:00:10Z');
    expect(limiter.take('A', t0).allowed).toBe(true);
    expect(limiter.take('A', t0 + 1).allowed).toBe(true);
    expect(limiter.take('A', t0 + 2)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.take('B', t0 + 2).allowed).toBe(true);
    expect(limiter.take('A', t0 + 50_000).allowed).toBe(true);
  });

  it('refuses past the hour limit until the next hour', () => {
    const limiter = createRateLimiter({ perMinute: 100, perHour: 3 });
    const t0 = Date.parse('2026-11-20T10:59:00Z');
    for (let i = 0; i < 3; i++) expect(limiter.take('A', t0 + i * 60_000 - 120_000).allowed).toBe(true);
    expect(limiter.take('A', t0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.take('A', t0 + 60_000).allowed).toBe(true);
  });

  it('can be lifted', () => {
    const limiter = createRateLimiter(false);
    for (let i = 0; i < 5000; i++) expect(limiter.take('A', 0).allowed).toBe(true);
  });
});

describe('gateway rate limit over HTTP', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({
      rateLimit: { perMinute: 3, perHour: 1000 },
      keys: [{ accessKeyId: 'OTHERKEY', accessKeySecret: 'other', customerId: 3000 }],
    });
  });
  afterAll(() => sandbox.stop());

  it('answers 429 Request.TooManyRequests with Retry-After once a key is over its limit', async () => {
    const client = clientFor(sandbox);
    const params = { params: { customer_id: sandbox.credentials.customerId } };
    for (let i = 0; i < 3; i++) await client.getCustomer(params);
    const refused = await failure(client.getCustomer(params));
    expect([refused.status, refused.code]).toEqual([429, 'Request.TooManyRequests']);
    expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    const raw = await signedCall(sandbox, { method: 'GET', path: `/v1.1/customer/${sandbox.credentials.customerId}` });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own allowance.
    const other = clientFor(sandbox, { accessKeyId: 'OTHERKEY', accessKeySecret: 'other' });
    await expect(other.getCustomer({ params: { customer_id: 3000 } })).resolves.toMatchObject({ id: 3000 });
    await client.close();
    await other.close();
  });
});
