// The client against the real sandbox gateway: its own signature check, clock and rate limit.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';
import { ApiError } from './errors.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function sandbox(options: Parameters<typeof startSandbox>[0] = {}): Promise<SandboxHandle> {
  const s = await startSandbox({ rateLimit: false, ...options });
  open.push({ close: () => s.stop() });
  return s;
}

function clientOf(s: SandboxHandle, extra: Partial<ApiClientOptions> = {}): ApiClient {
  const c = createApiClient({
    baseUrl: s.url,
    keyId: s.credentials.accessKeyId,
    secret: s.credentials.accessKeySecret,
    budget: false,
    retry: { baseDelayMs: 1 },
    // The sandbox started here keeps the system clock; a test moves one side to make a skew.
    now: Date.now,
    ...extra,
  });
  open.push(c);
  return c;
}

describe('client × sandbox gateway', () => {
  it('the gateway accepts the signatures of reads and writes', async () => {
    const s = await sandbox();
    const c = clientOf(s);
    const customer = await c.getCustomer({ params: { customer_id: s.credentials.customerId } });
    expect(customer.id).toBe(s.credentials.customerId);
    const serviceId = s.services[0].id;
    await expect(c.getService({ params: { serviceId } })).resolves.toMatchObject({ id: serviceId });
    await c.upsertRateLimit({ params: { serviceId }, body: { timeWindow: 60, requestLimit: 10 } });
    await expect(c.deleteRateLimit({ params: { serviceId } })).resolves.toBeUndefined();
  });

  it('a wrong secret is answered 401 Signature.NotMatch with a trace id, not retried', async () => {
    const s = await sandbox();
    const c = clientOf(s, { secret: 'definitely-the-wrong-secret' });
    const err = (await c.getService({ params: { serviceId: s.services[0].id } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'Signature.NotMatch', retryable: false });
    expect(err.traceId).toBeTruthy();
    expect(JSON.stringify(err)).not.toContain('definitely-the-wrong-secret');
  });

  it('a workstation clock two hours off is detected, reported and corrected', async () => {
    const s = await sandbox();
    const skews: number[] = [];
    const c = clientOf(s, { now: () => Date.now() + 2 * 3600_000, onClockSkew: (o) => skews.push(o) });
    await expect(c.getService({ params: { serviceId: s.services[0].id } })).resolves.toBeTruthy();
    expect(Math.abs(c.clockOffsetMs() + 2 * 3600_000)).toBeLessThan(2000);
    expect(skews).toHaveLength(1);
  });

  it('the gateway rate limit surfaces as 429 Request.TooManyRequests with Retry-After', async () => {
    const s = await sandbox({ rateLimit: { perMinute: 2, perHour: 100 } });
    const c = clientOf(s, { retry: { maxAttempts: 2, maxRetryAfterMs: 5 } });
    const serviceId = s.services[0].id;
    await c.getService({ params: { serviceId } });
    await c.getService({ params: { serviceId } });
    const err = (await c.getService({ params: { serviceId } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 429, code: 'Request.TooManyRequests', retryable: true });
    expect(err.retryAfterMs).toBeGreaterThan(0);
  });

  it('the client budget queues instead of running into the gateway limit', async () => {
    const s = await sandbox({ rateLimit: { perMinute: 3, perHour: 100 } });
    const c = clientOf(s, { budget: { windows: [{ limit: 3, windowMs: 60_000 }] } });
    const serviceId = s.services[0].id;
    await Promise.all([1, 2, 3].map(() => c.getService({ params: { serviceId } })));
    const ac = new AbortController();
    const fourth = c.getService({ params: { serviceId } }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 50));
    expect(c.budget?.queued).toBe(1); // waiting for a slot, not sent and refused
    ac.abort();
    await expect(fourth).rejects.toMatchObject({ code: 'Request.Aborted' });
  });
});
