import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, InputValidationError } from './errors.ts';
import { createRetryPolicy, isIdempotentMethod } from './retry-policy.ts';

const serverError = (status: number, retryAfterMs?: number) =>
  new ApiError({ status, code: 'Server.Unavailable', message: 'down', operationId: 'getThing', retryAfterMs });

describe('retry policy', () => {
  it('backs off exponentially with full jitter, capped', () => {
    const policy = createRetryPolicy({ maxAttempts: 10, baseDelayMs: 100, maxDelayMs: 500, jitter: () => 0.5 });
    expect([1, 2, 3, 4].map((attempt) => policy.delayBefore(serverError(503), attempt, true))).toEqual([
      50, 100, 200, 250,
    ]);
    expect(createRetryPolicy({ jitter: () => 0 }).delayBefore(serverError(503), 1, true)).toBe(0);
  });

  it('honours Retry-After up to its cap', () => {
    const policy = createRetryPolicy({ maxRetryAfterMs: 2_000, jitter: () => 0.5 });
    expect(policy.delayBefore(serverError(429, 1_500), 1, true)).toBe(1_500);
    expect(policy.delayBefore(serverError(429, 90_000), 1, true)).toBe(2_000);
  });

  it('gives up after maxAttempts, for operations not safe to repeat, and for other errors', () => {
    const policy = createRetryPolicy({ maxAttempts: 2, jitter: () => 1 });
    expect(policy.delayBefore(new ConnectionError('refused', 'getThing', 'ECONNREFUSED'), 1, true)).not.toBeNull();
    expect(policy.delayBefore(serverError(503), 2, true)).toBeNull();
    expect(policy.delayBefore(serverError(503), 1, false)).toBeNull();
    expect(policy.delayBefore(serverError(400), 1, true)).toBeNull();
    expect(policy.delayBefore(new InputValidationError({ a: 'bad' }, 'getThing'), 1, true)).toBeNull();
  });

  it('does not retry a connection failure while the gateway is known to be down (5xx still are)', () => {
    const policy = createRetryPolicy({ jitter: () => 1 });
    const refused = new ConnectionError('refused', 'getThing', 'ECONNREFUSED');
    expect(policy.delayBefore(refused, 1, true, false)).toBe(250);
    expect(policy.delayBefore(refused, 1, true, true)).toBeNull();
    expect(policy.delayBefore(serverError(503), 1, true, true)).toBe(250);
  });

  it('treats GET, PUT and DELETE as safe to repeat by default', () => {
    expect(['GET', 'put', 'DELETE', 'POST', 'PATCH'].map(isIdempotentMethod)).toEqual([true, true, true, false, false]);
  });
});
